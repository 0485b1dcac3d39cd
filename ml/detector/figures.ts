// The figures of the model card: random split, leave-one-source-out and the
// minimum-length study, computed by train.ts and re-computed by bench.ts.

import type { Detector } from '../../server/ai/detector/detector';
import type { DetectorModel, Thresholds } from '../../server/ai/detector/model';
import type { Lang } from '../../server/ai/detector/text';
import { auroc } from './calibrate';
import type { Report } from './evaluate';
import { fullReport, leaveOneSourceOut, markdownReport, scoreWithDetector } from './evaluate';
import type { Item, TrainSpec } from './pipeline';
import { featurize, probOf, yOf } from './pipeline';

const LENGTHS: Record<Lang, number[]> = { en: [20, 30, 50, 80, 120, 200], zh: [30, 50, 80, 120, 200, 300] };

export interface LengthRow {
  lang: Lang;
  length: number;
  n: number;
  auroc: number;
  humanFpr: number; // at the shipped 'ai' threshold
}

/**
 * Texts of the calibration split with at least L units, cut to their first
 * ~L units and scored: how much does a verdict degrade with less text?
 */
export function lengthStudy(items: Item[], spec: TrainSpec, model: DetectorModel): LengthRow[] {
  const out: LengthRow[] = [];
  for (const lang of ['en', 'zh'] as const) {
    for (const L of LENGTHS[lang]) {
      const rows = items.filter((it) => it.split === 'calib' && it.row.lang === lang && it.vec.units >= L).map((it) => it.row);
      const cut = featurize(rows, spec.cfg, spec.split, L);
      const probs = cut.map((it) => probOf(model, lang, it.vec));
      const ys = cut.map((it) => yOf(it.row));
      const humans = probs.filter((_, i) => ys[i] === 0);
      const fp = humans.filter((p) => p >= model.langs[lang].thresholds.ai).length;
      out.push({ lang, length: L, n: cut.length, auroc: auroc(probs, ys), humanFpr: humans.length ? fp / humans.length : NaN });
    }
  }
  return out;
}

export function lengthTable(rows: LengthRow[]): string {
  return [
    '| language | cut to (words / 字) | texts | AUROC | human FPR at shipped ai threshold |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.lang} | ${r.length} | ${r.n} | ${r.auroc.toFixed(3)} | ${(100 * r.humanFpr).toFixed(1)}% |`),
  ].join('\n');
}

export interface Figures {
  random: Report;
  loso: Report;
  length: LengthRow[];
}

export function computeFigures(items: Item[], detector: Detector, spec: TrainSpec, log: (s: string) => void): Figures {
  const testRows = items.filter((it) => it.split === 'test').map((it) => it.row);
  const random = fullReport(scoreWithDetector(detector, testRows));
  log('leave-one-source-out...');
  const loso = leaveOneSourceOut(items, spec, log);
  if (loso.tempered) {
    // Diagnostic (not in the card): each fold's shared out-of-source temperature applied to its scores.
    const t = loso.tempered;
    const cal = t.calibration.map((c) => `${c.group} ECE ${c.ece.toFixed(3)} Brier ${c.brier.toFixed(3)}`).join('; ');
    log(
      `LOSO after each fold's shared out-of-source temperature: AUROC all ${t.auroc.all?.toFixed(3)} en ${t.auroc.en?.toFixed(3)} zh ${t.auroc.zh?.toFixed(3)}; ${cal}`,
    );
  }
  const length = lengthStudy(items, spec, detector.model);
  return { random, loso, length };
}

export function renderFigures(f: Figures, model: DetectorModel): string {
  const t = (x: Thresholds) => `mixed ≥ ${(100 * x.mixed).toFixed(1)}, ai ≥ ${(100 * x.ai).toFixed(1)}`;
  const m = model.meta;
  return [
    `Model \`${m.modelVersion}\`. Label thresholds on aiRate — en: ${t(model.langs.en.thresholds)}; zh: ${t(model.langs.zh.thresholds)}. Minimum length — en: ${m.minLength.en} words, zh: ${m.minLength.zh} 字.`,
    '### Random held-out split (test = 15% by text hash, scored through `Detector.detect`)',
    markdownReport(f.random, 'Random split'),
    '### Leave-one-source-out (train and calibrate without the source, test on all of its rows)',
    markdownReport(f.loso, 'LOSO'),
    '### Minimum length study (calibration split, texts cut to a length)',
    lengthTable(f.length),
  ].join('\n\n');
}
