import { Worker } from 'node:worker_threads';
import { threadEntry } from '../../thread-entry';
import { matchPrograms } from './model/match';
import type { Applicant, MatchResult, ProgramFacts, RecordedCase } from './model/types';

/**
 * A run's fit and matches (ADR 0051) off the event loop when the account's case library is large
 * (ADR 0034, 0052): the fit costs about 10 µs of CPU per case, so 20,000 cases held the main thread
 * for 200 ms and 50,000 for 600 ms. Up to IN_PROCESS_CASES it runs in place (well under the 100 ms
 * budget, and no thread start-up); above, in a thread of its own, at most MAX_MATCH_THREADS at once.
 */
export const IN_PROCESS_CASES = 2_000;
export const MAX_MATCH_THREADS = 2;
const THREAD_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 };

// Beside the bundle in the built server (scripts/build-server.mjs); from the sources, the thread's
// TypeScript bundled (server/thread-entry.ts).
const BUILT_ENTRY = new URL('./match-worker.mjs', import.meta.url);
const SOURCE_ENTRY = new URL('./match-thread.ts', import.meta.url);

export type MatchJob = {
  applicant: Applicant;
  programs: readonly ProgramFacts[];
  cases: readonly RecordedCase[];
  catalogue: readonly ProgramFacts[];
};

let running = 0;
const waiting: Array<() => void> = [];

async function slot(signal: AbortSignal): Promise<() => void> {
  while (running >= MAX_MATCH_THREADS) {
    signal.throwIfAborted();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

async function inThread(job: MatchJob, signal: AbortSignal): Promise<MatchResult[]> {
  const entry = await threadEntry(BUILT_ENTRY, SOURCE_ENTRY);
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    // A clean thread: no inherited --import flags.
    const worker = new Worker(entry, { workerData: job, execArgv: [], resourceLimits: THREAD_LIMITS, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      action();
    };
    const onAbort = () => settle(() => reject(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (answer: { ok: true; results: MatchResult[] } | { ok: false; message: string }) =>
      settle(() => (answer.ok ? resolve(answer.results) : reject(new Error(`match thread: ${answer.message}`)))),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`match thread exited (${code}) without an answer`))));
  });
}

/** matchPrograms, in place for a small case library, else in a thread; the same results either way. */
export async function matchOffThread(job: MatchJob, signal: AbortSignal): Promise<MatchResult[]> {
  if (job.cases.length <= IN_PROCESS_CASES) return matchPrograms(job.applicant, job.programs, job.cases, job.catalogue);
  const release = await slot(signal);
  try {
    return await inThread(job, signal);
  } finally {
    release();
  }
}
