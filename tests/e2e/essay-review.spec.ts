import type { Page } from '@playwright/test';
import { expect, loginViaForm, test, waitForHydration } from './fixtures';
import { editorOf } from './writing-editor';

/**
 * /dash/essay-revision and /dash/essay-polish (issue 13) with the offline engine: the essay is pasted
 * into the editor, the review arrives in the panel beside it, and each suggestion or changed sentence
 * is accepted or not one by one; nothing is rewritten without the user's say.
 */

const ESSAY = [
  'Furthermore, I led a team of 4 students at Zhejiang University in 2023. My project plays a crucial role in traffic research, and I utilize graph models.',
  'In conclusion, I am confident that the MSc at Edinburgh suits me, and data work is the the core of my plans.',
];

/** Pastes the essay paragraph by paragraph, as a user typing or pasting it would. */
async function writeEssay(page: Page, paragraphs: string[]) {
  const editor = editorOf(page);
  await editor.click();
  for (const [i, paragraph] of paragraphs.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.insertText(paragraph);
  }
  await expect(editor.locator('p')).toHaveCount(paragraphs.length);
}

test('essay revision: an assessment and quoted suggestions; one accepted into the text, one set aside, saved as a work', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.goto('/dash/login');
  await loginViaForm(page);
  await page.goto('/dash/essay-polish');
  await waitForHydration(page);
  // Revision is not in the menu (spec §2): the polish page links to it.
  await page.getByTestId('review-page-switch').getByRole('link', { name: '文书修改' }).click();
  await expect(page).toHaveURL(/\/dash\/essay-revision$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('文书修改');
  await waitForHydration(page);

  // Too short to review is said before anything is spent.
  await page.getByTestId('generate').click();
  await expect(page.getByText('请先在编辑器中粘贴或输入需要处理的文书（至少20个字符）')).toBeVisible();

  await writeEssay(page, ESSAY);
  await page.getByTestId('revision-requirements').fill('突出科研经历');
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('generation-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('generation-status')).toContainText(/扣除 [\d.]+ 积分/);
  const panel = page.getByTestId('revision-panel');
  await expect(panel.getByTestId('review-offline')).toHaveText('离线模式');
  await expect(panel.getByTestId('revision-assessment')).toContainText('结构：');
  await expect(panel.getByTestId('revision-assessment')).toContainText('语言与语法：');
  await expect(panel.getByTestId('review-note')).toContainText('本次修改要求需人工处理：突出科研经历');
  // The essay itself is untouched until a suggestion is accepted.
  const editor = editorOf(page);
  await expect(editor).toContainText('Furthermore, I led a team');
  const items = panel.getByTestId('review-item');
  // The opener of each paragraph and the doubled word the grammar engine found (ADR 0041).
  await expect(items).toHaveCount(3);
  // Each suggestion's passage is marked in the text.
  await expect(editor.locator('[data-highlight-id="suggestion-0"]')).toHaveText('Furthermore, I');

  // Accept the first: the template opener goes, the sentence and its facts stay.
  const first = items.nth(0);
  await expect(first.getByTestId('review-after')).toHaveText('I');
  await first.getByTestId('review-accept').click();
  await expect(first.getByTestId('review-decision')).toHaveText('已采纳');
  await expect(editor).not.toContainText('Furthermore');
  await expect(editor).toContainText('I led a team of 4 students at Zhejiang University in 2023.');
  await expect(editor.locator('[data-highlight-id="suggestion-0"]')).toHaveCount(0);
  // Set the second (the doubled "the the") aside: the text keeps it.
  await expect(items.nth(1)).toContainText('词语重复');
  await items.nth(1).getByTestId('review-reject').click();
  await expect(items.nth(1).getByTestId('review-decision')).toHaveText('已忽略');
  await expect(editor).toContainText('is the the core');
  await expect(panel.getByTestId('review-progress')).toHaveText('已处理 2 / 3');
  // One Ctrl+Z takes the accepted suggestion back out.
  await editor.click();
  await page.keyboard.press('Control+z');
  await expect(editor).toContainText('Furthermore, I led a team');
  await page.keyboard.press('Control+y');
  await expect(editor).not.toContainText('Furthermore');

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: the sticky header and menu would otherwise be drawn mid-page in a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`essay-revision-${width}.png`), fullPage: true });
    // Polled: right after a resize the shell (and an open toast) may still be laying out for the old width.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
        message: `no sideways scroll at ${width}px`,
      })
      .toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByTestId('save-work').click();
  await expect(page.getByTestId('save-work')).toHaveText(/保存新版本/);
  await page.getByTestId('work-link').click();
  await expect(page.getByTestId('work-document')).toContainText('I led a team of 4 students at Zhejiang University in 2023.');
  await expect(page.getByTestId('work-meta')).toContainText('文书修改');
});

test('essay polish: each changed sentence against the original; one taken, one kept, the rest all at once', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.goto('/dash/login');
  await loginViaForm(page);
  // The menu item is on (文书工具 › 文书润色).
  await page.goto('/dash/overview');
  await waitForHydration(page);
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '文书润色' }).click();
  await expect(page).toHaveURL(/\/dash\/essay-polish$/);
  await waitForHydration(page);
  // Three grammar errors the engine fixes for certain (ADR 0041); the rest of the essay stays as written.
  await writeEssay(page, [
    `${ESSAY[0]!} She go to the lab every day.`,
    `${ESSAY[1]!} I grew up in Hangzhou. Their was a river near my home.`,
  ]);
  await page.getByTestId('polish-level').getByText('中度（优化用词与句子）').click();
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('generation-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  const panel = page.getByTestId('polish-panel');
  await expect(panel.getByTestId('review-offline')).toBeVisible();
  await expect(panel.getByTestId('review-note')).toContainText('事实、数字和专有名词都未改动');
  const items = panel.getByTestId('review-item');
  const count = await items.count();
  expect(count).toBe(3);
  const editor = editorOf(page);

  // The first change: the original struck out, the polish beside it; taken.
  await expect(items.nth(0).getByTestId('review-before')).toHaveText('She go to the lab every day.');
  await expect(items.nth(0).getByTestId('review-after')).toHaveText('She goes to the lab every day.');
  const firstAfter = 'She goes to the lab every day.';
  await items.nth(0).getByTestId('review-accept').click();
  await expect(editor).toContainText(firstAfter);
  await expect(editor).not.toContainText('She go to');
  // The second is kept as written.
  const secondBefore = (await items.nth(1).getByTestId('review-before').textContent())!;
  await items.nth(1).getByTestId('review-reject').click();
  await expect(items.nth(1).getByTestId('review-decision')).toHaveText('已忽略');
  await expect(editor).toContainText(secondBefore);

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: the sticky header and menu would otherwise be drawn mid-page in a full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath(`essay-polish-${width}.png`), fullPage: true });
    // Polled: right after a resize the shell (and an open toast) may still be laying out for the old width.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
        message: `no sideways scroll at ${width}px`,
      })
      .toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The rest at once; nothing left to decide.
  await panel.getByTestId('polish-accept-all').click();
  await expect(panel.getByTestId('review-progress')).toHaveText(`已处理 ${count} / ${count}`);
  await expect(panel.getByTestId('polish-accept-all')).toBeDisabled();
  await expect(editor).toContainText('There was a river');
  // The facts are all still there.
  for (const fact of ['4 students', 'Zhejiang University', '2023', 'Edinburgh']) await expect(editor).toContainText(fact);

  // Reload once the draft (the edited essay, the form and the review) is saved: it comes back.
  await expect(page.getByTestId('draft-status')).toHaveText('草稿已保存');
  await page.reload();
  await waitForHydration(page);
  await expect(editor).toContainText(firstAfter);
  await expect(page.getByTestId('polish-level').locator('input[value="medium"]')).toBeChecked();
  // The review was paid for: it comes back too, with what was decided.
  await expect(page.getByTestId('polish-panel').getByTestId('review-progress')).toHaveText(`已处理 ${count} / ${count}`);
  await expect(page.getByTestId('polish-panel').getByTestId('review-decision').nth(1)).toHaveText('已忽略');
});

test('essay revision finds a grammar error with the grammar engine and shows it with its reason (issue 24)', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/dash/login');
  await loginViaForm(page);
  await page.goto('/dash/essay-revision');
  await waitForHydration(page);
  await writeEssay(page, ['She go to school every day. I am a person who often reads books about history.']);
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('generation-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  const panel = page.getByTestId('revision-panel');
  await expect(panel.getByTestId('revision-assessment')).toContainText('语法检查引擎发现 1 处语法或拼写问题');
  const items = panel.getByTestId('review-item');
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText('主谓不一致');
  await expect(items.nth(0)).toContainText('「go」建议改为「goes」');
  await expect(items.nth(0).getByTestId('review-after')).toHaveText('She goes to');
  // The words it is about are marked in the text; "a person who often" is not touched.
  await expect(editorOf(page).locator('[data-highlight-id="suggestion-0"]')).toHaveText('She go to');
  await items.nth(0).getByTestId('review-accept').click();
  await expect(editorOf(page)).toContainText('She goes to school every day. I am a person who often reads books about history.');
});
