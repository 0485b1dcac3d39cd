import { Worker } from 'node:worker_threads';
import type { DetectedCv } from '../../../contracts/client-profiles';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../../contracts/limits';
import { DomainError } from '../../errors';
import { threadEntry } from '../../thread-entry';
import { convertDoc, LibreOfficeMissing } from './doc';
import { docUnreadable, extractionBusy, extractionTimeout, fileInvalid, fileTooComplex, fileTooLarge } from './errors';
import type { Job, JobOutcome } from './extract-job';
import type { ExtractedText } from './normalise';

export type { CvFormat, ExtractedText } from './normalise';

/** The whole extraction, waiting for a slot included. LibreOffice's cold start takes 1–3 s of it. */
export const EXTRACTION_TIMEOUT_MS = 20_000;
/** Extractions at once: each is a thread of its own (or LibreOffice), and the machine has two cores. */
export const MAX_PARALLEL_EXTRACTIONS = 2;
/** A worker's V8 heap. Inflated buffers live outside it, which is why the zip and PDF limits come first. */
export const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

// Beside the bundle in the built server (scripts/build-server.mjs, ADR 0046); from the sources, the
// thread's TypeScript bundled (server/thread-entry.ts).
const BUILT_ENTRY = new URL('./extract-worker.mjs', import.meta.url);
const SOURCE_ENTRY = new URL('./extract-thread.ts', import.meta.url);

export type ExtractOptions = {
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Who the file is read for (the user id). One owner holds at most one extraction slot, with one
   * more file waiting; a third is refused (429 你有文件正在读取，请稍后再试). Without an owner, a
   * call waits in line like any other.
   */
  owner?: string;
};

/** The text of a CV and what the rule-based reader found in it. */
export type ReadCv = ExtractedText & { parsed: DetectedCv };

/**
 * The text of an uploaded CV. The content decides the format (PDF, DOCX, legacy DOC, TXT in UTF-8,
 * UTF-16 or GB18030), never the file's name. Parsing runs in a worker thread with a memory limit,
 * LibreOffice (only for a .doc the JavaScript reader cannot read) in a child process; both are
 * killed at the deadline, so a hostile file costs at most `timeoutMs` of one slot and never blocks
 * the event loop.
 *
 * Throws a DomainError: PAYLOAD_TOO_LARGE (文件必须小于 5MB!), FILE_TYPE_UNSUPPORTED, FILE_INVALID
 * (empty, corrupt, zip bomb, a PDF over its limits, an unreadable .doc), FILE_ENCRYPTED, CV_NO_TEXT
 * (a scan), EXTRACTION_TIMEOUT, RATE_LIMITED (the owner's files already fill their share); an
 * aborted `signal` rejects with its reason.
 */
export async function extractText(buffer: Buffer, options: ExtractOptions = {}): Promise<ExtractedText> {
  const { result } = await extract(buffer, options, false);
  return result;
}

/**
 * extractText, and parseCv on the text in the same worker and time limit: the rule-based reader
 * never runs on the request thread (its output for a hostile text is still bounded, but a CV's
 * upload should cost the event loop nothing). parseCv stays a pure export for other callers.
 */
export async function readCv(buffer: Buffer, options: ExtractOptions = {}): Promise<ReadCv> {
  const { result, parsed } = await extract(buffer, options, true);
  return { ...result, parsed: parsed! };
}

async function extract(buffer: Buffer, options: ExtractOptions, parse: boolean) {
  const { signal } = options;
  const deadline = Date.now() + (options.timeoutMs ?? EXTRACTION_TIMEOUT_MS);
  const left = () => Math.max(deadline - Date.now(), 0);
  signal?.throwIfAborted();
  if (buffer.length === 0) throw fileInvalid('empty');
  if (buffer.length > UPLOAD_FILE_LIMIT_BYTES) throw fileTooLarge();
  const release = await acquireSlot(options.owner, deadline, signal);
  try {
    // A copy: a small Buffer shares Node's pooled ArrayBuffer, which must not be transferred away.
    let outcome = await inWorker({ kind: 'read', bytes: new Uint8Array(buffer), parse }, left(), signal);
    if (outcome.ok && 'convert' in outcome) {
      const raw = await libreOffice(buffer, outcome.jsReader, left(), signal);
      outcome = await inWorker({ kind: 'finish', raw, format: 'doc', parse }, left(), signal);
    }
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message, outcome.data);
    if (!('result' in outcome)) throw new Error('CV extraction worker asked for a second conversion');
    return outcome;
  } finally {
    release();
  }
}

/** LibreOffice's text of a .doc the JavaScript reader could not read; a clear refusal when it cannot either. */
async function libreOffice(
  buffer: Buffer,
  jsReader: Extract<JobOutcome, { ok: false }> | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
) {
  try {
    return await convertDoc(buffer, { timeoutMs, signal });
  } catch (error) {
    if (!(error instanceof LibreOfficeMissing)) throw error;
    // Without LibreOffice: what the JavaScript reader said (no text), else that it cannot be read.
    if (jsReader) throw new DomainError(jsReader.code, jsReader.message, jsReader.data);
    throw docUnreadable();
  }
}

let liveWorkers = 0;
/** Extraction threads still alive (a terminated one counts until it has really exited). */
export const liveExtractionWorkers = () => liveWorkers;

async function inWorker(job: Job, timeoutMs: number, signal?: AbortSignal): Promise<JobOutcome> {
  const entry = await threadEntry(BUILT_ENTRY, SOURCE_ENTRY);
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, {
      workerData: { job },
      transferList: job.kind === 'read' ? [job.bytes.buffer as ArrayBuffer] : [],
      // A clean thread: no inherited --import flags.
      execArgv: [],
      resourceLimits: WORKER_RESOURCE_LIMITS,
      // Library warnings stay out of the JSON log lines on stdout.
      stdout: true,
      stderr: true,
    });
    liveWorkers++;
    worker.once('exit', () => liveWorkers--);
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(() => settle(() => reject(extractionTimeout())), timeoutMs);
    const onAbort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (outcome: JobOutcome) => settle(() => resolve(outcome)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? fileTooComplex('too-complex') : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`CV extraction worker exited (${code}) without an answer`))));
  });
}

// ── The slots ─────────────────────────────────────────────────────────────────────────────────

type Waiter = { owner?: string; grant: () => void };
let running = 0;
const runningBy = new Map<string, number>();
const waiting: Waiter[] = [];

/** An owner may start when a slot is free and none of the owner's files is running. */
const mayStart = (owner?: string) => running < MAX_PARALLEL_EXTRACTIONS && (owner === undefined || !runningBy.has(owner));

function start(owner?: string) {
  running++;
  if (owner !== undefined) runningBy.set(owner, (runningBy.get(owner) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    if (owner !== undefined) {
      const count = runningBy.get(owner)! - 1;
      if (count) runningBy.set(owner, count);
      else runningBy.delete(owner);
    }
    // The first in line who may start now: another owner's file goes ahead of a second of this one's.
    for (let i = 0; i < waiting.length && running < MAX_PARALLEL_EXTRACTIONS; i++) {
      if (!mayStart(waiting[i].owner)) continue;
      waiting.splice(i, 1)[0].grant();
      i--;
    }
  };
}

/**
 * A slot among MAX_PARALLEL_EXTRACTIONS, one per owner at a time: a user who uploads a heavy file
 * twice holds one slot, never both, and other users' files are read meanwhile. One more file of
 * the owner's may wait; a third is refused with 429. The wait counts against the caller's deadline.
 */
function acquireSlot(owner: string | undefined, deadline: number, signal?: AbortSignal): Promise<() => void> {
  if (owner !== undefined && waiting.some((waiter) => waiter.owner === owner)) return Promise.reject(extractionBusy());
  if (mayStart(owner)) return Promise.resolve(start(owner));
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      owner,
      grant: () => {
        cleanup();
        resolve(start(owner));
      },
    };
    const leave = (error: unknown) => {
      waiting.splice(waiting.indexOf(waiter), 1);
      cleanup();
      reject(error);
    };
    const onAbort = () => leave(signal?.reason);
    const timer = setTimeout(() => leave(extractionTimeout()), Math.max(deadline - Date.now(), 0));
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    waiting.push(waiter);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
