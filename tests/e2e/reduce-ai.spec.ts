import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, loginWithoutScripts, test, waitForHydration } from './fixtures';

/**
 * /dash/reduce-ai (issue 14): 查AI率 as a form post, the last check read back (browser cache, else
 * GET /api/ai-rate), 降AI率 with the local rewriter, accepted and saved into a work with its rate.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/detection/${name}`, import.meta.url), 'utf8');
/** Saturates the detector (100%): for the label and the server-rendered check. */
const AI_ESSAY = fixture('ai-essay-en.txt');
/** An AI personal statement whose opening a student rewrote: labelled AI without saturating, so a reduction can show. */
const AI_DRAFT = fixture('ai-draft-edited-en.txt');
const HUMAN_ESSAY = fixture('human-essay-en.txt');

const percent = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).first().textContent())!.replace(/[^\d.]/g, ''));

/** The model's thresholds as the result states them (按模型阈值标记：AI 率 ≥ m% …，≥ a% …). */
async function thresholdsOf(page: Page) {
  const [mixed, ai] = [...(await page.getByTestId('detection-thresholds').textContent())!.matchAll(/≥\s*([\d.]+)%/g)].map((m) =>
    Number(m[1]),
  );
  return { mixed: mixed!, ai: ai! };
}

/** Every highlight's colour is its label by the model's thresholds (not fixed 70/40). */
async function expectTonesFollowThresholds(page: Page) {
  const thr = await thresholdsOf(page);
  const marks = await page
    .getByTestId('scored-sentence')
    .evaluateAll((els) => els.map((e) => ({ rate: Number(e.getAttribute('data-rate')), tone: e.getAttribute('data-tone') })));
  expect(marks.length).toBeGreaterThan(5);
  for (const m of marks) {
    // A rate one decimal away from a threshold may round to either side of it.
    if (Math.abs(m.rate - thr.ai) <= 0.1 || Math.abs(m.rate - thr.mixed) <= 0.1) continue;
    expect(m.tone, `rate ${m.rate}`).toBe(m.rate >= thr.ai ? 'high' : m.rate >= thr.mixed ? 'medium' : 'low');
  }
  return thr;
}

test('checks a pasted human essay and a pasted AI essay, returns to the last check, reduces that AI essay (balanced, local), accepts the diff, saves it as a work and sees its rate there', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/dash/reduce-ai');
  await waitForHydration(page);
  const start = Number(await page.getByTestId('points-display').textContent());
  // Nothing checked yet: no last check to show.
  await expect(page.getByTestId('last-check')).toHaveCount(0);

  await page.getByTestId('detect-text').fill('Too short.');
  await page.getByTestId('detect-submit').click();
  await expect(page.getByTestId('detect-error')).toHaveText('文本过短，无法可靠判断');

  // The human essay, pasted.
  await page.getByTestId('detect-text').fill(HUMAN_ESSAY);
  await page.getByTestId('detect-submit').click();
  await expect(page.getByTestId('points-display')).toHaveText((start - 2).toFixed(2));
  await expect(page.getByTestId('detection-label')).toHaveText('大概率为人工写作');
  const humanRate = await percent(page, 'detection-rate');
  const thr = await expectTonesFollowThresholds(page);
  expect(humanRate).toBeLessThan(thr.mixed);
  expect(humanRate).toBeLessThan(10);
  await expect(page.locator('[data-testid="scored-sentence"]:not([data-tone="low"])')).toHaveCount(0);
  await expect(page.getByTestId('suspicious-sentences')).toContainText('没有 AI 特征明显的句子');
  await expect(page.getByTestId('detection-limits')).toContainText('不能单独用来认定文本由 AI 写成');

  // The AI essay, pasted.
  await page.getByTestId('detect-text').fill(AI_DRAFT);
  await page.getByTestId('detect-submit').click();
  await expect(page.getByTestId('points-display')).toHaveText((start - 4).toFixed(2));
  await expect(page.getByTestId('detection-label')).toHaveText('大概率含有 AI 生成内容');
  await expect(page.getByTestId('detect-done')).toContainText('消耗 2.00 积分');
  const before = await percent(page, 'detection-rate');
  expect(before).toBeGreaterThanOrEqual(thr.ai);
  await expect(page.getByTestId('detection-band')).toHaveText(/\d+\.\d%–\d+\.\d%/);
  await expectTonesFollowThresholds(page);

  // Per-sentence reasons, visible: the list under the text, each suspicious sentence with its own.
  const suspicious = page.getByTestId('suspicious-sentences');
  await expect(suspicious.getByText('可疑句子及依据')).toBeVisible();
  const firstSuspicious = suspicious.getByTestId('suspicious-sentence').first();
  await expect(firstSuspicious).toBeVisible();
  await expect(firstSuspicious.getByTestId('sentence-reason').first()).toHaveText(/[\u4e00-\u9fff]/);
  await expect(suspicious).toContainText(/典型措辞：“[a-z' ]+”/);
  // Clicking a highlighted sentence shows its reasons under the text; so does reaching one by keyboard.
  const marks = page.locator('[data-testid="scored-sentence"]:not([data-tone="low"])');
  await marks.nth(0).click();
  const picked = page.getByTestId('picked-sentence');
  await expect(picked).toBeVisible();
  await expect(picked.getByTestId('sentence-reason').first()).toHaveText(/[\u4e00-\u9fff]/);
  const secondText = (await marks.nth(1).textContent())!;
  await marks.nth(0).focus();
  await page.keyboard.press('Tab');
  await expect(marks.nth(1)).toBeFocused();
  await expect(picked).toContainText(secondText.trim().slice(0, 30));

  // Back on the page later: the last check from this browser's cache (its rate, when, and the
  // checked text back in the empty box), without a new charge.
  await page.goto('/dash/overview');
  await page.goto('/dash/reduce-ai');
  await waitForHydration(page);
  const last = page.getByTestId('last-check');
  await expect(last).toHaveAttribute('data-source', 'cache');
  await expect(last).toContainText('上次检测 AI 率');
  await expect(last).toContainText(/刚刚|分钟前/);
  expect(await percent(page, 'last-check-rate')).toBe(before);
  await expect(page.getByTestId('detect-text')).toHaveValue(AI_DRAFT.trim());
  await expect(page.getByTestId('points-display')).toHaveText((start - 4).toFixed(2));

  // 降AI率 of that same text, balanced (the default), by the local rewriter (no language model here).
  await expect(page.getByTestId('reduce-mode-balanced').locator('input')).toBeChecked();
  const balance = Number(await page.getByTestId('points-display').textContent());
  await page.getByTestId('reduce-submit').click();
  const result = page.getByTestId('reduce-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  await expect(result).toContainText('（本地改写）');
  const charged = Number(/消耗 ([\d.]+) 积分/.exec((await result.textContent())!)![1]);
  expect(charged).toBeGreaterThan(0);
  await expect(page.getByTestId('points-display')).toHaveText((balance - charged).toFixed(2), { timeout: 10_000 });
  // The rewriter is tuned elsewhere: robust facts only — the rate went down, the label not worse.
  const after = await percent(page, 'reduce-after');
  expect(after).toBeLessThan(before);
  await expect(result).not.toContainText('大概率含有 AI 生成内容');

  // The side-by-side diff, accepted explicitly: reject all, accept all, then one by one.
  const sentences = page.getByTestId('reduce-sentence');
  const total = await sentences.count();
  expect(total).toBeGreaterThan(3);
  await page.getByTestId('reduce-reject-all').click();
  await expect(page.getByTestId('reduce-accepted-count')).toHaveText('0');
  await page.getByTestId('reduce-accept-all').click();
  await expect(page.getByTestId('reduce-accepted-count')).toHaveText(String(total));
  const rewriteOf = async (i: number) => (await sentences.nth(i).locator('div').nth(1).textContent())!.replace(/^改写/, '').trim();
  const originalOf = async (i: number) => (await sentences.nth(i).locator('div').first().textContent())!.replace(/^原句/, '').trim();
  // The first: rejected, then accepted again (its rewrite is saved); the second: rejected (its original is).
  await sentences.first().getByTestId('reduce-reject').click();
  await expect(sentences.first().getByTestId('reduce-reject')).toHaveAttribute('aria-pressed', 'true');
  await sentences.first().getByTestId('reduce-accept').click();
  await expect(sentences.first().getByTestId('reduce-accept')).toHaveAttribute('aria-pressed', 'true');
  await sentences.nth(1).getByTestId('reduce-reject').click();
  await expect(page.getByTestId('reduce-accepted-count')).toHaveText(String(total - 1));
  const firstRewrite = await rewriteOf(0);
  const secondOriginal = await originalOf(1);

  await page.getByLabel('新作品标题').fill('降AI率测试作品');
  await page.getByTestId('reduce-save-new').click();
  const saved = page.getByTestId('reduce-saved');
  await expect(saved).toContainText('已保存到');
  const savedRate = await percent(page, 'reduce-saved-rate');
  expect(savedRate).toBeLessThan(before);
  const savedLabel = (await page.getByTestId('reduce-saved-label').textContent())!;
  await saved.getByRole('link', { name: '「降AI率测试作品」' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('降AI率测试作品');
  await expect(page.getByTestId('work-document')).toContainText(firstRewrite);
  await expect(page.getByTestId('work-document')).toContainText(secondOriginal);
  // The work shows the very rate reported at save, coloured by that check's label.
  const badge = page.getByTestId('work-meta').getByTestId('work-ai-rate');
  await expect(badge).toHaveText(`AI 率 ${savedRate.toFixed(1)}%`);
  await expect(badge).toHaveAttribute('title', savedLabel);

  // The work opened on the check page: its recorded rate and, from this browser, when it was checked.
  await page.getByTestId('check-ai-rate').click();
  await expect(page.getByTestId('opened-work')).toContainText(`作品记录的 AI 率 ${savedRate.toFixed(1)}%`);
  await expect(page.getByTestId('last-check')).toContainText(`上次降AI率后 AI 率 ${savedRate.toFixed(1)}%`);

  // Back on the page: the last result is the text kept, at the rate it was saved with.
  await page.goto('/dash/reduce-ai');
  await waitForHydration(page);
  await expect(page.getByTestId('last-check')).toContainText(`上次降AI率后 AI 率 ${savedRate.toFixed(1)}%`);
  await expect(page.getByTestId('detect-text')).toHaveValue(new RegExp(secondOriginal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('an uploaded document is checked like a pasted one', async ({ page }) => {
  await signIn(page);
  await page.goto('/dash/reduce-ai');
  await waitForHydration(page);
  await page.getByTestId('upload-input').setInputFiles({ name: '我的文书.txt', mimeType: 'text/plain', buffer: Buffer.from(HUMAN_ESSAY) });
  await expect(page.getByTestId('upload-done')).toContainText('已读取「我的文书.txt」');
  await expect(page.getByTestId('detect-text')).toHaveValue(/The first program I ever wrote crashed/);
  await page.getByTestId('detect-submit').click();
  await expect(page.getByTestId('detection-label')).toHaveText('大概率为人工写作');
  await expect(page.getByTestId('detect-done')).toContainText('消耗 2.00 积分');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the check is a form post with the result, reasons per sentence included, rendered on the server; the last check is read back from the API', async ({
    page,
  }) => {
    await loginWithoutScripts(page);
    await page.goto('/dash/reduce-ai');
    await expect(page.getByTestId('last-check')).toHaveCount(0);
    await page.getByTestId('detect-text').fill(AI_ESSAY);
    await page.getByTestId('detect-submit').click();
    await expect(page.getByTestId('detection-label')).toHaveText('大概率含有 AI 生成内容');
    const rate = await percent(page, 'detection-rate');
    await expect(page.getByTestId('highlighted-text')).toContainText('In conclusion');
    await expect(page.getByTestId('suspicious-sentences')).toContainText('可疑句子及依据');
    await expect(page.getByTestId('suspicious-sentence').first().getByTestId('sentence-reason').first()).toHaveText(/[\u4e00-\u9fff]/);
    // A highlighted sentence links to its reasons.
    const mark = page.locator('[data-testid="scored-sentence"][data-tone="high"]').first();
    const href = (await mark.getAttribute('href'))!;
    expect(href).toMatch(/^#why-\d+$/);
    await expect(page.locator(href)).toHaveCount(1);
    // 降AI率 streams: it is offered only with JavaScript.
    await expect(page.getByTestId('reduce-panel')).toHaveCount(0);

    // Later: the page reads the last check from GET /api/ai-rate/reduce-ai (no browser cache here).
    await page.goto('/dash/reduce-ai');
    const last = page.getByTestId('last-check');
    await expect(last).toHaveAttribute('data-source', 'api');
    await expect(last).toContainText('上次检测 AI 率');
    await expect(last).toContainText(/刚刚|分钟前/);
    expect(await percent(page, 'last-check-rate')).toBe(rate);
  });
});
