// Corpus-level plumbing shared by training, evaluation, the experiment
// script and the tests: featurise rows, train a model on a subset,
// calibrate it on held-out rows, score rows.

import type { ModelMeta, SplitRule } from '../../server/ai/detector/model';
import type { Verdict } from '../../server/ai/detector/model';
import { calibratedLogit, sigmoid, verdictOf } from '../../server/ai/detector/model';
import type { Reliability } from '../../server/ai/detector/reliability';
import { assessReliability, atypicalityOf, cappedVerdict } from '../../server/ai/detector/reliability';
import type { Lang } from '../../server/ai/detector/text';
import { splitSentences } from '../../server/ai/detector/text';
import { chooseThresholds, fitPlatt, fitPlattLength, fitTemperature } from './calibrate';
import type { CorpusRow, SplitName } from '../../server/ai/detector/corpus';
import { splitOf } from '../../server/ai/detector/corpus';
import type { TrainedModel, TrainingFeatureConfig, TrainingLangModel, TrainingVector } from './experimental-features';
import { trainingDenseSpecs, TrainingMerger, trainingNamespaceCount, trainingRawScore, trainingSentenceBag } from './experimental-features';
import type { Example, FitOptions } from './fit';
import { fitLanguage } from './fit';
import { roundTripSparse } from './serialize';

export interface Item {
  row: CorpusRow;
  split: SplitName;
  vec: TrainingVector;
}

/**
 * Document vector exactly as the detector builds it for a single-language
 * text (the runtime's features; experimental options add to them).
 */
export function documentVector(
  text: string,
  lang: Lang,
  merger: TrainingMerger,
  cfg: TrainingFeatureConfig,
  maxUnits = Infinity,
): TrainingVector {
  const bags = [];
  let units = 0;
  for (const s of splitSentences(text)) {
    if (units >= maxUnits) break;
    const bag = trainingSentenceBag(s.text, lang, cfg);
    bags.push(bag);
    units += bag.units;
  }
  return merger.merge(bags);
}

export function featurize(rows: CorpusRow[], cfg: TrainingFeatureConfig, split: SplitRule, maxUnits = Infinity): Item[] {
  const mergers: Record<Lang, TrainingMerger> = { en: new TrainingMerger(cfg, 'en'), zh: new TrainingMerger(cfg, 'zh') };
  return rows.map((row) => ({
    row,
    split: splitOf(row.text, split),
    vec: documentVector(row.text, row.lang, mergers[row.lang], cfg, maxUnits),
  }));
}

export const groupOf = (r: CorpusRow) => `${r.source}|${r.domain}|${r.label}`;
export const yOf = (r: CorpusRow): 0 | 1 => (r.label === 'ai' ? 1 : 0);

export function sparseSize(cfg: TrainingFeatureConfig, lang: Lang): number {
  return trainingNamespaceCount(cfg, lang) * (1 << cfg.bits);
}

/** Documents a bucket must occur in, within a source, to count as used by it. */
const VOCAB_MIN_DOCS = 3;

/**
 * Hashed n-gram buckets used by at least `share` of the training sources
 * (rounded up, at least 2). Words seen in only one or two sources are mostly
 * their topics and formats; a model that cannot weight them has to rely on
 * what the sources share.
 */
export function sharedBuckets(items: Item[], size: number, share: number): Uint8Array {
  const sources = [...new Set(items.map((it) => it.row.source))].sort();
  const need = Math.max(2, Math.ceil(share * sources.length));
  const nSources = new Uint8Array(size);
  const df = new Uint16Array(size);
  for (const src of sources) {
    df.fill(0);
    for (const it of items) {
      if (it.row.source !== src) continue;
      for (const g of it.vec.idx) if ((df[g] as number) < 65535) df[g] = (df[g] as number) + 1;
    }
    for (let g = 0; g < size; g++) if ((df[g] as number) >= VOCAB_MIN_DOCS) nSources[g] = (nSources[g] as number) + 1;
  }
  return Uint8Array.from(nSources, (n) => (n >= need ? 1 : 0));
}

/** The vector without the n-grams outside `keep` (values unchanged, as the runtime computes them). */
function maskVector(v: TrainingVector, keep: Uint8Array): TrainingVector {
  const idx: number[] = [];
  const val: number[] = [];
  for (let i = 0; i < v.idx.length; i++) {
    if (keep[v.idx[i] as number]) {
      idx.push(v.idx[i] as number);
      val.push(v.val[i] as number);
    }
  }
  return { ...v, idx: Int32Array.from(idx), val: Float32Array.from(val) };
}

/** Calibrated probability of AI for a single-language document vector. */
export function probOf(model: TrainedModel, lang: Lang, vec: TrainingVector): number {
  const m = model.langs[lang];
  return sigmoid(calibratedLogit(m, trainingRawScore(m, vec), vec.units));
}

/**
 * The verdict Detector.detect gives a single-language document (thresholds,
 * then the reliability cap of reliability.ts), for the fast evaluation path.
 */
export function verdictOfItem(
  model: TrainedModel,
  lang: Lang,
  vec: TrainingVector,
  prob: number,
): { verdict: Verdict; reliability: Reliability } {
  const m = model.langs[lang];
  const { reliability } = assessReliability({
    relLength: vec.units / model.meta.minLength[lang],
    mixedLanguage: false,
    atypicality: atypicalityOf(m, vec.dense),
    atypicalLimit: m.atypical,
    lengthText: '',
  });
  return { verdict: cappedVerdict(verdictOf(prob, m.thresholds), reliability), reliability };
}

export interface Targets {
  /** Share of calibration human texts allowed at or above the 'ai' / 'mixed' threshold. */
  aiMaxHumanFpr: number;
  mixedMaxHumanFpr: number;
  /** The same, for human texts of sources the scoring model never saw. */
  shiftAiMaxHumanFpr: number;
  shiftMixedMaxHumanFpr: number;
}

export interface TrainSpec {
  cfg: TrainingFeatureConfig;
  fit: FitOptions;
  split: SplitRule;
  minLength: Record<Lang, number>;
  targets: Targets;
  /** Also hold each 'ai'/'mixed' threshold to the targets on out-of-source human text (see buildModel). */
  shiftGuard: boolean;
  /**
   * lengthAware: calibration with a length term (fitPlattLength);
   * shared: one threshold pair for both languages (the stricter of each);
   * fitOn: fit the calibration on out-of-source scores (default, when the
   * shift guard has them) or on the in-domain calibration split;
   * oosRescale: then one monotone rescaling for both languages, fitted on the
   * pooled out-of-source scores (keeps the ranking, makes the probability
   * mean what it would on unseen kinds of text);
   * oosTemperature: then one temperature (logit / T, no intercept) for both
   * languages, fitted on the out-of-source scores with each language counting
   * equally (fitTemperature): every label and each language's ranking stay.
   */
  calibration?: { lengthAware: boolean; shared: boolean; fitOn?: 'oos' | 'calib'; oosRescale?: boolean; oosTemperature?: boolean };
  /** Train only on n-grams used by at least this share of the language's training sources (sharedBuckets). */
  sharedVocabulary?: Record<Lang, number>;
  modelVersion: string;
}

/**
 * Trains on `train` items, then fits calibration and chooses thresholds on
 * `calib` items (only those long enough to be judged), per language.
 */
export function trainAndCalibrate(
  train: Item[],
  calib: Item[],
  spec: TrainSpec,
  extraMeta: Record<string, unknown> = {},
  shifted?: Record<Lang, OutOfSource[]>,
): TrainedModel {
  const langs = {} as Record<Lang, TrainingLangModel>;
  const parts = {} as Record<Lang, { cal: Item[]; oos: OutOfSource[]; ex: Example[] }>;
  const summary: Record<string, unknown> = { ...extraMeta };
  for (const lang of ['en', 'zh'] as const) {
    const ex: Example[] = train.filter((it) => it.row.lang === lang).map((it) => ({ vec: it.vec, y: yOf(it.row), group: groupOf(it.row) }));
    const nDense = trainingDenseSpecs(spec.cfg, lang).length;
    const share = spec.sharedVocabulary?.[lang];
    if (share !== undefined && share > 0) {
      const keep = sharedBuckets(
        train.filter((it) => it.row.lang === lang),
        sparseSize(spec.cfg, lang),
        share,
      );
      for (const e of ex) e.vec = maskVector(e.vec, keep);
    }
    // A network restricted to some languages (mlp.langs) leaves the others linear.
    const { mlp, ...linearFit } = spec.fit;
    const fitOpts = mlp?.langs && !mlp.langs.includes(lang) ? linearFit : spec.fit;
    const m = fitLanguage(ex, sparseSize(spec.cfg, lang), nDense, fitOpts, lang === 'en' && spec.cfg.enLm === true);
    // Calibrate the weights as they will be stored, not the float32 originals.
    m.sparse = roundTripSparse(m.sparse);
    const cal = calib.filter((it) => it.row.lang === lang && it.vec.units >= spec.minLength[lang]);
    // Atypicality limit: 99th percentile over the (judged) training texts.
    const aty = train
      .filter((it) => it.row.lang === lang && it.vec.units >= spec.minLength[lang])
      .map((it) => atypicalityOf(m, it.vec.dense))
      .sort((a, b) => a - b);
    if (aty.length > 0) m.atypical = aty[Math.min(aty.length - 1, Math.floor(0.99 * aty.length))] as number;
    const oos = shifted?.[lang] ?? [];
    // With out-of-source scores, calibrate on them: aiRate then means what it
    // would on a kind of text the model has not seen, instead of the
    // overconfident in-domain probability.
    const calPool =
      oos.length > 0 && spec.calibration?.fitOn !== 'calib'
        ? oos
        : cal.map((it) => ({ raw: trainingRawScore(m, it.vec), y: yOf(it.row), units: it.vec.units }));
    m.platt = spec.calibration?.lengthAware
      ? fitPlattLength(
          calPool.map((o) => o.raw),
          calPool.map((o) => o.units),
          calPool.map((o) => o.y),
          spec.minLength[lang],
        )
      : fitPlatt(
          calPool.map((o) => o.raw),
          calPool.map((o) => o.y),
        );
    langs[lang] = m;
    parts[lang] = { cal, oos, ex };
  }
  if (spec.calibration?.oosRescale) {
    // One monotone map for both languages, fitted on the pooled out-of-source
    // scores: the ranking (and so the labels) stays as fitted, but aiRate
    // becomes a probability for kinds of text the model has not seen, the same
    // in English and Chinese. Folded into each language's calibration.
    const pool = (['en', 'zh'] as const).flatMap((lang) =>
      parts[lang].oos.map((o) => ({ z: calibratedLogit(langs[lang], o.raw, o.units), y: o.y })),
    );
    if (pool.some((o) => o.y === 0) && pool.some((o) => o.y === 1)) {
      const r = fitPlatt(
        pool.map((o) => o.z),
        pool.map((o) => o.y),
      );
      if (r.a > 0) {
        for (const lang of ['en', 'zh'] as const) {
          const p = langs[lang].platt;
          langs[lang].platt = { ...p, a: r.a * p.a, b: r.a * p.b + r.b, ...(p.c !== undefined ? { c: r.a * p.c } : {}) };
        }
      }
    }
  }
  // The shared out-of-source temperature: applied with oosTemperature, else
  // kept (not stored) so that LOSO can report what it would have done.
  let residualTemperature: number | undefined;
  const tPool = (['en', 'zh'] as const).flatMap((lang) =>
    parts[lang].oos.map((o) => ({ z: calibratedLogit(langs[lang], o.raw, o.units), y: o.y, lang })),
  );
  if ((['en', 'zh'] as const).every((lang) => parts[lang].oos.some((o) => o.y === 0) && parts[lang].oos.some((o) => o.y === 1))) {
    const t = fitTemperature(
      tPool.map((o) => o.z),
      tPool.map((o) => o.y),
      tPool.map((o) => o.lang),
    );
    residualTemperature = t;
    if (spec.calibration?.oosTemperature) {
      for (const lang of ['en', 'zh'] as const) {
        const p = langs[lang].platt;
        langs[lang].platt = { ...p, a: p.a / t, b: p.b / t, ...(p.c !== undefined ? { c: p.c / t } : {}) };
      }
      summary.oosTemperature = Number(t.toPrecision(6));
      residualTemperature = 1;
    }
  }
  for (const lang of ['en', 'zh'] as const) {
    const m = langs[lang];
    const { cal, oos, ex } = parts[lang];
    const humanProbs = cal
      .filter((it) => it.row.label === 'human')
      .map((it) => sigmoid(calibratedLogit(m, trainingRawScore(m, it.vec), it.vec.units)));
    const inDomain = chooseThresholds(humanProbs, spec.targets.aiMaxHumanFpr, spec.targets.mixedMaxHumanFpr);
    m.thresholds = inDomain;
    const oosHumans = oos.filter((o) => o.y === 0).map((o) => sigmoid(calibratedLogit(m, o.raw, o.units)));
    if (oosHumans.length > 0) {
      const guard = chooseThresholds(oosHumans, spec.targets.shiftAiMaxHumanFpr, spec.targets.shiftMixedMaxHumanFpr);
      m.thresholds = { ai: Math.max(inDomain.ai, guard.ai), mixed: Math.max(inDomain.mixed, guard.mixed) };
    }
    summary[lang] = {
      trainRows: ex.length,
      trainHuman: ex.filter((e) => e.y === 0).length,
      trainAi: ex.filter((e) => e.y === 1).length,
      calibRows: cal.length,
      calibHuman: humanProbs.length,
      inDomainThresholds: inDomain,
      outOfSourceRows: oos.length,
      outOfSourceHumans: oosHumans.length,
    };
  }
  if (spec.calibration?.shared) {
    // One scale for both languages: the stricter threshold of each band.
    const shared = {
      ai: Math.max(langs.en.thresholds.ai, langs.zh.thresholds.ai),
      mixed: Math.max(langs.en.thresholds.mixed, langs.zh.thresholds.mixed),
    };
    for (const lang of ['en', 'zh'] as const) langs[lang].thresholds = { ...shared };
  }
  const meta: ModelMeta = {
    modelVersion: spec.modelVersion,
    seed: spec.fit.seed,
    config: spec.cfg,
    split: spec.split,
    minLength: spec.minLength,
    targets: spec.targets,
    shiftGuard: spec.shiftGuard,
    ...(spec.calibration ? { calibration: spec.calibration } : {}),
    training: summary,
  };
  return residualTemperature === undefined ? { meta, langs } : { meta, langs, residualTemperature };
}

/** Raw score of a row by a model trained without the row's source. */
export interface OutOfSource {
  raw: number;
  y: 0 | 1;
  units: number;
}

/**
 * The full recipe. With `shiftGuard`, each source is held out in turn, a
 * model is trained without it, and that source's rows are scored. Those
 * out-of-source scores are what personal statements (absent from the
 * corpus) will look like to the model: calibration is fitted on them, and
 * the thresholds must also hold on their human texts. The shipped model is
 * then trained on the train split of all `items`.
 */
export function buildModel(items: Item[], spec: TrainSpec, extraMeta: Record<string, unknown> = {}): TrainedModel {
  const train = items.filter((it) => it.split === 'train');
  const calib = items.filter((it) => it.split === 'calib');
  if (!spec.shiftGuard) return trainAndCalibrate(train, calib, spec, extraMeta);
  const shifted: Record<Lang, OutOfSource[]> = { en: [], zh: [] };
  const sources = [...new Set(items.map((it) => it.row.source))].sort();
  const heldOutSources: Record<Lang, Set<string>> = { en: new Set(), zh: new Set() };
  for (const src of sources) {
    const foldTrain = train.filter((it) => it.row.source !== src);
    const fold = trainAndCalibrate(
      foldTrain,
      calib.filter((it) => it.row.source !== src),
      spec,
    );
    for (const lang of ['en', 'zh'] as const) {
      // A fold that saw no text of this language has nothing to say about it.
      if (!foldTrain.some((it) => it.row.lang === lang)) continue;
      for (const it of items) {
        if (it.row.source !== src || it.row.lang !== lang || it.vec.units < spec.minLength[lang]) continue;
        shifted[lang].push({ raw: trainingRawScore(fold.langs[lang], it.vec), y: yOf(it.row), units: it.vec.units });
        heldOutSources[lang].add(src);
      }
    }
  }
  // Out-of-source calibration needs both classes from at least two held-out sources.
  for (const lang of ['en', 'zh'] as const) {
    const pool = shifted[lang];
    const usable = heldOutSources[lang].size >= 2 && pool.some((o) => o.y === 0) && pool.some((o) => o.y === 1);
    if (!usable) shifted[lang] = [];
  }
  return trainAndCalibrate(train, calib, spec, extraMeta, shifted);
}
