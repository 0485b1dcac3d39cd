import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { ModalQueue, type ModalEntry } from '~/services/modal-queue';

/** What a queued modal passes to its dialog (AppDialog's props): it closes itself, then the next one opens. */
export type QueuedDialogProps = {
  open: boolean;
  onOpenChange: (details: { open: boolean }) => void;
  onExitComplete: () => void;
};
type Render = (dialog: QueuedDialogProps) => ReactNode;

/** One queue per tab, module-level so code outside React (the resource fetch helper) can enqueue. */
const queue = new ModalQueue<Render>();

/**
 * Queues a modal (spec §4: one at a time, the rest wait). `key` names it for deduplication and
 * throttling; `render` draws it with the given dialog props. False when dropped.
 */
export function showModal(key: string, render: Render, options: { throttleMs?: number } = {}): boolean {
  return queue.push(key, render, options);
}

/** Removes a key's modal, open or waiting, at once (see ModalQueue.closeKey). */
export const closeModal = (key: string) => queue.closeKey(key);

function QueuedModal({ entry }: { entry: ModalEntry<Render> }) {
  const [open, setOpen] = useState(true);
  // Leaves the queue once its close animation has ended, so the next modal never overlaps it.
  return entry.payload({ open, onOpenChange: (d) => setOpen(d.open), onExitComplete: () => queue.close(entry.id) });
}

/** Mounted once, in the dashboard shell: renders the modal at the head of the queue. */
export function ModalQueueHost() {
  const current = useSyncExternalStore(queue.subscribe, queue.current, () => null);
  return current ? <QueuedModal key={current.id} entry={current} /> : null;
}
