import { useMemo, useSyncExternalStore } from 'react';
import type { DismissalSurface } from '../../../contracts/constants';
import { resourceFetch } from '~/services/browser/resource-fetch.client';
import { mergeDismissals, withDismissal, type DismissalRecord, type Notice } from '~/services/notices';

/**
 * The user's dismissals of notices (spec §3 dismissal record), one store per tab: the shell loader
 * brings the server's records with each page, a dismissal here is added at once and sent to the
 * server (POST /system/notifications/{id}/dismiss), so the banner and the announcement queue of
 * every other tab, and of the next page, leave it closed (issue 28).
 */
// Dismissed in this tab: merged with every later page's records (one may have loaded before the POST landed).
let local: DismissalRecord[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/** Closes a notice's modal or banner for good (until it is edited). A failed POST keeps it closed in this tab only. */
export function dismissNotice(notice: Pick<Notice, 'id' | 'updated_at'>, surface: DismissalSurface) {
  local = withDismissal(local, notice, surface);
  emit();
  void resourceFetch(`system/notifications/${encodeURIComponent(notice.id)}/dismiss`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ surface, announcementUpdatedAt: notice.updated_at }),
  }).catch(() => {
    // Spec §8: a notice's bookkeeping never interrupts the user; the transport logged the failure.
  });
}

/** The records for rendering: the loader's (`server`) merged with this tab's own. */
export function useDismissals(server: DismissalRecord[]): DismissalRecord[] {
  const mine = useSyncExternalStore(
    subscribe,
    () => local,
    () => NONE,
  );
  return useMemo(() => mergeDismissals(server, mine), [server, mine]);
}
const NONE: DismissalRecord[] = [];
