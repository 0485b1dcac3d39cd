// Generalisation experiments (issue 14, ADR 0028): every candidate is judged
// by nested leave-one-source-out over all corpora (each source held out in
// turn; calibration and thresholds rebuilt without it). Run:
//   npx tsx ml/detector/experiment-gen.ts [variant...]
// FAST=1 skips the nested shift guard (per-language AUROC only, ~10× faster).
// Prints one Markdown row per variant (overall / en / zh) and, on stderr,
// the per-domain figures.

import { SHIPPED_SPEC } from './config';
import { DEFAULT_SPLIT, loadCorpus } from '../../server/ai/detector/corpus';
import type { CalibrationRow, Row } from './evaluate';
import { leaveOneSourceOut, reliabilityDiagram } from './evaluate';
import type { Item, TrainSpec } from './pipeline';
import { featurize } from './pipeline';
import { VARIANTS } from './variants';

const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);
const f3 = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(3));
const cell = (r: Row | undefined, f: (r: Row) => string) => (r ? f(r) : '–');

function main(): void {
  const names = process.argv.slice(2);
  const rows = loadCorpus();
  const cache = new Map<string, Item[]>();
  console.log(
    '| variant | LOSO AUROC all / en / zh | human FPR (ai) all / en / zh | AI recall (ai) all / en / zh | human → mixed/ai all / en / zh | AI → mixed/ai all / en / zh |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const name of names.length > 0 ? names : Object.keys(VARIANTS)) {
    const v = VARIANTS[name];
    if (!v) throw new Error(`unknown variant ${name}`);
    const spec: TrainSpec = {
      ...SHIPPED_SPEC,
      ...v.spec,
      cfg: { ...SHIPPED_SPEC.cfg, ...v.spec?.cfg },
      fit: { ...SHIPPED_SPEC.fit, ...v.spec?.fit },
      modelVersion: `experiment-${name}`,
    };
    // FAST=1: screening only. No shift guard inside the folds, so the
    // per-language AUROC is right but thresholds, rates and the pooled
    // AUROC across languages are not the recipe's.
    if (process.env.FAST === '1') spec.shiftGuard = false;
    const t0 = Date.now();
    const key = JSON.stringify(spec.cfg);
    let items = cache.get(key);
    if (!items) {
      items = featurize(rows, spec.cfg, DEFAULT_SPLIT);
      cache.set(key, items);
    }
    const loso = leaveOneSourceOut(items, spec, (s) => process.stderr.write(`${s}\n`));
    const rs = [loso.overall[0], loso.byLanguage.find((r) => r.group === 'en'), loso.byLanguage.find((r) => r.group === 'zh')];
    const three = (f: (r: Row) => string) => rs.map((r) => cell(r, f)).join(' / ');
    console.log(
      `| ${name} | ${three((r) => f3(r.auroc))} | ${three((r) => pct(r.humanFpr))} | ${three((r) => pct(r.aiRecall))} | ${three((r) => pct(r.humanMixedOrAi))} | ${three((r) => pct(r.aiRecallMixedOrAi))} |`,
    );
    const cal = (cs: CalibrationRow[]) =>
      cs.map((c) => `${c.group} ECE ${f3(c.ece)} Brier ${f3(c.brier)} (as sampled ${f3(c.eceRaw)} / ${f3(c.brierRaw)})`).join('; ');
    console.log(`  calibration: ${cal(loso.calibration)}`);
    if (loso.tempered) {
      const a = loso.tempered.auroc;
      console.log(
        `  + shared out-of-source temperature (nested): AUROC ${f3(a.all as number)} / ${f3(a.en as number)} / ${f3(a.zh as number)}; ${cal(loso.tempered.calibration)}`,
      );
    }
    if (process.env.BINS === '1') {
      console.log(reliabilityDiagram(loso.calibration));
      if (loso.tempered) console.log(`\ntempered:\n${reliabilityDiagram(loso.tempered.calibration)}`);
    }
    process.stderr.write(`${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
    for (const d of loso.byDomain)
      process.stderr.write(
        `  ${d.group}: n ${d.nHuman}h/${d.nAi}ai AUROC ${f3(d.auroc)} FPR ${pct(d.humanFpr)} recall ${pct(d.aiRecall)} mixed+ ${pct(d.aiRecallMixedOrAi)}\n`,
      );
    for (const d of loso.byAttack) process.stderr.write(`  ${d.group}: recall ${pct(d.aiRecall)} mixed+ ${pct(d.aiRecallMixedOrAi)}\n`);
  }
}

main();
