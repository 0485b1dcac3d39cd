// English follow-up experiments (docs/decisions/0007, "Second round"; tables in the model card):
// every candidate goes through the *shipped* recipe (shift guard, 80-word
// minimum, thresholds ≤1% 'ai' on out-of-source humans) and is judged by
// nested leave-one-source-out on the English rows. Run:
//   npx tsx ml/detector/experiment-en.ts [variant...]
// Each variant takes 1–3 minutes on one core.

import { SHIPPED_SPEC } from './config';
import { DEFAULT_SPLIT, loadCorpus } from '../../server/ai/detector/corpus';
import { leaveOneSourceOut, report } from './evaluate';
import type { TrainingFeatureConfig } from './experimental-features';
import type { FitOptions } from './fit';
import type { TrainSpec } from './pipeline';
import { buildModel, featurize } from './pipeline';

const NO_EN_WORDS = { en: [] as number[], zh: [1, 2, 3] };
const VARIANTS: Record<string, { cfg?: Partial<TrainingFeatureConfig>; fit?: Partial<FitOptions> }> = {
  shipped: {},
  'shipped/seed7': { fit: { seed: 7 } },
  style2: { cfg: { enStyle2: true } },
  'style2/l2=1e-4': { cfg: { enStyle2: true }, fit: { l2: 1e-4 } },
  'style2/epochs=3': { cfg: { enStyle2: true }, fit: { epochs: 3 } },
  'style2/class-weighting': { cfg: { enStyle2: true }, fit: { weighting: 'class' } },
  'function-word 2-3-grams': { cfg: { abstractOrders: [2, 3] } },
  lm: { cfg: { enLm: true } },
  'lm/seed7': { cfg: { enLm: true }, fit: { seed: 7 } },
  'style2+lm': { cfg: { enStyle2: true, enLm: true } },
  'lm, no word unigrams': { cfg: { enLm: true, tokenOrders: NO_EN_WORDS } },
  'style2+lm, no word unigrams': { cfg: { enStyle2: true, enLm: true, tokenOrders: NO_EN_WORDS } },
};

function main(): void {
  const names = process.argv.slice(2);
  const rows = loadCorpus().filter((r) => r.lang === 'en');
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(
    '| variant | random AUROC | random FPR (ai) | random recall ai / mixed-or-ai | LOSO AUROC | LOSO FPR ai / mixed-or-ai | LOSO recall ai / mixed-or-ai |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const name of names.length > 0 ? names : Object.keys(VARIANTS)) {
    const v = VARIANTS[name];
    if (!v) throw new Error(`unknown variant ${name}`);
    const spec: TrainSpec = {
      ...SHIPPED_SPEC,
      cfg: { ...SHIPPED_SPEC.cfg, ...v.cfg },
      fit: { ...SHIPPED_SPEC.fit, ...v.fit },
      modelVersion: `experiment-${name}`,
    };
    const t0 = Date.now();
    const items = featurize(rows, spec.cfg, DEFAULT_SPLIT);
    const r = report(
      buildModel(items, spec),
      items.filter((i) => i.split === 'test'),
    ).byLanguage[0];
    const loso = leaveOneSourceOut(items, spec);
    const l = loso.byLanguage[0];
    if (!r || !l) throw new Error('no English rows');
    console.log(
      `| ${name} | ${r.auroc.toFixed(3)} | ${pct(r.humanFpr)} | ${pct(r.aiRecall)} / ${pct(r.aiRecallMixedOrAi)} | ${l.auroc.toFixed(3)} | ${pct(l.humanFpr)} / ${pct(l.humanMixedOrAi)} | ${pct(l.aiRecall)} / ${pct(l.aiRecallMixedOrAi)} |`,
    );
    process.stderr.write(
      `${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s; ${loso.byDomain.map((d) => `${d.group} AUROC ${d.auroc.toFixed(2)} recall ${pct(d.aiRecall)}`).join('; ')}\n`,
    );
  }
}

main();
