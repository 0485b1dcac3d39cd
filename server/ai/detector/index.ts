// Public entry of the AIGC detector (查AI率). Everything runs in-process on
// the CPU from the committed weights in ./model; nothing is fetched.

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { SliceOptions } from '../time-slice';
import { Detector, type DetectionResult } from './detector';
import { deserialize, deserializeInflated } from './model';

export type { DetectedLanguage, DetectionLabel, DetectionResult, ScoredParagraph, ScoredSentence } from './detector';
export { Detector } from './detector';
export {
  checkDetectInput,
  MAX_DETECT_SENTENCES,
  TOO_MANY_SENTENCES,
  TOO_MANY_SENTENCES_MESSAGE,
  type DetectInputRefusal,
} from '../../../contracts/detection-constants';

export const MODEL_DIR = join(dirname(fileURLToPath(import.meta.url)), 'model');
export const MODEL_JSON = 'detector.json';
export const MODEL_BIN = 'weights.bin.gz';

let cached: Detector | null = null;
let loading: Promise<Detector> | null = null;

/** Loads the committed weights once per process. */
export function loadDetector(): Detector {
  if (!cached) cached = loadDetectorFrom(MODEL_DIR);
  return cached;
}

/** `loadDetector` without blocking: the files are read and inflated off the main thread. */
export function loadDetectorAsync(): Promise<Detector> {
  if (cached) return Promise.resolve(cached);
  loading ??= (async () => {
    const [json, bin] = await Promise.all([readFile(join(MODEL_DIR, MODEL_JSON), 'utf8'), readFile(join(MODEL_DIR, MODEL_BIN))]);
    const raw = await promisify(gunzip)(bin);
    cached ??= new Detector(deserializeInflated(json, raw));
    return cached;
  })();
  return loading;
}

/**
 * The server's detection (issue 22, ADR 0034): the same result as `loadDetector().detect(text)`,
 * computed in slices that give the event loop a turn every few milliseconds, so a 20,000-character
 * text never holds other requests. An aborted `signal` stops it with the signal's reason. It does
 * not refuse long inputs itself: the request schemas do that with `checkDetectInput` (at most
 * MAX_DETECT_SENTENCES sentences) before any work.
 */
export async function detectAsync(text: string, options: SliceOptions = {}): Promise<DetectionResult> {
  const detector = await loadDetectorAsync();
  return detector.detectAsync(text, options);
}

/** Loads weights from another directory (tests, experiments); not cached. */
export function loadDetectorFrom(dir: string): Detector {
  const json = readFileSync(join(dir, MODEL_JSON), 'utf8');
  const bin = readFileSync(join(dir, MODEL_BIN));
  return new Detector(deserialize(json, bin));
}
