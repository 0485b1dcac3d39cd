import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, loginViaForm, signIn, test, waitForHydration } from './fixtures';
import { editorOf } from './writing-editor';

/**
 * 文本提交 (issue 28): a pasted or uploaded text opens in each tool (查AI率, 降AI率, 润色, 修改) or
 * becomes a work; and the welcome-points notice after a new account's first login, once.
 */

const PARAGRAPHS = [
  'During my internship at a fintech start-up in Hangzhou, I built a small credit model for rural lenders.',
  '这段经历让我决定申请金融数学硕士，把模型用在真正需要的人身上。',
];
const TEXT = PARAGRAPHS.join('\n');
const ESSAY = readFileSync(new URL('../fixtures/detection/human-essay-en.txt', import.meta.url), 'utf8').trim();

async function submitTo(page: Page, tool: 'detect' | 'reduce' | 'polish' | 'revision', text = TEXT) {
  await page.goto('/dash/text-submit');
  await waitForHydration(page);
  await page.getByTestId('submit-text').fill(text);
  await page.getByTestId(`open-${tool}`).click();
}

test('text submit: the text arrives in 查AI率, 降AI率, 润色 and 修改, an uploaded file is read, and it saves as a work', async ({
  page,
}) => {
  await signIn(page);
  // In the menu, beside the other tools.
  await page.getByRole('link', { name: '文本提交' }).first().click();
  await expect(page).toHaveURL(/\/dash\/text-submit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('文本提交');
  await waitForHydration(page);
  await page.getByTestId('open-detect').click();
  await expect(page.getByTestId('submit-error')).toHaveText('请先粘贴文本或上传文档');

  // 查AI率 and 降AI率: the box on /dash/reduce-ai, nothing in the address; 降AI率 brings its panel into view.
  await submitTo(page, 'detect', ESSAY);
  await expect(page).toHaveURL(/\/dash\/reduce-ai$/);
  await expect(page.getByTestId('detect-text')).toHaveValue(ESSAY);
  await expect(page.getByTestId('upload-done')).toHaveText('已带入「文本提交」的文本');
  await page.getByTestId('detect-submit').click();
  await expect(page.getByTestId('detect-done')).toContainText('检测完成');
  // A later hand-off wins over the text this browser cached with that check.
  await submitTo(page, 'reduce');
  await expect(page).toHaveURL(/\/dash\/reduce-ai$/);
  await expect(page.getByTestId('detect-text')).toHaveValue(TEXT);
  await expect(page.locator('#reduce-panel')).toBeInViewport();

  // 润色 and 修改: the editor holds the text, one paragraph per line.
  for (const [tool, route] of [
    ['polish', '/dash/essay-polish'],
    ['revision', '/dash/essay-revision'],
  ] as const) {
    await submitTo(page, tool);
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await expect(editorOf(page).locator('p')).toHaveText(PARAGRAPHS);
  }
  // A page whose draft holds other text asks before replacing it.
  await submitTo(page, 'polish', 'A different essay about volunteering in Qinghai.');
  await expect(page.getByTestId('replace-draft')).toContainText('文书润色页有一份未完成的草稿');
  await page.getByTestId('replace-draft-confirm').click();
  await expect(page).toHaveURL(/\/dash\/essay-polish$/);
  await expect(editorOf(page).locator('p')).toHaveText(['A different essay about volunteering in Qinghai.']);

  // Upload: the server reads the file (the new-student upload's rules and reader) into the box.
  await page.goto('/dash/text-submit');
  await waitForHydration(page);
  await page.getByTestId('upload-input').setInputFiles({ name: '我的文书.txt', mimeType: 'text/plain', buffer: Buffer.from(TEXT, 'utf8') });
  await expect(page.getByTestId('upload-done')).toContainText('已读取「我的文书.txt」');
  await expect(page.getByTestId('submit-text')).toHaveValue(TEXT);
  // 保存为作品: the work opens with the text, titled by its first line when no title is given.
  await page.getByTestId('save-type').selectOption('ps');
  await page.getByTestId('save-work').click();
  await expect(page).toHaveURL(/\/dash\/my-works\/my-works-detail\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('During my internship at a fint…');
  await expect(page.getByText(PARAGRAPHS[1]!)).toBeVisible();
});

test('welcome-points notice: shown once after a new account first logs in, with the points it received', async ({ page }) => {
  await page.goto('/dash/login');
  await loginViaForm(page);
  // The welcome gift and the first phone login reward (100 + 20 by default).
  const notice = page.getByText(/^新用户赠送的 120\.00 积分已到账/);
  await expect(notice).toBeVisible();
  await expect(page.getByText('欢迎加入留学文书 AI 平台')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lx:new_user'))).toBeNull();
  // Not again: a reload with its startup timers run out on a controlled clock shows nothing.
  await page.clock.install();
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(2000);
  await expect(page.getByText('欢迎加入留学文书 AI 平台')).toHaveCount(0);
});
