// Public entry of the AIGC detector (查AI率). Everything runs in-process on
// the CPU from the committed weights in ./model; nothing is fetched.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Detector } from './detector';
import { deserialize } from './model';

export type { DetectedLanguage, DetectionLabel, DetectionResult, ScoredParagraph, ScoredSentence } from './detector';
export { Detector } from './detector';

export const MODEL_DIR = join(dirname(fileURLToPath(import.meta.url)), 'model');
export const MODEL_JSON = 'detector.json';
export const MODEL_BIN = 'weights.bin.gz';

let cached: Detector | null = null;

/** Loads the committed weights once per process. */
export function loadDetector(): Detector {
  if (!cached) cached = loadDetectorFrom(MODEL_DIR);
  return cached;
}

/** Loads weights from another directory (tests, experiments); not cached. */
export function loadDetectorFrom(dir: string): Detector {
  const json = readFileSync(join(dir, MODEL_JSON), 'utf8');
  const bin = readFileSync(join(dir, MODEL_BIN));
  return new Detector(deserialize(json, bin));
}
