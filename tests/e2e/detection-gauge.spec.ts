import { readFileSync } from 'node:fs';
import { expect, signIn, test, waitForHydration } from './fixtures';

/**
 * Issue 24: the result panel of a high-AI check at 1440 and 375 px. The rate is capped at 99.9 with a band
 * that is not a point, and the gauge is filled in the label's colour (red), not a green-to-red gradient.
 */

const AI_ESSAY = readFileSync(new URL('../fixtures/detection/ai-essay-en.txt', import.meta.url), 'utf8');

for (const width of [1440, 375]) {
  test(`a high-AI result's gauge follows its label at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/dash/reduce-ai');
    await waitForHydration(page);
    await page.getByTestId('detect-text').fill(AI_ESSAY);
    await page.getByTestId('detect-submit').click();
    await expect(page.getByTestId('detection-label')).toHaveText('大概率含有 AI 生成内容');
    await expect(page.getByTestId('detection-rate')).toHaveText('99.9%');
    const band = (await page.getByTestId('detection-band').textContent())!;
    const [low, high] = [...band.matchAll(/([\d.]+)%/g)].map((m) => Number(m[1]));
    expect(high! - low!).toBeGreaterThan(0);
    const value = page.getByTestId('detection-result').getByTestId('gauge-value');
    await expect(value).toHaveAttribute('data-label', 'ai');
    await expect(value).toHaveAttribute('stroke', '#ef4444');
    const panel = page.getByTestId('detection-result');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`detection-gauge-${width}.png`), fullPage: false, clip: undefined });
    await panel
      .locator('svg[role="img"]')
      .first()
      .screenshot({ path: testInfo.outputPath(`gauge-${width}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`detection-result-${width}.png`), fullPage: true });
  });
}
