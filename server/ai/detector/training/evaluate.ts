// Evaluation: the random held-out split and leave-one-source-out (LOSO),
// broken down by language, domain and attacked generator, as Markdown tables.

import type { Detector } from '../detector';
import type { Verdict } from '../model';
import type { Reliability } from '../reliability';
import type { BinaryMetrics } from './calibrate';
import { binaryMetrics } from './calibrate';
import type { CorpusRow } from './data';
import { attackOf, shortSource } from './data';
import type { TrainedModel } from './experimental-features';
import type { Item, TrainSpec } from './pipeline';
import { buildModel, probOf, verdictOfItem, yOf } from './pipeline';

export interface Row extends BinaryMetrics {
  group: string;
  refused: number; // rows below the minimum length (no verdict)
}

export interface Scored {
  row: CorpusRow;
  prob: number | null; // null = refused (too short)
  verdict: Verdict | null;
  reliability?: Reliability;
}

/** Scores featurised items with a model (the fast path used for LOSO). */
export function scoreItems(model: TrainedModel, items: Item[]): Scored[] {
  return items.map(({ row, vec }) => {
    if (vec.units < model.meta.minLength[row.lang]) return { row, prob: null, verdict: null };
    const prob = probOf(model, row.lang, vec);
    return { row, prob, ...verdictOfItem(model, row.lang, vec, prob) };
  });
}

/** Scores rows through the product path, Detector.detect(), as the API will. */
export function scoreWithDetector(detector: Detector, rows: CorpusRow[]): Scored[] {
  return rows.map((row) => {
    const r = detector.detect(row.text);
    return r.ok ? { row, prob: r.aiRate / 100, verdict: r.label, reliability: r.reliability } : { row, prob: null, verdict: null };
  });
}

function rowFor(group: string, scored: Scored[]): Row {
  const judged = scored.filter((s) => s.prob !== null);
  const m = binaryMetrics(
    judged.map((s) => s.prob as number),
    judged.map((s) => yOf(s.row)),
    judged.map((s) => s.verdict as Verdict),
  );
  return { group, ...m, refused: scored.length - judged.length };
}

type Key = (row: CorpusRow) => string | null;

function breakdown(scored: Scored[], keyOf: (s: Scored) => string | null): Row[] {
  const groups = new Map<string, Scored[]>();
  for (const s of scored) {
    const k = keyOf(s);
    if (k === null) continue;
    const arr = groups.get(k) ?? [];
    arr.push(s);
    groups.set(k, arr);
  }
  return [...groups.keys()].sort().map((k) => rowFor(k, groups.get(k) ?? []));
}

const byLang: Key = (r) => r.lang;
const byDomain: Key = (r) => `${r.lang} ${shortSource(r.source)} / ${r.domain}`;
const byAttack: Key = (r) => {
  const a = attackOf(r.generator);
  return a === null ? (r.label === 'ai' ? 'AI, not attacked' : null) : `AI +${a}`;
};

const byReliability = (s: Scored) => (s.reliability ? `${s.row.lang} reliability ${s.reliability}` : null);

export interface Report {
  overall: Row[];
  byLanguage: Row[];
  byDomain: Row[];
  byAttack: Row[];
  byReliability: Row[];
}

export function fullReport(scored: Scored[]): Report {
  const onRow = (k: Key) => (s: Scored) => k(s.row);
  return {
    overall: [rowFor('all', scored)],
    byLanguage: breakdown(scored, onRow(byLang)),
    byDomain: breakdown(scored, onRow(byDomain)),
    byAttack: breakdown(scored, onRow(byAttack)),
    byReliability: breakdown(scored, byReliability),
  };
}

/** Metrics of one model on items it has not seen. */
export function report(model: TrainedModel, items: Item[]): Report {
  return fullReport(scoreItems(model, items));
}

/**
 * Leave-one-source-out: for each source, train and calibrate on the other
 * sources (their train / calib splits) and test on every row of it. Pooled
 * rows combine each source scored by the model that never saw it.
 */
export function leaveOneSourceOut(items: Item[], spec: TrainSpec, log: (s: string) => void = () => {}): Report {
  const sources = [...new Set(items.map((it) => it.row.source))].sort();
  const pooled: Scored[] = [];
  for (const src of sources) {
    const t0 = Date.now();
    const rest = items.filter((it) => it.row.source !== src);
    const model = buildModel(rest, spec);
    pooled.push(...scoreItems(model, items.filter((it) => it.row.source === src)));
    log(`  LOSO without ${shortSource(src)}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  return fullReport(pooled);
}

// ---------------------------------------------------------------------------
// Formatting.

const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);
const num = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(3));

export function markdownTable(rows: Row[], title: string): string {
  const head = `| ${title} | human | AI | too short | AUROC | F1 | human FPR (ai) | human → mixed/ai | AI recall (ai) | AI → mixed/ai |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`;
  const body = rows.map(
    (r) =>
      `| ${r.group} | ${r.nHuman} | ${r.nAi} | ${r.refused} | ${num(r.auroc)} | ${num(r.f1)} | ${pct(r.humanFpr)} | ${pct(r.humanMixedOrAi)} | ${pct(r.aiRecall)} | ${pct(r.aiRecallMixedOrAi)} |`,
  );
  return [head, ...body].join('\n');
}

export function markdownReport(r: Report, heading: string): string {
  return [
    `#### ${heading}: overall and by language`,
    markdownTable([...r.overall, ...r.byLanguage], 'split'),
    `#### ${heading}: by source / domain`,
    markdownTable(r.byDomain, 'lang source / domain'),
    `#### ${heading}: AI texts by attack (paraphrase / evasion)`,
    markdownTable(r.byAttack, 'generator kind'),
    `#### ${heading}: by reliability of the verdict (\`reliability\`; 'low' is never labelled ai)`,
    markdownTable(r.byReliability, 'lang reliability'),
  ].join('\n\n');
}
