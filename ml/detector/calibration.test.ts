// The calibration report (ECE, Brier, reliability bins) and the shared
// out-of-source temperature.

import { describe, expect, it } from 'vitest';
import { calibrationStats, fitTemperature } from './calibrate';

describe('calibrationStats', () => {
  it('is zero ECE for probabilities that match the observed share in each bin', () => {
    // Bin 20–30%: 1 of 4 AI at 0.25; bin 70–80%: 3 of 4 AI at 0.75. Equal class counts, so 50/50 = as sampled.
    const probs = [0.25, 0.25, 0.25, 0.25, 0.75, 0.75, 0.75, 0.75];
    const ys: (0 | 1)[] = [1, 0, 0, 0, 1, 1, 1, 0];
    const c = calibrationStats(probs, ys);
    expect(c.ece).toBeCloseTo(0, 10);
    expect(c.eceRaw).toBeCloseTo(0, 10);
    expect(c.brier).toBeCloseTo(0.1875, 10);
    expect(c.bins[2]).toMatchObject({ n: 4, meanPred: 0.25, observed: 0.25 });
    expect(c.bins).toHaveLength(10);
  });

  it('weights the classes 50/50 and puts 1.0 in the last bin', () => {
    // Overconfident: every text at 1.0, one human among three AI.
    const c = calibrationStats([1, 1, 1, 1], [1, 1, 1, 0]);
    expect(c.bins[9]).toMatchObject({ n: 4, meanPred: 1 });
    expect(c.ece).toBeCloseTo(0.5, 10); // observed AI share 50/50-weighted is 0.5
    expect(c.eceRaw).toBeCloseTo(0.25, 10);
  });

  it('gives NaN (50/50) when a class is absent', () => {
    expect(calibrationStats([0.9, 0.8], [1, 1]).ece).toBeNaN();
  });
});

describe('fitTemperature', () => {
  it('softens overconfident logits and sharpens timid ones', () => {
    // Logits of ±4 that are right only 3 times in 4: T > 1.
    const z = [4, 4, 4, -4, -4, -4, -4, 4];
    const y: (0 | 1)[] = [1, 1, 1, 1, 0, 0, 0, 0];
    const t = fitTemperature(
      z,
      y,
      z.map(() => 'en'),
    );
    expect(t).toBeGreaterThan(1);
    expect(1 / (1 + Math.exp(-4 / t))).toBeCloseTo(0.75, 2);
    // Logits of ±0.5 that are always right: T < 1.
    expect(fitTemperature([0.5, -0.5], [1, 0], ['en', 'en'])).toBeLessThan(1);
  });
});
