import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { refreshPoints } from '~/hooks/use-points-balance';
import { useRealtimeConnection } from '~/hooks/use-realtime';
import { currentNotice, maintenancePhase, MaintenanceMonitor, type MaintenanceFetch, type MaintenanceNotice } from '~/services/maintenance';
import { createPushSpreader, realtimeActions } from '~/services/realtime-events';
import { notifyInfo } from '~/services/toasts';

/**
 * The tab's maintenance status (spec §4), client-only: one MaintenanceMonitor, seeded with what the
 * page's loader rendered, polling GET /resources/maintenance-status while a page that shows
 * maintenance is mounted (the dashboard shell, /maintenance), refetching at once on a push.
 */

const fetchStatus: MaintenanceFetch = async ({ fresh }) => {
  try {
    const response = await fetch(`/resources/maintenance-status${fresh ? '?fresh=1' : ''}`, { headers: { Accept: 'application/json' } });
    if (response.status === 404) return { status: 'not-found' };
    if (!response.ok) return { status: 'error' };
    const body = (await response.json()) as { notices?: MaintenanceNotice[] };
    return Array.isArray(body.notices) ? { status: 'ok', notices: body.notices } : { status: 'error' };
  } catch {
    return { status: 'error' };
  }
};

let monitor: MaintenanceMonitor | null = null;
let holders = 0;
export function maintenanceMonitor(): MaintenanceMonitor {
  monitor ??= new MaintenanceMonitor(fetchStatus);
  return monitor;
}

const maintenanceOnly = <N extends { type: string }>(notices: N[]) => notices.filter((n) => n.type === 'MAINTENANCE');

/** The current time, ticking every second while `active` (countdowns, phase changes). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}

/**
 * The maintenance notices known now (the loader's `notices`, of any type, stable per loader
 * answer; then the monitor's), the current one and its phase, re-evaluated every second.
 */
export function useMaintenanceStatus(loaderNotices: Array<MaintenanceNotice & { type: string }>) {
  const [notices, setNotices] = useState<MaintenanceNotice[]>(() => maintenanceOnly(loaderNotices));
  useEffect(() => {
    const status = maintenanceMonitor();
    const unsubscribe = status.subscribe(setNotices);
    if (holders++ === 0) status.start();
    return () => {
      unsubscribe();
      if (--holders === 0) status.stop();
    };
  }, []);
  // Each loader answer (a page load, a revalidation after a push) is the freshest status.
  useEffect(() => maintenanceMonitor().seed(maintenanceOnly(loaderNotices)), [loaderNotices]);
  const now = useNow(notices.length > 0);
  const notice = currentNotice(notices, now);
  return { notices, notice, phase: maintenancePhase(notice, now), now };
}

/**
 * The tab's socket for a page: every notice leads to a revalidation of the page's loaders (never a
 * hand-made patch), maintenance pushes and reconnects to a maintenance check, paid orders and
 * other balance events to refreshPoints(). Work after a push or a reconnect waits 1–4 s
 * (createPushSpreader) so every open tab does not ask at the same instant.
 */
export function useRealtimeEvents(options: { signedIn: boolean }) {
  const { revalidate } = useRevalidator();
  const latestRevalidate = useRef(revalidate);
  useEffect(() => {
    latestRevalidate.current = revalidate;
  });
  const spread = useRef<Record<'revalidate' | 'maintenance', ReturnType<typeof createPushSpreader>> | null>(null);
  useEffect(() => {
    const spreaders = {
      revalidate: createPushSpreader(() => latestRevalidate.current()),
      maintenance: createPushSpreader(() => void maintenanceMonitor().pushed()),
    };
    spread.current = spreaders;
    return () => {
      spreaders.revalidate.cancel();
      spreaders.maintenance.cancel();
      spread.current = null;
    };
  }, []);
  useRealtimeConnection({
    signedIn: options.signedIn,
    onNotice: (notice) => {
      const actions = realtimeActions(notice);
      if (actions.maintenance === 'push') spread.current?.maintenance.push();
      // The monitor waits 5 s after reconnects itself (spec §9).
      if (actions.maintenance === 'reconnect') maintenanceMonitor().reconnected();
      if (actions.points) refreshPoints(actions.points.eventId);
      if (actions.revalidate) spread.current?.revalidate.push();
      if (actions.invitation) {
        const { orgName, invitedBy } = actions.invitation;
        notifyInfo(`${invitedBy ?? '有人'}邀请你加入「${orgName}」`, '在「机构与成员」页面接受邀请');
      }
    },
  });
}
