import { Worker } from 'node:worker_threads';
import { DomainError } from '../../errors';
import { threadEntry } from '../../../thread-entry';
import type { RenderJob, RenderOutcome } from './render-job';

/**
 * Exports are laid out in worker threads (issue 22, ADR 0034). pdfkit and docx work synchronously:
 * a work at the editor's limits (2,000 blocks, 200,000 characters) took 1–17 s of the main thread,
 * and every other request waited. Here the server only waits for a message.
 *
 * A small pool: at most MAX_PARALLEL_EXPORTS threads (the machine has two cores), started on the
 * first export and kept for the next ones (a thread loads pdfkit and the 20 MB CJK fonts once),
 * closed after EXPORT_IDLE_MS without work. An export waits for a free thread; waiting and work
 * together are limited to EXPORT_TIMEOUT_MS, after which the thread is terminated (its work cannot
 * be interrupted otherwise) and the export refused.
 */
export const MAX_PARALLEL_EXPORTS = 2;
export const EXPORT_TIMEOUT_MS = 60_000;
export const EXPORT_IDLE_MS = 60_000;
/** A thread's V8 heap. docx builds an object per run: the largest work the API takes (~145,000 runs) peaks near 1 GB. */
export const EXPORT_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 1536, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 };
export const EXPORT_TIMEOUT_MESSAGE = '文档过大，导出超时，请精简内容后重试';

// Beside the bundle in the built server (scripts/build-server.mjs, ADR 0046); from the sources, the
// thread's TypeScript bundled (server/thread-entry.ts).
const BUILT_ENTRY = new URL('./render-worker.mjs', import.meta.url);
const SOURCE_ENTRY = new URL('./render-thread.ts', import.meta.url);
/** Known before the first thread starts (renderDocument waits for it). */
let entry: URL | undefined;

type Waiter = { resolve: (thread: Thread) => void; reject: (error: unknown) => void };

class Thread {
  readonly worker: Worker;
  private idleTimer: NodeJS.Timeout | null = null;
  private pending: { id: number; resolve: (o: RenderOutcome) => void; reject: (e: unknown) => void } | null = null;
  private nextId = 0;
  dead = false;

  constructor(
    entry: URL,
    private readonly onExit: (thread: Thread) => void,
  ) {
    this.worker = new Worker(entry, {
      // A clean thread: no inherited --import flags.
      execArgv: [],
      resourceLimits: EXPORT_RESOURCE_LIMITS,
      stdout: true,
      stderr: true,
    });
    // An idle export thread never keeps the process alive (a busy one does: run).
    this.worker.unref();
    this.worker.stdout.resume();
    this.worker.stderr.resume();
    this.worker.on('message', (message: { id?: number; outcome?: RenderOutcome }) => {
      if (this.pending && message.id === this.pending.id && message.outcome) {
        const { resolve } = this.pending;
        this.pending = null;
        this.worker.unref();
        resolve(message.outcome);
      }
    });
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooHeavy() : error),
    );
    this.worker.on('exit', (code) => this.fail(new Error(`export worker exited (${code}) without an answer`)));
  }

  run(job: RenderJob): Promise<RenderOutcome> {
    this.stopIdleTimer();
    return new Promise((resolve, reject) => {
      this.pending = { id: ++this.nextId, resolve, reject };
      this.worker.ref();
      this.worker.postMessage({ id: this.nextId, job });
    });
  }

  startIdleTimer(ms: number, onIdle: () => void): void {
    this.stopIdleTimer();
    this.idleTimer = setTimeout(onIdle, ms);
    this.idleTimer.unref();
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  terminate(): void {
    this.stopIdleTimer();
    void this.worker.terminate();
  }

  private fail(error: unknown): void {
    if (!this.dead) {
      this.dead = true;
      this.stopIdleTimer();
      this.onExit(this);
    }
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }
}

const timedOut = () => new DomainError('EXPORT_TIMEOUT', EXPORT_TIMEOUT_MESSAGE);
const tooHeavy = () => new DomainError('EXPORT_TIMEOUT', '文档过大，无法导出，请精简内容后重试');

const threads = new Set<Thread>();
const idle: Thread[] = [];
const waiting: Waiter[] = [];

function forget(thread: Thread): void {
  threads.delete(thread);
  const at = idle.indexOf(thread);
  if (at >= 0) idle.splice(at, 1);
  // A thread that died frees its place for someone waiting.
  const next = waiting.shift();
  if (next) next.resolve(spawn());
}

function spawn(): Thread {
  const thread = new Thread(entry!, forget);
  threads.add(thread);
  return thread;
}

/** A thread for one export, and how to give up waiting for it. */
function acquire(): { thread: Promise<Thread>; cancel: () => void } {
  const ready = idle.pop();
  if (ready) return { thread: Promise.resolve(ready), cancel: () => {} };
  if (threads.size < MAX_PARALLEL_EXPORTS) return { thread: Promise.resolve(spawn()), cancel: () => {} };
  let waiter: Waiter | null = null;
  const thread = new Promise<Thread>((resolve, reject) => {
    waiter = { resolve, reject };
    waiting.push(waiter);
  });
  return {
    thread,
    cancel: () => {
      const at = waiter ? waiting.indexOf(waiter) : -1;
      if (at >= 0) waiting.splice(at, 1);
    },
  };
}

function release(thread: Thread): void {
  if (thread.dead) return;
  const next = waiting.shift();
  if (next) return next.resolve(thread);
  idle.push(thread);
  thread.startIdleTimer(EXPORT_IDLE_MS, () => {
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    threads.delete(thread);
    thread.dead = true;
    thread.terminate();
  });
}

/** Export threads alive now (tests). */
export const liveExportThreads = () => threads.size;

/**
 * The file of an export, laid out in an export thread. Refuses with EXPORT_TIMEOUT once waiting
 * and work have taken `timeoutMs`; a font that cannot be read refuses as the PDF writer does. Pass
 * the document as JSON text: a string crosses to the thread as one copy, while a structured clone
 * of 100,000 runs costs the main thread hundreds of milliseconds.
 */
export async function renderDocument(job: RenderJob, options: { timeoutMs?: number } = {}): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? EXPORT_TIMEOUT_MS;
  entry ??= await threadEntry(BUILT_ENTRY, SOURCE_ENTRY);
  let timer: NodeJS.Timeout | undefined;
  let working: Thread | null = null;
  const granted = acquire();
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      granted.cancel();
      if (working) {
        // The thread is stuck in synchronous work: terminating it is the only way to stop it.
        working.dead = true;
        working.terminate();
        forget(working);
      } else {
        // Granted just now, after all: back to the pool.
        void granted.thread.then(release, () => {});
      }
      reject(timedOut());
    }, timeoutMs);
  });
  try {
    const thread = await Promise.race([granted.thread, deadline]);
    working = thread;
    const outcome = await Promise.race([thread.run(job), deadline]);
    working = null;
    release(thread);
    if (outcome.ok) return Buffer.from(outcome.body.buffer, outcome.body.byteOffset, outcome.body.byteLength);
    if ('code' in outcome) throw new DomainError(outcome.code, outcome.message);
    throw new Error(`export failed in its worker: ${outcome.crash}`);
  } finally {
    clearTimeout(timer);
  }
}
