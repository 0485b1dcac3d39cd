import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The writing pages' editor (editable: not while a generation streams in). */
export const editorOf = (page: Page) => page.locator('[data-testid="writing-surface"] .ProseMirror[contenteditable="true"]');

/**
 * Selects the text of the editor's nth paragraph by dragging the mouse over it. Not a triple
 * click: ProseMirror counts clicks by its own 500 ms clock, which a loaded machine can miss. The
 * drag is measured and made again until the selection is that paragraph: a status line or a fact
 * check result appearing above the editor moves it between the measuring and the drag.
 */
export async function selectParagraph(page: Page, n: number) {
  const paragraph = editorOf(page).locator('p').nth(n);
  await expect(async () => {
    await paragraph.scrollIntoViewIfNeeded();
    const { start, end, text } = await paragraph.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      const first = rects[0]!;
      const last = rects[rects.length - 1]!;
      return {
        start: { x: first.left + 1, y: first.top + first.height / 2 },
        end: { x: last.right - 1, y: last.top + last.height / 2 },
        text: el.textContent ?? '',
      };
    });
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(end.x, end.y, { steps: 8 });
    await page.mouse.up();
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
    const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
    expect(squash(selected)).toBe(squash(text));
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('selection-toolbar')).toBeVisible();
}

/**
 * Creates 李明轩 from the fixture CV through the 新建学生 dialog opened by `trigger` (the header's
 * button or the writing page's own) and continues writing: the page has picked the new student.
 */
export async function createStudentFromCv(page: Page, trigger: 'header-new-student' | 'writing-new-student') {
  await page.getByTestId(trigger).click();
  const dialog = page.getByTestId('new-student-dialog');
  await dialog
    .getByTestId('new-student-file')
    .setInputFiles(path.join(import.meta.dirname, '..', 'fixtures', 'cv', 'zh-undergrad-cs.docx'));
  await dialog.getByTestId('new-student-submit').click();
  await expect(dialog.getByTestId('new-student-created')).toContainText('李明轩', { timeout: 60_000 });
  await expect(dialog.getByTestId('new-student-created')).toContainText('当前页面已选中该学生');
  await dialog.getByTestId('new-student-continue').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('student-select').locator('option:checked')).toHaveText('李明轩');
}
