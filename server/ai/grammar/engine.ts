import { Worker } from 'node:worker_threads';

/**
 * The English grammar and spelling engine (ADR 0041): Harper (harper.js 2.10.0, run locally as
 * WebAssembly) in one worker thread, started on first use and reused. Each request is bounded in
 * size and time; a request that runs over its time ends the worker (the next starts a new one) and
 * is answered `null`: callers then go on without grammar checks and say so.
 */

/** One finding, span in UTF-16 offsets of the text it was found in. */
export type GrammarLint = {
  start: number;
  end: number;
  /** Harper's lint kind (Agreement, Spelling, Grammar…). */
  kind: string;
  /** Harper's English explanation. */
  message: string;
  problem: string;
  /** kind: 0 replace the span, 1 remove it, 2 insert after it (Harper's SuggestionKind). */
  suggestions: Array<{ kind: 0 | 1 | 2; text: string }>;
};

/** A request's total characters: an essay (AI_INPUT_LIMITS.essay is 20,000) and its rewrite. */
export const GRAMMAR_MAX_CHARS = 50_000;
const TIMEOUT_MS = 15_000;
/** Loading Harper's two dictionaries takes ~2.5 s on an idle machine: a new worker gets this more. */
const SETUP_MS = 30_000;
// Beside this module in the sources; beside the bundle in the built server, which has an entry of
// the same name (scripts/build-server.mjs, ADR 0046).
const WORKER_URL = new URL('./worker.mjs', import.meta.url);

type Pending = { resolve: (lints: GrammarLint[][] | null) => void; timer: NodeJS.Timeout };
let worker: Worker | null = null;
/** The current worker has answered once (its setup is done). */
let warm = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function stopWorker() {
  const w = worker;
  worker = null;
  warm = false;
  for (const [id, p] of pending) {
    clearTimeout(p.timer);
    p.resolve(null);
    pending.delete(id);
  }
  void w?.terminate();
}

function startWorker(): Worker {
  const w = new Worker(WORKER_URL, { execArgv: [], stdout: true, stderr: true, resourceLimits: { maxOldGenerationSizeMb: 256 } });
  w.stdout.resume();
  w.stderr.resume();
  // An idle worker does not keep the process alive.
  w.unref();
  w.on('message', (answer: { id: number; lints?: GrammarLint[][]; error?: string }) => {
    if (worker === w) warm = true;
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    clearTimeout(p.timer);
    p.resolve(answer.lints ?? null);
  });
  w.once('error', () => worker === w && stopWorker());
  w.once('exit', () => worker === w && stopWorker());
  return w;
}

/**
 * Harper's findings for each text, in order; null when the engine could not answer (input over
 * GRAMMAR_MAX_CHARS, the time limit, a crash). A new worker's setup is not counted in `timeoutMs`. Requests queue in the worker one after another.
 */
export function lintTexts(texts: string[], timeoutMs = TIMEOUT_MS): Promise<GrammarLint[][] | null> {
  if (texts.length === 0) return Promise.resolve([]);
  if (texts.reduce((n, t) => n + t.length, 0) > GRAMMAR_MAX_CHARS) return Promise.resolve(null);
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise((resolve) => {
    // A stuck lint holds every request behind it: the worker is replaced.
    const timer = setTimeout(
      () => {
        pending.delete(id);
        resolve(null);
        if (worker === w) stopWorker();
      },
      timeoutMs + (warm ? 0 : SETUP_MS),
    );
    pending.set(id, { resolve, timer });
    w.postMessage({ id, texts });
  });
}

/** Ends the worker (tests and shutdown); the next request starts a new one. */
export function closeGrammarEngine() {
  stopWorker();
}
