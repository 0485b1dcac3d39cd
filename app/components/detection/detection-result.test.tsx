import { renderToStaticMarkup } from 'react-dom/server';
import { GAUGE_COLOUR, RateGauge } from './detection-result';

// Issue 24: a 99.9% "ai" result was shown on a mostly green gauge. The gauge's colour follows the label.

const thresholds = { mixed: 83.5, ai: 98.4 };
const strokes = (html: string) => [...html.matchAll(/stroke="(#[0-9a-f]{6})"/g)].map((m) => m[1]);

describe('RateGauge', () => {
  it.each([
    ['ai', 99.9, { low: 98.9, high: 99.9 }],
    ['mixed', 90, { low: 80, high: 95 }],
    ['human', 5, { low: 1, high: 20 }],
  ] as const)('is coloured by the label: %s', (label, rate, band) => {
    const html = renderToStaticMarkup(<RateGauge rate={rate} band={band} thresholds={thresholds} label={label} />);
    const value = html.match(/<path[^>]*data-testid="gauge-value"[^>]*>/)?.[0] ?? '';
    expect(value).toContain(`stroke="${GAUGE_COLOUR[label]}"`);
    // No other label's colour anywhere on the gauge: no green arc under a 99.9% "ai" needle.
    for (const other of (['human', 'mixed', 'ai'] as const).filter((l) => l !== label)) {
      expect(strokes(html)).not.toContain(GAUGE_COLOUR[other]);
    }
  });

  it('fills the arc up to the rate, so a high rate is mostly the label colour', () => {
    const html = renderToStaticMarkup(<RateGauge rate={99.9} band={{ low: 98.9, high: 99.9 }} thresholds={thresholds} label="ai" />);
    const d = html.match(/<path[^>]*data-testid="gauge-value"[^>]*d="([^"]+)"|<path[^>]*d="([^"]+)"[^>]*data-testid="gauge-value"/);
    expect(d).not.toBeNull();
    // The value arc starts at 0 (left end, x = 16) and ends near 100 (right end, x = 184).
    const nums = (d![1] ?? d![2])!.match(/-?\d+(?:\.\d+)?/g)!.map(Number);
    expect(nums[0]).toBeCloseTo(16, 0);
    expect(nums[nums.length - 2]).toBeGreaterThan(183);
  });
});
