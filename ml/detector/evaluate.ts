// Evaluation: the random held-out split and leave-one-source-out (LOSO),
// broken down by language, domain and attacked generator, as Markdown tables.

import type { Detector } from '../../server/ai/detector/detector';
import type { Verdict } from '../../server/ai/detector/model';
import type { Reliability } from '../../server/ai/detector/reliability';
import type { BinaryMetrics, CalibrationStats } from './calibrate';
import { auroc, binaryMetrics, calibrationStats } from './calibrate';
import type { CorpusRow } from '../../server/ai/detector/corpus';
import { attackOf, shortSource } from './data';
import type { TrainedModel } from './experimental-features';
import type { Item, TrainSpec } from './pipeline';
import { sigmoid } from '../../server/ai/detector/model';
import { calibratedLogit } from '../../server/ai/detector/model';
import { buildModel, verdictOfItem, yOf } from './pipeline';
import { trainingRawScore } from './experimental-features';

export interface Row extends BinaryMetrics {
  group: string;
  refused: number; // rows below the minimum length (no verdict)
}

export interface Scored {
  row: CorpusRow;
  prob: number | null; // null = refused (too short)
  verdict: Verdict | null;
  reliability?: Reliability;
  /** The probability after the model's residual out-of-source temperature (LOSO diagnostic). */
  probT?: number;
}

/** Scores featurised items with a model (the fast path used for LOSO). */
export function scoreItems(model: TrainedModel, items: Item[]): Scored[] {
  const t = model.residualTemperature;
  return items.map(({ row, vec }) => {
    if (vec.units < model.meta.minLength[row.lang]) return { row, prob: null, verdict: null };
    const m = model.langs[row.lang];
    const z = calibratedLogit(m, trainingRawScore(m, vec), vec.units);
    const prob = sigmoid(z);
    return { row, prob, ...verdictOfItem(model, row.lang, vec, prob), ...(t !== undefined ? { probT: sigmoid(z / t) } : {}) };
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

export interface CalibrationRow extends CalibrationStats {
  group: string;
}

export interface Report {
  overall: Row[];
  byLanguage: Row[];
  byDomain: Row[];
  byAttack: Row[];
  byReliability: Row[];
  /** Calibration of the judged texts' probabilities: all, en, zh. */
  calibration: CalibrationRow[];
  /**
   * LOSO only, when every fold had out-of-source scores: the same after each
   * fold's shared out-of-source temperature (labels unchanged by construction).
   */
  tempered?: { calibration: CalibrationRow[]; auroc: Record<string, number> };
}

function calibrationRows(scored: Scored[], probOf: (s: Scored) => number | null | undefined): CalibrationRow[] {
  const groups: [string, Scored[]][] = [
    ['all', scored],
    ['en', scored.filter((s) => s.row.lang === 'en')],
    ['zh', scored.filter((s) => s.row.lang === 'zh')],
  ];
  return groups.map(([group, ss]) => {
    const judged = ss.filter((s) => typeof probOf(s) === 'number');
    return {
      group,
      ...calibrationStats(
        judged.map((s) => probOf(s) as number),
        judged.map((s) => yOf(s.row)),
      ),
    };
  });
}

export function fullReport(scored: Scored[]): Report {
  const onRow = (k: Key) => (s: Scored) => k(s.row);
  return {
    overall: [rowFor('all', scored)],
    byLanguage: breakdown(scored, onRow(byLang)),
    byDomain: breakdown(scored, onRow(byDomain)),
    byAttack: breakdown(scored, onRow(byAttack)),
    byReliability: breakdown(scored, byReliability),
    calibration: calibrationRows(scored, (s) => s.prob),
    ...temperedOf(scored),
  };
}

function temperedOf(scored: Scored[]): Pick<Report, 'tempered'> {
  const judged = scored.filter((s) => s.prob !== null);
  if (judged.length === 0 || judged.some((s) => s.probT === undefined)) return {};
  const aurocOf = (ss: Scored[]) =>
    auroc(
      ss.map((s) => s.probT as number),
      ss.map((s) => yOf(s.row)),
    );
  return {
    tempered: {
      calibration: calibrationRows(judged, (s) => s.probT),
      auroc: {
        all: aurocOf(judged),
        en: aurocOf(judged.filter((s) => s.row.lang === 'en')),
        zh: aurocOf(judged.filter((s) => s.row.lang === 'zh')),
      },
    },
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
    pooled.push(
      ...scoreItems(
        model,
        items.filter((it) => it.row.source === src),
      ),
    );
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
    `#### ${heading}: calibration of aiRate (10 equal-width bins on aiRate/100)`,
    'aiRate is a probability under a 50/50 prior, so ECE, Brier and the observed AI share weight human and AI texts to half the mass each; "as sampled" weights every text the same. ECE = Σ over bins of (bin mass) × |mean predicted − observed AI share|.',
    calibrationTable(r.calibration),
    reliabilityDiagram(r.calibration),
  ].join('\n\n');
}

/** ECE and Brier per language: classes weighted 50/50 (the prior aiRate assumes), and as the texts come. */
export function calibrationTable(rows: CalibrationRow[]): string {
  return [
    '| split | texts | ECE (50/50) | Brier (50/50) | ECE (as sampled) | Brier (as sampled) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.group} | ${r.n} | ${num(r.ece)} | ${num(r.brier)} | ${num(r.eceRaw)} | ${num(r.brierRaw)} |`),
  ].join('\n');
}

/** Reliability table per language: bin, mean predicted vs observed AI share (50/50), texts. */
export function reliabilityDiagram(rows: CalibrationRow[]): string {
  const langs = rows.filter((r) => r.group !== 'all');
  const head = `| aiRate bin | ${langs.map((r) => `${r.group}: mean predicted | ${r.group}: observed AI share | ${r.group}: texts`).join(' | ')} |`;
  const sep = `|---|${langs.map(() => '---:|---:|---:|').join('')}`;
  const bins = (langs[0]?.bins ?? []).map((b, i) => {
    const cells = langs.map((r) => {
      const x = r.bins[i];
      return x && x.n > 0 ? `${pct(x.meanPred)} | ${pct(x.observed)} | ${x.n}` : '– | – | 0';
    });
    return `| ${(100 * b.lo).toFixed(0)}–${(100 * b.lo + 10).toFixed(0)} | ${cells.join(' | ')} |`;
  });
  return [head, sep, ...bins].join('\n');
}
