// Method selection experiment (docs/decisions/0007). Trains each candidate
// on the random split and with leave-one-source-out, and prints the
// numbers the ADR quotes. Run: npx tsx ml/detector/experiment.ts [variant...]

import { DEFAULT_SPLIT, loadCorpus } from '../../server/ai/detector/corpus';
import type { Row } from './evaluate';
import { leaveOneSourceOut, markdownTable, report } from './evaluate';
import type { TrainingFeatureConfig } from './experimental-features';
import { DEFAULT_FIT, type FitOptions } from './fit';
import type { TrainSpec } from './pipeline';
import { buildModel, featurize } from './pipeline';

interface Variant {
  name: string;
  cfg: TrainingFeatureConfig;
  fit?: Partial<FitOptions>;
  shiftGuard?: boolean;
}

const words = { en: [1, 2], zh: [1, 2, 3] };
const VARIANTS: Variant[] = [
  { name: 'stylometric', cfg: { bits: 4, tokenOrders: { en: [], zh: [] }, charOrders: [], abstractOrders: [], dense: true } },
  { name: 'ngrams', cfg: { bits: 17, tokenOrders: words, charOrders: [], abstractOrders: [], dense: false } },
  { name: 'ngrams+style', cfg: { bits: 17, tokenOrders: words, charOrders: [], abstractOrders: [], dense: true } },
  { name: 'ngrams+char+style', cfg: { bits: 17, tokenOrders: words, charOrders: [3, 4], abstractOrders: [], dense: true } },
  {
    name: 'ngrams+style/classw',
    cfg: { bits: 17, tokenOrders: words, charOrders: [], abstractOrders: [], dense: true },
    fit: { weighting: 'class' },
  },
  { name: 'unigram+style', cfg: { bits: 17, tokenOrders: { en: [1], zh: [1, 2] }, charOrders: [], abstractOrders: [], dense: true } },
  { name: 'ngrams+style/bits15', cfg: { bits: 15, tokenOrders: words, charOrders: [], abstractOrders: [], dense: true } },
  {
    name: 'abstract+style',
    cfg: { bits: 17, tokenOrders: { en: [], zh: [1, 2, 3] }, charOrders: [], abstractOrders: [1, 2, 3, 4], dense: true },
  },
  { name: 'ngrams+abstract+style', cfg: { bits: 17, tokenOrders: words, charOrders: [], abstractOrders: [2, 3, 4], dense: true } },
  {
    name: 'unigram+style/l2=1e-5',
    cfg: { bits: 17, tokenOrders: { en: [1], zh: [1, 2] }, charOrders: [], abstractOrders: [], dense: true },
    fit: { l2: 1e-5 },
  },
  {
    name: 'unigram+style/l2=1e-4',
    cfg: { bits: 17, tokenOrders: { en: [1], zh: [1, 2] }, charOrders: [], abstractOrders: [], dense: true },
    fit: { l2: 1e-4 },
  },
  {
    name: 'ngrams+style/l2=1e-5',
    cfg: { bits: 17, tokenOrders: words, charOrders: [], abstractOrders: [], dense: true },
    fit: { l2: 1e-5 },
  },
  {
    name: 'ngrams+style/l2=1e-4',
    cfg: { bits: 17, tokenOrders: words, charOrders: [], abstractOrders: [], dense: true },
    fit: { l2: 1e-4 },
  },
  {
    name: 'shipped: unigram(en)+ngrams(zh)+style+shift-guard',
    cfg: { bits: 17, tokenOrders: { en: [1], zh: [1, 2, 3] }, charOrders: [], abstractOrders: [], dense: true },
    shiftGuard: true,
  },
];

const MIN_LENGTH = { en: 50, zh: 100 };

function summary(rows: Row[]): string {
  return rows
    .map(
      (r) =>
        `${r.group}: AUROC ${r.auroc.toFixed(3)} FPR ${(100 * r.humanFpr).toFixed(1)}% recall ${(100 * r.aiRecall).toFixed(1)}% (n ${r.nHuman}h/${r.nAi}ai)`,
    )
    .join(' | ');
}

function main(): void {
  const only = process.argv.slice(2);
  const rows = loadCorpus();
  for (const v of VARIANTS.filter((x) => only.length === 0 || only.includes(x.name))) {
    const t0 = Date.now();
    const items = featurize(rows, v.cfg, DEFAULT_SPLIT);
    const tFeat = Date.now() - t0;
    const spec: TrainSpec = {
      cfg: v.cfg,
      fit: { ...DEFAULT_FIT, ...v.fit },
      split: DEFAULT_SPLIT,
      minLength: MIN_LENGTH,
      targets: { aiMaxHumanFpr: 0.005, mixedMaxHumanFpr: 0.05, shiftAiMaxHumanFpr: 0.01, shiftMixedMaxHumanFpr: 0.05 },
      shiftGuard: v.shiftGuard ?? false,
      modelVersion: `experiment-${v.name}`,
    };
    const t1 = Date.now();
    const model = buildModel(items, spec);
    const tTrain = Date.now() - t1;
    const rnd = report(
      model,
      items.filter((i) => i.split === 'test'),
    );
    const loso = leaveOneSourceOut(items, spec);
    // Mean AUROC over held-out domains that have both classes: each domain counts once.
    const domainAurocs = loso.byDomain.filter((r) => !Number.isNaN(r.auroc));
    const meanAuroc = domainAurocs.reduce((a, r) => a + r.auroc, 0) / domainAurocs.length;
    console.log(`\n### ${v.name}  (featurize ${(tFeat / 1000).toFixed(1)} s, one training ${(tTrain / 1000).toFixed(1)} s)`);
    console.log(`random: ${summary(rnd.byLanguage)}`);
    console.log(`LOSO pooled: ${summary(loso.byLanguage)}`);
    console.log(`LOSO mean per-domain AUROC: ${meanAuroc.toFixed(3)}`);
    console.log(markdownTable([...loso.byDomain, ...loso.byAttack], 'LOSO domain'));
  }
}

main();
