// The shipped configuration (the recipe train.ts trains; the result is
// stored in ../model/detector.json). Chosen by experiment (experiment.ts,
// experiment-gen.ts) and recorded in docs/decisions/0007-aigc-detector-method.md
// and 0028-detector-generalisation.md.

import type { Lang } from '../../server/ai/detector/text';
import { DEFAULT_SPLIT } from '../../server/ai/detector/corpus';
import type { TrainingFeatureConfig } from './experimental-features';
import { DEFAULT_FIT } from './fit';
import type { TrainSpec } from './pipeline';

export const MODEL_VERSION = 'aigc-linear-2.0.0';

export const SHIPPED_CONFIG: TrainingFeatureConfig = {
  bits: 17,
  tokenOrders: { en: [1], zh: [1, 2, 3] },
  charOrders: [],
  abstractOrders: [],
  dense: true,
};

/**
 * Shortest texts we judge (English words / Chinese characters), from the
 * length study in the model card.
 */
export const MIN_LENGTH: Record<Lang, number> = { en: 80, zh: 120 };

export const SHIPPED_SPEC: TrainSpec = {
  cfg: SHIPPED_CONFIG,
  fit: DEFAULT_FIT,
  split: DEFAULT_SPLIT,
  minLength: MIN_LENGTH,
  // Calibrating at 0.5% leaves room for the promised 1% on unseen text of
  // known sources; the shift guard holds 1% / 5% on out-of-source humans.
  targets: { aiMaxHumanFpr: 0.005, mixedMaxHumanFpr: 0.05, shiftAiMaxHumanFpr: 0.01, shiftMixedMaxHumanFpr: 0.05 },
  shiftGuard: true,
  // ADR 0028: calibration fitted on the in-domain calibration split (pooled
  // LOSO AUROC 0.885 → 0.896 against fitting on out-of-source scores), one
  // threshold pair for both languages. The length term and the shared
  // out-of-source rescaling were measured and lost (0.892).
  calibration: { lengthAware: false, shared: true, fitOn: 'calib' },
  modelVersion: MODEL_VERSION,
};
