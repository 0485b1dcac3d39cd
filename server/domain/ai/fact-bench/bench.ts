import { HELD_OUT_PAIRS } from './pairs-held-out';
import { HELD_OUT_PAIRS_2 } from './pairs-held-out-2';
import { HELD_OUT_PAIRS_3 } from './pairs-held-out-3';
import { HELD_OUT_PAIRS_4 } from './pairs-held-out-4';
import { HELD_OUT_PAIRS_5 } from './pairs-held-out-5';
import { HELD_OUT_PAIRS_6 } from './pairs-held-out-6';
import { HELD_OUT_PAIRS_7 } from './pairs-held-out-7';
import { HELD_OUT_PAIRS_8 } from './pairs-held-out-8';
import { TUNING_PAIRS } from './pairs';
import { loadFactDictionary } from '../fact-dictionary';
import { scorePair, totalsOf, type PairScore } from './score';
import type { FactPair } from './types';

/**
 * npm run bench:facts (issue 24): recall of planted inventions and the share of true facts flagged,
 * per language setting, on the tuning pairs and on the held-out pairs written after tuning.
 */
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const verbose = process.argv.includes('--verbose');

function report(title: string, pairs: FactPair[]) {
  const scores = pairs.map(scorePair);
  console.log(`\n${title} (${pairs.length} pairs)`);
  const settings = [...new Set(pairs.map((p) => p.setting))];
  for (const setting of [...settings, 'all'] as const) {
    const t = totalsOf(setting === 'all' ? scores : scores.filter((s) => s.setting === setting));
    console.log(
      `  ${setting.padEnd(6)} inventions caught ${t.caught}/${t.inventions} (${pct(t.recall)})  true facts flagged ${t.flagged}/${t.truths} (${pct(t.falseRate)})`,
    );
  }
  const detail = (s: PairScore) => s.missed.length || s.flagged.length;
  for (const s of scores.filter((s) => verbose || detail(s))) {
    console.log(
      `  ${s.id}: missed ${JSON.stringify(s.missed)} flagged ${JSON.stringify(s.flagged)}${verbose ? ` findings ${JSON.stringify(s.findings)}` : ''}`,
    );
  }
  return totalsOf(scores);
}

await loadFactDictionary();
report('Tuning set', TUNING_PAIRS);
report('Held-out set', HELD_OUT_PAIRS);
report('Held-out set 2 (tuned on after its first measure)', HELD_OUT_PAIRS_2);
report('Held-out set 3 (fixed after its first measure)', HELD_OUT_PAIRS_3);
report('Held-out set 4 (its names joined the table after its first measure)', HELD_OUT_PAIRS_4);
report('Held-out set 5', HELD_OUT_PAIRS_5);
report('Held-out set 6 (fixed on after its first measure)', HELD_OUT_PAIRS_6);
report('Held-out set 7', HELD_OUT_PAIRS_7);
report('Held-out set 8', HELD_OUT_PAIRS_8);
console.log('\nTargets: recall ≥ 90%, true facts flagged ≤ 5%.');
