import { buildSync } from 'esbuild';
import { expect, test } from '@playwright/test';

// The hook in a real browser, no server: the page is the harness bundled with React's production
// build (bundled in the test, not when Playwright loads this file in every worker).
const harness = () =>
  buildSync({
    entryPoints: ['tests/e2e/harness/draft-autosave.tsx'],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  }).outputFiles[0]!.text;

test('autosave survives a render from an older state: another student applied while an edit is pending (ci30: React error #185)', async ({
  page,
}) => {
  await page.setContent('<div id="root"></div>');
  await page.addScriptTag({ content: harness() });
  await expect(page.getByTestId('studio')).toHaveText('A · 0 · 草稿已保存');
  await page.evaluate(() => window.editThenSwitchStudent());
  // The edit and the new student both arrive; the draft is saved with the new student's form.
  await expect(page.getByTestId('studio')).toHaveText('B · 1 · 草稿已保存');
  expect(await page.evaluate(() => window.pageErrors)).toEqual([]);
  expect(await page.evaluate(() => window.saves.at(-1))).toBe('B');
});
