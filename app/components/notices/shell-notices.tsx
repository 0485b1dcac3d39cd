import { useRevalidator } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { closeModal, showModal } from '~/components/modal-queue';
import { toaster } from '~/services/toasts';
import { useRealtimeEvents } from '~/hooks/use-maintenance';
import {
  isDismissed,
  NOTICE_TIMING,
  noticeRoute,
  noticeToast,
  noticeVersion,
  showsToast,
  ShownNotices,
  type DismissalRecord,
  type Notice,
} from '~/services/notices';
import { AnnouncementBanner } from './announcement-banner';
import { MaintenanceLayer } from './maintenance-layer';
import { AnnouncementDialog, UpdateLogDialog } from './notice-dialogs';
import { dismissNotice, useDismissals } from './use-dismissals';

let shown: ShownNotices | null = null;
function shownNotices(): ShownNotices {
  if (!shown) {
    let storage: Storage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      // Blocked storage: remembered for this page only.
    }
    shown = new ShownNotices(storage);
  }
  return shown;
}

/** Marks a notice shown once its modal is on screen. */
function MarkShown({ notice, children }: { notice: Notice; children: ReactNode }) {
  useEffect(() => shownNotices().mark(notice), [notice]);
  return children;
}

/** Update-log modals waiting out their 500 ms, so a revalidation meanwhile does not queue a second. */
const pendingUpdateLogs = new Set<string>();
/** The versions of the notices now active, and the modal and toast keys queued for each. */
let liveVersions = new Set<string>();
const queuedKeys = new Map<string, string>();

/**
 * A notice withdrawn (ended, deleted, or edited into a new version) takes its waiting or open
 * modal and its toast with it: the list a push revalidated no longer has it.
 */
function withdrawGone(notices: Notice[]) {
  liveVersions = new Set(notices.map(noticeVersion));
  for (const [key, version] of queuedKeys) {
    if (liveVersions.has(version)) continue;
    closeModal(key);
    toaster.dismiss(key);
    queuedKeys.delete(key);
  }
}

function toastFor(notice: Notice, version: string) {
  const { type, duration } = noticeToast(notice);
  const description = notice.content.length > 200 ? `${notice.content.slice(0, 200)}…` : notice.content;
  queuedKeys.set(`notice:${version}`, version);
  toaster.create({ id: `notice:${version}`, type, title: notice.title, description: description || undefined, duration, closable: true });
}

/**
 * The announcement queue (spec §4): each active notice, once per session and version, goes to the
 * announcement modal, a toast, or (an UPDATE with a published update log) the update-log modal
 * after 500 ms, through the one modal queue. An urgent non-announcement item shows its toast too
 * (an error's never closes by itself). A notice counts as shown when its modal has opened (a
 * reload before that shows it again) or its toast was made. Closing an urgent notice's modal
 * dismisses it for the user on the server: no other tab opens it again until it is edited.
 */
function useNoticeQueue(notices: Notice[], dismissals: DismissalRecord[]) {
  useEffect(() => {
    withdrawGone(notices);
    const memory = shownNotices();
    for (const notice of notices) {
      if (memory.has(notice) || isDismissed(dismissals, notice, 'modal')) continue;
      const version = noticeVersion(notice);
      const route = noticeRoute(notice);
      if (route === 'maintenance') continue;
      if (route === 'toast') {
        toastFor(notice, version);
        memory.mark(notice);
      } else if (route === 'modal') {
        if (showsToast(notice) && !toaster.isVisible(`notice:${version}`)) toastFor(notice, version);
        queuedKeys.set(`notice:${version}`, version);
        showModal(`notice:${version}`, (dialog) => (
          <MarkShown notice={notice}>
            <AnnouncementDialog
              {...dialog}
              onOpenChange={(details) => {
                if (!details.open) dismissNotice(notice, 'modal');
                dialog.onOpenChange(details);
              }}
              notice={notice}
            />
          </MarkShown>
        ));
      } else if (notice.updateLog && !pendingUpdateLogs.has(version)) {
        const log = notice.updateLog;
        pendingUpdateLogs.add(version);
        setTimeout(() => {
          pendingUpdateLogs.delete(version);
          if (memory.has(notice) || !liveVersions.has(version)) return;
          queuedKeys.set(`update-log:${version}`, version);
          showModal(`update-log:${version}`, (dialog) => (
            <MarkShown notice={notice}>
              <UpdateLogDialog {...dialog} log={log} />
            </MarkShown>
          ));
        }, NOTICE_TIMING.updateLogDelayMs);
      }
    }
  }, [notices, dismissals]);
}

/** Spec §4: active announcements are cached 5 min; past that the page asks again (pushes ask at once). */
function useNoticeRefresh(notices: Notice[]) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setTimeout(revalidate, NOTICE_TIMING.cacheMs);
    return () => clearTimeout(timer);
  }, [notices, revalidate]);
}

/**
 * Everything the dashboard shell shows of notices and maintenance, under the header: the socket
 * (revalidating on each event), the maintenance banner, modal and redirect, the announcement
 * banner and the announcement queue.
 */
export function ShellNotices({ notices, dismissals, isAdmin }: { notices: Notice[]; dismissals: DismissalRecord[]; isAdmin: boolean }) {
  useRealtimeEvents({ signedIn: true });
  const dismissed = useDismissals(dismissals);
  useNoticeQueue(notices, dismissed);
  useNoticeRefresh(notices);
  return (
    <>
      <MaintenanceLayer notices={notices} isAdmin={isAdmin} />
      <AnnouncementBanner notices={notices} dismissals={dismissed} />
    </>
  );
}
