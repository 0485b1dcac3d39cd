// The shipped thresholds keep false accusations rare: on the held-out human
// test split (same hash rule as training, read from the weights metadata)
// at most 1% of judged human texts are labelled 'ai', overall and per
// language. Needs the corpus (AIGC_CORPUS or ../shared/data/aigc).

import { describe, expect, it } from 'vitest';
import { loadDetector } from '../../server/ai/detector/index';
import { corpusPath, loadCorpus, splitOf } from '../../server/ai/detector/corpus';

describe('held-out human false-positive rate', () => {
  it('labels at most 1% of held-out human texts as ai', () => {
    const detector = loadDetector();
    const { split } = detector.model.meta;
    const humans = loadCorpus(corpusPath()).filter((r) => r.label === 'human' && splitOf(r.text, split) === 'test');
    const stats = { en: { judged: 0, flagged: 0 }, zh: { judged: 0, flagged: 0 } };
    for (const row of humans) {
      const r = detector.detect(row.text);
      if (!r.ok) continue;
      stats[row.lang].judged++;
      if (r.label === 'ai') stats[row.lang].flagged++;
    }
    const judged = stats.en.judged + stats.zh.judged;
    const flagged = stats.en.flagged + stats.zh.flagged;
    // Enough texts for the rate to mean something.
    expect(stats.en.judged).toBeGreaterThan(300);
    expect(stats.zh.judged).toBeGreaterThan(200);
    expect(flagged / judged).toBeLessThanOrEqual(0.01);
    expect(stats.en.flagged / stats.en.judged).toBeLessThanOrEqual(0.01);
    expect(stats.zh.flagged / stats.zh.judged).toBeLessThanOrEqual(0.01);
  }, 60_000);
});
