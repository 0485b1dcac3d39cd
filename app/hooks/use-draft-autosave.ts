import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Layout effects only in the browser: the server render has nothing to measure or save. */
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** What the page shows beside its save button: 'idle' before anything was written. */
export type DraftStatus = 'idle' | 'pending' | 'saved' | 'failed';
/** A save: 'skipped' when there is nothing to save yet (the draft is still being restored). */
export type DraftSave = () => 'saved' | 'failed' | 'skipped';

/**
 * Autosave of a writing page's local draft: `save` runs a moment after the last change (a new
 * `save` means the form, student or work changed; `onEdit` reports an edit of the document), and
 * once more when the page goes away. The status turns 'pending' in the same paint as the change,
 * so "草稿已保存" never describes an older state.
 */
export function useDraftAutosave(save: DraftSave, delayMs: number) {
  const [status, setStatus] = useState<DraftStatus>('idle');
  // The status last set: an unchanged status is not set again. The layout effect below runs for
  // every new `save`, and while a lower-priority update of the page is pending React re-renders it
  // from an older state, so its reducer hands out new objects (a new `save`) on every render: an
  // update from that effect each time made a loop React stops with error #185 (ci30).
  const shown = useRef<DraftStatus>('idle');
  const show = useCallback((next: DraftStatus) => {
    if (shown.current === next) return;
    shown.current = next;
    setStatus(next);
  }, []);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const run = useCallback(() => {
    const outcome = save();
    show(outcome === 'skipped' ? (shown.current === 'pending' ? 'idle' : shown.current) : outcome);
  }, [save, show]);
  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    show('pending');
    timer.current = setTimeout(run, delayMs);
  }, [run, delayMs, show]);
  useBrowserLayoutEffect(() => {
    schedule();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [schedule]);
  // Leaving the page writes what the timer has not yet.
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  }, [save]);
  useEffect(() => () => void latestSave.current(), []);
  return { status, onEdit: schedule };
}

export const DRAFT_STATUS_TEXT: Record<DraftStatus, string> = {
  idle: '',
  pending: '正在保存草稿…',
  saved: '草稿已保存',
  failed: '草稿未能保存：浏览器存储已满或不可用',
};
