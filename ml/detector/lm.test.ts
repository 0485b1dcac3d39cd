// The experimental English LM features (cfg.enLm, not shipped; see ADR 0007)
// must survive the weight format and stay deterministic, so the
// experiment numbers can be reproduced and a future model could ship them.
// The runtime does not implement them and must refuse such a model.

import { describe, expect, it } from 'vitest';
import { Detector } from '../../server/ai/detector/detector';
import { deserialize } from '../../server/ai/detector/model';
import { SHIPPED_SPEC } from './config';
import { corpusPath, loadCorpus } from '../../server/ai/detector/corpus';
import { trainingRawScore } from './experimental-features';
import { buildModel, featurize } from './pipeline';
import { readTrainedModel, serialize } from './serialize';

describe('English LM features (experimental)', () => {
  it('train deterministically and round-trip through the weight files', () => {
    const rows = loadCorpus(corpusPath()).filter((r, i) => i % 40 === 0 && (r.lang === 'en' || i % 200 === 0));
    const spec = { ...SHIPPED_SPEC, cfg: { ...SHIPPED_SPEC.cfg, enStyle2: true, enLm: true }, shiftGuard: false };
    const items = featurize(rows, spec.cfg, spec.split);
    const model = buildModel(items, spec);
    const a = serialize(model);
    const b = serialize(buildModel(items, spec));
    expect(Buffer.compare(a.bin, b.bin)).toBe(0);
    expect(a.json).toBe(b.json);
    const back = readTrainedModel(a.json, a.bin);
    expect(back.langs.en.lm).toBeDefined();
    expect(back.langs.zh.lm).toBeUndefined();
    for (const it of items.filter((x) => x.row.lang === 'en').slice(0, 20)) {
      expect(trainingRawScore(back.langs.en, it.vec)).toBeCloseTo(trainingRawScore(model.langs.en, it.vec), 6);
    }
    expect(() => deserialize(a.json, a.bin)).toThrow(/not supported at run time: enStyle2, enLm/);
    expect(() => new Detector(back)).toThrow(/not supported at run time/);
  }, 120_000);
});
