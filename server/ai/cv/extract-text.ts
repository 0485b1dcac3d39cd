import { Worker } from 'node:worker_threads';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../../contracts/limits';
import { DomainError } from '../../domain/errors';
import { convertDoc } from './doc';
import { extractionTimeout, fileInvalid, fileTooComplex, fileTooLarge } from './errors';
import type { JobOutcome } from './extract-job';
import { finish, type ExtractedText } from './normalise';

export type { CvFormat, ExtractedText } from './normalise';

/** The whole extraction, waiting for a slot included. LibreOffice's cold start takes 1–3 s of it. */
export const EXTRACTION_TIMEOUT_MS = 20_000;
/** Extractions at once: each is a thread of its own (or LibreOffice), and the machine has two cores. */
export const MAX_PARALLEL_EXTRACTIONS = 2;
/** A worker's V8 heap. Inflated buffers live outside it, which is why the zip and PDF limits come first. */
export const WORKER_RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

const WORKER_URL = new URL('./extract-worker.mjs', import.meta.url);

/**
 * The text of an uploaded CV. The content decides the format (PDF, DOCX, legacy DOC, TXT in UTF-8,
 * UTF-16 or GB18030), never the file's name. Parsing runs in a worker thread with a memory limit,
 * LibreOffice (legacy .doc) in a child process; both are killed at the deadline, so a hostile file
 * costs at most `timeoutMs` of one slot and never blocks the event loop.
 *
 * Throws a DomainError: PAYLOAD_TOO_LARGE (文件必须小于 5MB!), FILE_TYPE_UNSUPPORTED, FILE_INVALID
 * (empty, corrupt, zip bomb, too heavy), FILE_ENCRYPTED, CV_NO_TEXT (a scan), EXTRACTION_TIMEOUT;
 * an aborted `signal` rejects with its reason.
 */
export async function extractText(
  buffer: Buffer,
  options: { signal?: AbortSignal; timeoutMs?: number; owner?: string } = {},
): Promise<ExtractedText> {
  const { signal } = options;
  const deadline = Date.now() + (options.timeoutMs ?? EXTRACTION_TIMEOUT_MS);
  signal?.throwIfAborted();
  if (buffer.length === 0) throw fileInvalid('empty');
  if (buffer.length > UPLOAD_FILE_LIMIT_BYTES) throw fileTooLarge();
  const release = await acquireSlot(deadline, signal);
  try {
    const outcome = await inWorker(buffer, deadline - Date.now(), signal);
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message, outcome.data);
    if ('result' in outcome) return outcome.result;
    return finish(await convertDoc(buffer, { timeoutMs: Math.max(deadline - Date.now(), 0), signal }), 'doc');
  } finally {
    release();
  }
}

let liveWorkers = 0;
/** Extraction threads still alive (a terminated one counts until it has really exited). */
export const liveExtractionWorkers = () => liveWorkers;

function inWorker(buffer: Buffer, timeoutMs: number, signal?: AbortSignal): Promise<JobOutcome> {
  // A copy: a small Buffer shares Node's pooled ArrayBuffer, which must not be transferred away.
  const bytes = new Uint8Array(buffer);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes },
      transferList: [bytes.buffer],
      // A clean thread: no inherited --import flags; the entry registers tsx itself.
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

let running = 0;
const waiting: (() => void)[] = [];

/** A slot among MAX_PARALLEL_EXTRACTIONS; the wait counts against the caller's deadline. */
function acquireSlot(deadline: number, signal?: AbortSignal): Promise<() => void> {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    running--;
    waiting.shift()?.();
  };
  if (running < MAX_PARALLEL_EXTRACTIONS) {
    running++;
    return Promise.resolve(release);
  }
  return new Promise((resolve, reject) => {
    const grant = () => {
      cleanup();
      running++;
      resolve(release);
    };
    const leave = (error: unknown) => {
      waiting.splice(waiting.indexOf(grant), 1);
      cleanup();
      reject(error);
    };
    const onAbort = () => leave(signal?.reason);
    const timer = setTimeout(() => leave(extractionTimeout()), Math.max(deadline - Date.now(), 0));
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    waiting.push(grant);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
