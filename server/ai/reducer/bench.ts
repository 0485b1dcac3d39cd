/**
 * `npm run bench:reduce`: 降AI率 with the local rewriter on held-out AI texts (the detector's test
 * split: texts it was not trained on), per language and mode: how far the rate falls, the share
 * brought under the AI label, the meaning lock (every fact of the original still in the result),
 * and the time per text. `REDUCE_BENCH_N` texts per language (default 120).
 */
import { resolve } from 'node:path';
import { REDUCE_MODES, type ReduceMode } from '../../../contracts/detection-constants';
import { loadDetector } from '../detector';
import { corpusPath, DEFAULT_SPLIT, loadCorpus, splitOf, type CorpusRow } from '../detector/training/data';
import { factsOf } from './facts';
import { reduceAiRate } from './reduce';

const N = Number(process.env.REDUCE_BENCH_N ?? 120);
const CORPORA = ['corpus-extra.jsonl.gz', 'corpus-zh-extra.jsonl.gz'];

function heldOutAi(lang: 'en' | 'zh'): CorpusRow[] {
  const rows: CorpusRow[] = [];
  for (const file of CORPORA) {
    for (const row of loadCorpus(resolve(corpusPath(), '..', file))) {
      if (row.label === 'ai' && row.lang === lang && splitOf(row.text, DEFAULT_SPLIT) === 'test') rows.push(row);
    }
  }
  return rows;
}

/** A deterministic spread of `n` over the list (sources and generators come in runs). */
const spread = <T>(list: T[], n: number) => {
  const step = Math.max(1, list.length / n);
  return Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor(i * step)]!);
};

type Line = { n: number; before: number; after: number; belowAi: number; factsKept: number; ms: number };

async function main() {
  const detector = loadDetector();
  console.log(`降AI率 bench: local rewriter on held-out AI texts (detector test split), up to ${N} per language\n`);
  console.log('lang  mode      texts  held out  mean AI rate before → after  brought under the AI label  facts kept  ms/text');
  for (const lang of ['en', 'zh'] as const) {
    // Texts the detector can judge and labels AI: the ones a user would reduce.
    const pool = heldOutAi(lang);
    const texts = spread(
      pool.filter((row) => {
        const r = detector.detect(row.text);
        return r.ok && r.label === 'ai';
      }),
      N,
    );
    for (const mode of REDUCE_MODES) {
      const line: Line = { n: 0, before: 0, after: 0, belowAi: 0, factsKept: 0, ms: 0 };
      for (const row of texts) {
        const started = performance.now();
        const result = await reduceAiRate(row.text, { mode: mode as ReduceMode });
        line.ms += performance.now() - started;
        line.n++;
        line.before += result.before.aiRate;
        line.after += result.after.aiRate;
        if (result.after.label !== 'ai') line.belowAi++;
        if (factsOf(row.text).every((fact) => result.text.includes(fact)) && result.factsChanged.length === 0) line.factsKept++;
      }
      const pct = (v: number) => `${((100 * v) / Math.max(1, line.n)).toFixed(1)}%`;
      console.log(
        `${lang.padEnd(6)}${mode.padEnd(10)}${String(line.n).padEnd(7)}${String(pool.length).padEnd(10)}` +
          `${(line.before / Math.max(1, line.n)).toFixed(1).padStart(6)} → ${(line.after / Math.max(1, line.n)).toFixed(1).padEnd(21)}` +
          `${pct(line.belowAi).padEnd(28)}${pct(line.factsKept).padEnd(12)}${(line.ms / Math.max(1, line.n)).toFixed(0)}`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
