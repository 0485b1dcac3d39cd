// npm run train:detector
//
// Trains the shipped detector from the corpus (AIGC_CORPUS overrides the
// path), writes model/detector.json + model/weights.bin.gz, evaluates what
// was written and regenerates the figures in MODEL_CARD.md.
// Same seed and corpus => byte-identical weights.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Detector } from '../../server/ai/detector/detector';
import { MODEL_BIN, MODEL_DIR, MODEL_JSON } from '../../server/ai/detector/index';
import { deserialize } from '../../server/ai/detector/model';
import { SHIPPED_SPEC } from './config';
import { corpusPath, loadCorpus } from '../../server/ai/detector/corpus';
import { shortSource } from './data';
import { fullReport, scoreItems } from './evaluate';
import { computeFigures, renderFigures } from './figures';
import { buildModel, featurize } from './pipeline';
import { serialize } from './serialize';

const BEGIN = '<!-- BEGIN GENERATED FIGURES (npm run train:detector) -->';
const END = '<!-- END GENERATED FIGURES -->';

function main(): void {
  const t0 = Date.now();
  const log = (s: string) => process.stderr.write(`${s}\n`);
  log(`corpus: ${corpusPath()}`);
  const rows = loadCorpus();
  const items = featurize(rows, SHIPPED_SPEC.cfg, SHIPPED_SPEC.split);
  log(`featurised ${items.length} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const t1 = Date.now();
  const model = buildModel(items, SHIPPED_SPEC, {
    sources: [...new Set(rows.map((r) => shortSource(r.source)))].sort(),
    corpusRows: rows.length,
  });
  const { json, bin } = serialize(model);
  mkdirSync(MODEL_DIR, { recursive: true });
  writeFileSync(join(MODEL_DIR, MODEL_JSON), json);
  writeFileSync(join(MODEL_DIR, MODEL_BIN), bin);
  log(`trained in ${((Date.now() - t1) / 1000).toFixed(1)} s; wrote ${MODEL_JSON} (${json.length} B), ${MODEL_BIN} (${bin.length} B)`);

  if (model.residualTemperature !== undefined && model.residualTemperature !== 1) {
    // Diagnostic (not stored): what the shared out-of-source temperature would
    // do to the random split's calibration (fast path, same scores).
    const t = fullReport(
      scoreItems(
        model,
        items.filter((it) => it.split === 'test'),
      ),
    ).tempered;
    const cal = (t?.calibration ?? []).map((c) => `${c.group} ECE ${c.ece.toFixed(3)} Brier ${c.brier.toFixed(3)}`).join('; ');
    log(`shared out-of-source temperature (not applied): T = ${model.residualTemperature.toFixed(3)}; random split after it: ${cal}`);
  }

  // Evaluate exactly what was written, through the product path.
  const detector = new Detector(deserialize(json, bin));
  const figures = computeFigures(items, detector, SHIPPED_SPEC, log);
  const text = renderFigures(figures, detector.model);
  updateModelCard(text);
  console.log(text);
  log(`total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Replaces the generated block of MODEL_CARD.md so the card always carries the latest figures. */
function updateModelCard(figures: string): void {
  const path = join(MODEL_DIR, '..', 'MODEL_CARD.md');
  let card: string;
  try {
    card = readFileSync(path, 'utf8');
  } catch {
    card = `# AIGC detector model card\n\n${BEGIN}\n${END}\n`;
  }
  const a = card.indexOf(BEGIN);
  const b = card.indexOf(END);
  if (a < 0 || b < a) throw new Error('MODEL_CARD.md: generated-figures markers missing');
  writeFileSync(path, `${card.slice(0, a + BEGIN.length)}\n\n${figures}\n\n${card.slice(b)}`);
}

main();
