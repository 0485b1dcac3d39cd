import { readFileSync } from 'node:fs';
import { expect, signIn, test, waitForHydration } from './fixtures';
import { editorOf, selectParagraph } from './writing-editor';

/**
 * Honest charging (issue 24, ADR 0040) with the offline engine: paid buttons show their price
 * before they run; the tools it cannot do are not offered; a 降AI率 that misses keeps no points.
 */
const AI_ESSAY = readFileSync(new URL('../fixtures/detection/ai-essay-en.txt', import.meta.url), 'utf8');
const SHOTS = process.env.HONEST_SHOTS_DIR;

for (const width of [1440, 375]) {
  test(`writing page at ${width} px: the draft and the tools show their prices; 改写/扩写/重写/翻译 are not offered offline`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/dash/free-writing');
    await waitForHydration(page);
    await expect(page.getByTestId('generate-price')).toHaveText('价格：免费（离线引擎，未接入 AI 语言模型）');
    const start = await page.getByTestId('points-display').first().textContent();
    const editor = editorOf(page);
    await editor.click();
    await page.keyboard.type('I worked in a lab for two years. In order to learn, I read very many papers.');
    await selectParagraph(page, 0);
    for (const tool of ['rephrase', 'expand', 'rewrite', 'translate']) {
      await expect(page.getByTestId(`tool-${tool}`)).toBeDisabled();
      await expect(page.getByTestId(`tool-${tool}`)).toContainText('离线模式不可用');
    }
    await expect(page.getByTestId('tools-offline-note')).toContainText('离线模式（未接入 AI 语言模型）不能扩写、改写、重写、翻译');
    await expect(page.getByTestId('tool-shorten')).toHaveText('缩写 · 免费');
    await expect(page.getByTestId('tool-style')).toHaveText('风格调整 · 免费');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/writing-tools-${width}.png`, fullPage: false });
    // The free tool runs and charges nothing.
    await page.getByTestId('tool-shorten').click();
    await expect(page.getByTestId('proposal-accept')).toBeEnabled({ timeout: 30_000 });
    await expect(page.getByTestId('proposal-points')).toContainText('已扣除 0 积分');
    await expect(page.getByTestId('points-display').first()).toHaveText(start!);
  });

  test(`reduce panel at ${width} px: price and 未达标不扣积分 before running; a run that misses leaves the balance unchanged`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/dash/reduce-ai');
    await waitForHydration(page);
    await expect(page.getByTestId('detect-submit')).toContainText('检测 · 2积分');
    await page.getByTestId('detect-text').fill(AI_ESSAY);
    await expect(page.getByTestId('reduce-price-note')).toContainText('价格：5积分 + 5积分/千字，本次约');
    await expect(page.getByTestId('reduce-price-note')).toContainText('未达标不扣积分');
    await page.getByTestId('reduce-mode-light').click();
    await page.getByLabel('目标 AI 率（%）').fill('5');
    const balance = await page.getByTestId('points-display').first().textContent();
    if (SHOTS) await page.getByTestId('reduce-submit').scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reduce-panel-${width}.png` });
    await page.getByTestId('reduce-submit').click();
    await expect(page.getByTestId('reduce-result')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('reduce-uncharged')).toContainText('降AI率未达标');
    await expect(page.getByTestId('reduce-result')).toContainText('消耗 0.00 积分');
    // The reservation came back: the newest ledger row is its refund, and the header shows the balance.
    await expect
      .poll(async () => {
        const history = await (await page.request.get('/resources/api/user/points-history?page=1&pageSize=1')).json();
        return history.data?.items?.[0]?.type;
      })
      .toBe('refund');
    await expect(page.getByTestId('points-display').first()).toHaveText(balance!);
    if (SHOTS) await page.getByTestId('reduce-uncharged').scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/reduce-missed-${width}.png` });
    await page.reload();
    await expect(page.getByTestId('points-display').first()).toHaveText(balance!);
  });
}
