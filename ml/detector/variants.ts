// Candidates of the generalisation experiments (experiment-gen.ts, ADR 0028).

import { DEFAULT_MLP } from './mlp';
import type { TrainSpec } from './pipeline';

export interface Variant {
  spec?: Partial<Omit<TrainSpec, 'cfg' | 'fit'>> & { cfg?: Partial<TrainSpec['cfg']>; fit?: Partial<TrainSpec['fit']> };
}

const V1_CFG = { bits: 17, tokenOrders: { en: [1], zh: [1, 2, 3] }, charOrders: [], abstractOrders: [], dense: true };
const SOURCE = { weighting: 'source' as const };

export const VARIANTS: Record<string, Variant> = {
  'v1 recipe, all corpora': { spec: { cfg: V1_CFG, fit: { weighting: 'sqrt-group' } } },
  'source-balanced': { spec: { cfg: V1_CFG, fit: SOURCE } },
  'class weighting only': { spec: { cfg: V1_CFG, fit: { weighting: 'class' } } },
  'source-balanced + en word bigrams': { spec: { cfg: { ...V1_CFG, tokenOrders: { en: [1, 2], zh: [1, 2, 3] } }, fit: SOURCE } },
  'source-balanced + enStyle2': { spec: { cfg: { ...V1_CFG, enStyle2: true }, fit: SOURCE } },
  'source-balanced + en char 3-4-grams': { spec: { cfg: { ...V1_CFG, charOrders: [3, 4] }, fit: SOURCE } },
  'source-balanced + function-word 1-3-grams': { spec: { cfg: { ...V1_CFG, abstractOrders: [1, 2, 3] }, fit: SOURCE } },
  'source-balanced, zh char 1-2': { spec: { cfg: { ...V1_CFG, tokenOrders: { en: [1], zh: [1, 2] } }, fit: SOURCE } },
  'source-balanced + length-aware + shared calibration': {
    spec: { cfg: V1_CFG, fit: SOURCE, calibration: { lengthAware: true, shared: true } },
  },
  'v1 + length-aware + shared calibration': { spec: { cfg: V1_CFG, calibration: { lengthAware: true, shared: true } } },
  'source-balanced + shared vocabulary 0.3': { spec: { cfg: V1_CFG, fit: SOURCE, sharedVocabulary: { en: 0.3, zh: 0.5 } } },
  'source-balanced + shared vocabulary 0.5': { spec: { cfg: V1_CFG, fit: SOURCE, sharedVocabulary: { en: 0.5, zh: 0.5 } } },
  'source-balanced + shared vocabulary 0.7': { spec: { cfg: V1_CFG, fit: SOURCE, sharedVocabulary: { en: 0.7, zh: 0.7 } } },
  'v1 + shared thresholds': { spec: { cfg: V1_CFG, calibration: { lengthAware: false, shared: true } } },
  'v1 + calibration fitted in-domain, shared thresholds': {
    spec: { cfg: V1_CFG, calibration: { lengthAware: false, shared: true, fitOn: 'calib' } },
  },
  'v1 + length-aware calibration fitted in-domain, shared thresholds': {
    spec: { cfg: V1_CFG, calibration: { lengthAware: true, shared: true, fitOn: 'calib' } },
  },
  'v1 + length-aware calibration fitted in-domain, shared out-of-source rescaling, shared thresholds': {
    spec: { cfg: V1_CFG, calibration: { lengthAware: true, shared: true, fitOn: 'calib', oosRescale: true } },
  },
  // Fourth round: a small network of our own (mlp.ts), alone and blended with the linear score.
  'mlp only (stylometric, 16 tanh)': { spec: { cfg: V1_CFG, fit: { weighting: 'sqrt-group', mlp: { ...DEFAULT_MLP, blend: 1 } } } },
  'linear + mlp, blend 0.5': { spec: { cfg: V1_CFG, fit: { weighting: 'sqrt-group', mlp: { ...DEFAULT_MLP, blend: 0.5 } } } },
  'linear + mlp, blend 0.3': { spec: { cfg: V1_CFG, fit: { weighting: 'sqrt-group', mlp: { ...DEFAULT_MLP, blend: 0.3 } } } },
  'mlp over n-grams + stylometric (8 tanh)': {
    spec: {
      cfg: V1_CFG,
      fit: { weighting: 'sqrt-group', mlp: { ...DEFAULT_MLP, hidden: 8, maxEpochs: 8, blend: 1, sparse: { size: 0, lr: 0.1 } } },
    },
  },
  'linear + mlp over n-grams, blend 0.5': {
    spec: {
      cfg: V1_CFG,
      fit: { weighting: 'sqrt-group', mlp: { ...DEFAULT_MLP, hidden: 8, maxEpochs: 8, blend: 0.5, sparse: { size: 0, lr: 0.1 } } },
    },
  },
  'v1 recipe (FAST baseline)': { spec: { cfg: V1_CFG, fit: { weighting: 'sqrt-group' } } },
  'linear + mlp over n-grams, source-held-out early stopping, blend 0.5': {
    spec: {
      cfg: V1_CFG,
      fit: {
        weighting: 'sqrt-group',
        mlp: { ...DEFAULT_MLP, hidden: 8, maxEpochs: 8, blend: 0.5, sparse: { size: 0, lr: 0.1 }, valBy: 'source' },
      },
    },
  },
  'mlp over n-grams, source-held-out early stopping': {
    spec: {
      cfg: V1_CFG,
      fit: {
        weighting: 'sqrt-group',
        mlp: { ...DEFAULT_MLP, hidden: 8, maxEpochs: 8, blend: 1, sparse: { size: 0, lr: 0.1 }, valBy: 'source' },
      },
    },
  },
  'same, network seed 8': {
    spec: {
      cfg: V1_CFG,
      fit: {
        weighting: 'sqrt-group',
        mlp: { ...DEFAULT_MLP, seed: 8, hidden: 8, maxEpochs: 8, blend: 0.5, sparse: { size: 0, lr: 0.1 }, valBy: 'source' },
      },
    },
  },
  'same, network seed 9': {
    spec: {
      cfg: V1_CFG,
      fit: {
        weighting: 'sqrt-group',
        mlp: { ...DEFAULT_MLP, seed: 9, hidden: 8, maxEpochs: 8, blend: 0.5, sparse: { size: 0, lr: 0.1 }, valBy: 'source' },
      },
    },
  },
  // Fifth round (ADR 0028 addendum): the LM features on all 12 sources (round two ran them on 7).
  'v1 + enLm (12 sources)': { spec: { cfg: { ...V1_CFG, enLm: true }, fit: { weighting: 'sqrt-group' } } },
  // Fifth round: the n-gram network for English only (Chinese stays linear), early stopping on held-out
  // training sources, three network seeds.
  'en-only linear + mlp over n-grams, source-held-out early stopping, blend 0.5, seed 7': {
    spec: {
      cfg: V1_CFG,
      fit: {
        weighting: 'sqrt-group',
        mlp: { ...DEFAULT_MLP, hidden: 8, maxEpochs: 8, blend: 0.5, sparse: { size: 0, lr: 0.1 }, valBy: 'source', langs: ['en'] },
      },
    },
  },
  'en-only, seed 8': {
    spec: {
      cfg: V1_CFG,
      fit: {
        weighting: 'sqrt-group',
        mlp: { ...DEFAULT_MLP, seed: 8, hidden: 8, maxEpochs: 8, blend: 0.5, sparse: { size: 0, lr: 0.1 }, valBy: 'source', langs: ['en'] },
      },
    },
  },
  'en-only, seed 9': {
    spec: {
      cfg: V1_CFG,
      fit: {
        weighting: 'sqrt-group',
        mlp: { ...DEFAULT_MLP, seed: 9, hidden: 8, maxEpochs: 8, blend: 0.5, sparse: { size: 0, lr: 0.1 }, valBy: 'source', langs: ['en'] },
      },
    },
  },
  // Fifth round, calibration: the shipped recipe plus one out-of-source temperature shared by both languages.
  'v1 shipped + shared out-of-source temperature': {
    spec: { cfg: V1_CFG, calibration: { lengthAware: false, shared: true, fitOn: 'calib', oosTemperature: true } },
  },
};
