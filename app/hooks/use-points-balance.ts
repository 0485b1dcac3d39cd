import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { pointsToCents } from '../../contracts/constants';
import { createPointsRefresher } from '~/services/points-refresh';

/** Spec §4/§9: a change of the balance shows its +/- difference for 3 s. */
export const POINTS_DELTA_MS = 3000;

/**
 * One refresher per tab. A refetch revalidates the page's loaders, so the shell's user (and every
 * balance shown from it) updates together; the header animates the difference.
 *
 * Issue 9 (realtime): the socket client calls `refreshPoints(event.id)` for finished-AI-action and
 * recharge-success events; the 2 s debounce and the 1 h memory of event ids are in the refresher.
 * Changes made through this web app's own forms need no call: Remix revalidates the shell's loader
 * after every action (a redemption, for one).
 */
const refresher = createPointsRefresher();
export const refreshPoints = (eventId?: string) => refresher.request(eventId);

/**
 * For the header's balance: registers the page's revalidation as what a refetch does, and returns
 * the difference to show (in points, signed) for 3 s after the balance changes, or null.
 */
export function usePointsBalance(balance: number): { delta: number | null; key: number } {
  const { revalidate } = useRevalidator();
  useEffect(() => refresher.setTarget(revalidate), [revalidate]);

  const previous = useRef(balance);
  const [delta, setDelta] = useState<{ points: number; key: number }>({ points: 0, key: 0 });
  useEffect(() => {
    const cents = pointsToCents(balance) - pointsToCents(previous.current);
    previous.current = balance;
    if (cents === 0) return;
    setDelta((d) => ({ points: cents / 100, key: d.key + 1 }));
  }, [balance]);
  // Each new difference shows for the full 3 s; a later one replaces it and restarts the clock.
  useEffect(() => {
    if (!delta.key) return;
    const timer = setTimeout(() => setDelta((d) => ({ ...d, points: 0 })), POINTS_DELTA_MS);
    return () => clearTimeout(timer);
  }, [delta.key]);
  return { delta: delta.points === 0 ? null : delta.points, key: delta.key };
}
