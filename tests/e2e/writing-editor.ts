import { expect, type Page } from '@playwright/test';

/** The writing pages' editor (editable: not while a generation streams in). */
export const editorOf = (page: Page) => page.locator('[data-testid="writing-surface"] .ProseMirror[contenteditable="true"]');

/**
 * Selects the text of the editor's nth paragraph by dragging the mouse over it. Not a triple
 * click: ProseMirror counts clicks by its own 500 ms clock, which a loaded machine can miss.
 */
export async function selectParagraph(page: Page, n: number) {
  const paragraph = editorOf(page).locator('p').nth(n);
  await paragraph.scrollIntoViewIfNeeded();
  const { start, end } = await paragraph.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
    const first = rects[0]!;
    const last = rects[rects.length - 1]!;
    return {
      start: { x: first.left + 1, y: first.top + first.height / 2 },
      end: { x: last.right - 1, y: last.top + last.height / 2 },
    };
  });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByTestId('selection-toolbar')).toBeVisible();
}
