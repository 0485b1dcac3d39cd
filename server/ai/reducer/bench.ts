/**
 * `npm run bench:reduce`: 降AI率 with the local rewriter on held-out AI texts (the detector's test
 * split: texts it was not trained on), per language and mode: how far the rate falls, the share
 * brought under the AI label and under the mixed label, the facts kept by an independent audit
 * (fact-audit.ts, not the reducer's own meaning lock), and the time per text. `REDUCE_BENCH_N`
 * texts per language (default 120); every third text gets protected terms (its two longest words).
 *
 * The rewriter is guided by the detector that scores it here, so this measures the gain against
 * that detector. For a check by a detector that did not guide it, the texts are also scored by the
 * previous detector (aigc-linear-1.0.0, read from git history when available): same method, other
 * training data, other weights. Exits non-zero if any text lost a fact.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REDUCE_MODES, type ReduceMode } from '../../../contracts/detection-constants';
import { type Detector, loadDetector, loadDetectorFrom } from '../detector';
import { corpusPath, DEFAULT_SPLIT, loadCorpus, splitOf, type CorpusRow } from '../detector/corpus';
import { auditFacts } from './fact-audit';
import { reduceAiRate } from './reduce';

const N = Number(process.env.REDUCE_BENCH_N ?? 120);
const CORPORA = ['corpus-extra.jsonl.gz', 'corpus-zh-extra.jsonl.gz'];
/** The commit that shipped detector 1.0.0 (its weights are the "other detector"). */
const OTHER_DETECTOR_COMMIT = '4e5df68';

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

/** Protected terms for every third text: its two longest words (English) or 4-character runs (Chinese). */
function protectedTermsFor(text: string, i: number, lang: 'en' | 'zh'): string[] {
  if (i % 3 !== 0) return [];
  const words = lang === 'en' ? (text.match(/\b[a-z][a-z-]{8,}\b/g) ?? []) : (text.match(/[\u4e00-\u9fff]{4}(?=[，。])/g) ?? []);
  return [...new Set(words)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1)).slice(0, 2);
}

function otherDetector(): Detector | null {
  const dir = mkdtempSync(join(tmpdir(), 'detector-1.0.0-'));
  try {
    for (const file of ['detector.json', 'weights.bin.gz']) {
      const bytes = execFileSync('git', ['show', `${OTHER_DETECTOR_COMMIT}:server/ai/detector/model/${file}`], {
        maxBuffer: 64 << 20,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      writeFileSync(join(dir, file), bytes);
    }
    return loadDetectorFrom(dir);
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Line = {
  n: number;
  before: number;
  after: number;
  belowAi: number;
  belowMixed: number;
  kept: number;
  ms: number;
  oBefore: number;
  oAfter: number;
  oAiBefore: number;
  oAiAfter: number;
};

async function main() {
  const detector = loadDetector();
  const other = otherDetector();
  let lostAny = 0;
  console.log(`降AI率 bench: local rewriter on held-out AI texts (detector test split), up to ${N} per language`);
  console.log(
    other ? `other detector (did not guide the rewriter): ${other.modelVersion}\n` : 'other detector: not available (no git history)\n',
  );
  console.log(
    'lang  mode      texts  mean AI rate before → after  under ai  under mixed  facts kept (audit)  ms/text' +
      (other ? '  | 1.0.0: rate before → after, labelled ai before → after' : ''),
  );
  for (const lang of ['en', 'zh'] as const) {
    // Texts the detector can judge and labels AI: the ones a user would reduce.
    const texts = spread(
      heldOutAi(lang).filter((row) => {
        const r = detector.detect(row.text);
        return r.ok && r.label === 'ai';
      }),
      N,
    );
    for (const mode of REDUCE_MODES) {
      const line: Line = {
        n: 0,
        before: 0,
        after: 0,
        belowAi: 0,
        belowMixed: 0,
        kept: 0,
        ms: 0,
        oBefore: 0,
        oAfter: 0,
        oAiBefore: 0,
        oAiAfter: 0,
      };
      for (const [i, row] of texts.entries()) {
        const protectedTerms = protectedTermsFor(row.text, i, lang);
        const started = performance.now();
        const result = await reduceAiRate(row.text, { mode: mode as ReduceMode, protectedTerms });
        line.ms += performance.now() - started;
        line.n++;
        line.before += result.before.aiRate;
        line.after += result.after.aiRate;
        if (result.after.label !== 'ai') line.belowAi++;
        if (result.after.label === 'human') line.belowMixed++;
        const lost = auditFacts(row.text, result.text, protectedTerms);
        if (lost.length === 0 && result.factsChanged.length === 0) line.kept++;
        else {
          lostAny++;
          console.error(`  lost (${lang} ${mode} #${i}): ${[...lost, ...result.factsChanged].join(', ')}`);
        }
        if (other) {
          const b = other.detect(row.text);
          const a = other.detect(result.text);
          if (b.ok && a.ok) {
            line.oBefore += b.aiRate;
            line.oAfter += a.aiRate;
            if (b.label === 'ai') line.oAiBefore++;
            if (a.label === 'ai') line.oAiAfter++;
          }
        }
      }
      const n = Math.max(1, line.n);
      const pct = (v: number) => `${((100 * v) / n).toFixed(1)}%`;
      console.log(
        `${lang.padEnd(6)}${mode.padEnd(10)}${String(line.n).padEnd(7)}` +
          `${(line.before / n).toFixed(1).padStart(6)} → ${(line.after / n).toFixed(1).padEnd(21)}` +
          `${pct(line.belowAi).padEnd(10)}${pct(line.belowMixed).padEnd(13)}${`${line.kept}/${line.n}`.padEnd(20)}${(line.ms / n).toFixed(0).padEnd(9)}` +
          (other
            ? `| ${(line.oBefore / n).toFixed(1)} → ${(line.oAfter / n).toFixed(1)}, ${pct(line.oAiBefore)} → ${pct(line.oAiAfter)}`
            : ''),
      );
    }
    // Time for a long text in strong mode (one core): held-out texts joined to ~1,000 words / 1,600 characters.
    const pool = heldOutAi(lang);
    let long = '';
    for (const row of pool) {
      if ((lang === 'en' ? long.split(/\s+/).length : long.length) >= (lang === 'en' ? 1000 : 1600)) break;
      long += (long ? '\n\n' : '') + row.text;
    }
    const started = performance.now();
    const r = await reduceAiRate(long, { mode: 'strong' });
    console.log(
      `      strong on one ${lang === 'en' ? `${long.split(/\s+/).length}-word` : `${long.length}-character`} text: ${(performance.now() - started).toFixed(0)} ms (${r.before.aiRate} → ${r.after.aiRate})`,
    );
  }
  if (lostAny > 0) {
    console.error(`\n${lostAny} reductions lost a fact (independent audit).`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
