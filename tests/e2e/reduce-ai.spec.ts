import { readFileSync } from 'node:fs';
import { expect, loginViaForm, loginWithoutScripts, test, waitForHydration } from './fixtures';

/** /dash/reduce-ai (issue 14): 查AI率 as a form post, 降AI率 with the local rewriter, saved into a work. */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/detection/${name}`, import.meta.url), 'utf8');
const AI_ESSAY = fixture('ai-essay-en.txt');
/** An AI draft whose opening a student rewrote: labelled AI without saturating, so the reduction shows. */
const AI_DRAFT = fixture('ai-draft-edited-en.txt');
const HUMAN_ESSAY = fixture('human-essay-en.txt');

test('checks an AI essay and a human essay, reduces the AI one (balanced, local), keeps all but one rewrite and saves it as a work with its rate', async ({
  page,
}) => {
  await page.goto('/dash/login');
  await loginViaForm(page);
  await page.goto('/dash/reduce-ai');
  await waitForHydration(page);
  const start = Number(await page.getByTestId('points-display').textContent());

  await page.getByTestId('detect-text').fill('Too short.');
  await page.getByTestId('detect-submit').click();
  await expect(page.getByTestId('detect-error')).toHaveText('文本过短，无法可靠判断');

  // The human essay comes in as a file: its text fills the box.
  await page.getByTestId('upload-input').setInputFiles({ name: '我的文书.txt', mimeType: 'text/plain', buffer: Buffer.from(HUMAN_ESSAY) });
  await expect(page.getByTestId('upload-done')).toContainText('已读取「我的文书.txt」');
  await expect(page.getByTestId('detect-text')).toHaveValue(/The first program I ever wrote crashed/);
  await page.getByTestId('detect-submit').click();
  await expect(page.getByTestId('detection-label')).toHaveText('大概率为人工写作');
  await expect(page.getByTestId('detection-limits')).toContainText('不能单独用来认定文本由 AI 写成');

  await page.getByTestId('detect-text').fill(AI_ESSAY);
  await page.getByTestId('detect-submit').click();
  await expect(page.getByTestId('detection-label')).toHaveText('大概率含有 AI 生成内容');
  await expect(page.getByTestId('detect-done')).toContainText('消耗 2.00 积分');

  await page.getByTestId('detect-text').fill(AI_DRAFT);
  await page.getByTestId('detect-submit').click();
  // The label already reads so from the essay before: the third check has landed when the header
  // shows its charge (three checks at 2.00; the too-short text was free).
  await expect(page.getByTestId('points-display')).toHaveText((start - 6).toFixed(2));
  await expect(page.getByTestId('detection-label')).toHaveText('大概率含有 AI 生成内容');
  const before = Number((await page.getByTestId('detection-rate').textContent())!.replace('%', ''));
  expect(before).toBeGreaterThan(70);
  await expect(page.locator('[data-testid="scored-sentence"][data-tone="high"]').first()).toBeVisible();
  await expect(page.getByTestId('detection-band')).toHaveText(/\d+\.\d%–\d+\.\d%/);

  // 降AI率, balanced by default.
  await expect(page.getByTestId('reduce-mode-balanced').locator('input')).toBeChecked();
  const balance = Number(await page.getByTestId('points-display').textContent());
  await page.getByTestId('reduce-submit').click();
  const result = page.getByTestId('reduce-result');
  await expect(result).toBeVisible({ timeout: 20_000 });
  const charged = Number(/消耗 ([\d.]+) 积分/.exec((await result.textContent())!)![1]);
  expect(charged).toBeGreaterThan(0);
  await expect(page.getByTestId('points-display')).toHaveText((balance - charged).toFixed(2), { timeout: 10_000 });
  const after = Number((await page.getByTestId('reduce-after').textContent())!.replace('%', ''));
  expect(after).toBeLessThan(before);
  // Under the AI label now.
  await expect(result).not.toContainText('大概率含有 AI 生成内容');
  const sentences = page.getByTestId('reduce-sentence');
  expect(await sentences.count()).toBeGreaterThan(3);
  // Leave the first rewrite out: its original goes into the saved text.
  const firstOriginal = (await sentences.first().locator('div').first().textContent())!.replace(/^原句/, '').trim();
  await sentences.first().getByTestId('reduce-accept').click();
  await expect(sentences.first().getByTestId('reduce-accept').locator('input')).not.toBeChecked();

  await page.getByLabel('新作品标题').fill('降AI率测试作品');
  await page.getByTestId('reduce-save-new').click();
  const saved = page.getByTestId('reduce-saved');
  await expect(saved).toContainText('已保存到');
  await expect(saved).toContainText('保存后的 AI 率');
  await saved.getByRole('link', { name: '「降AI率测试作品」' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('降AI率测试作品');
  await expect(page.getByTestId('work-document')).toContainText(firstOriginal);
  await expect(page.getByTestId('work-meta').getByTestId('work-ai-rate')).toContainText('AI 率');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the check is a form post with the result rendered on the server', async ({ page }) => {
    await loginWithoutScripts(page);
    await page.goto('/dash/reduce-ai');
    await page.getByTestId('detect-text').fill(AI_ESSAY);
    await page.getByTestId('detect-submit').click();
    await expect(page.getByTestId('detection-label')).toHaveText('大概率含有 AI 生成内容');
    await expect(page.getByTestId('highlighted-text')).toContainText('In conclusion');
    // 降AI率 streams: it is offered only with JavaScript.
    await expect(page.getByTestId('reduce-panel')).toHaveCount(0);
  });
});
