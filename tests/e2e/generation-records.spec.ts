import type { Page } from '@playwright/test';
import { expect, signIn, loginWithoutScripts, test, waitForHydration } from './fixtures';

/** /dash/generation-records (issue 11): the operations the user ran, here through the offline engine. */

/** Runs one operation through the browser's door to the API and reads the stream to its end. */
async function generate(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/resources/api/ai/generate', { data: body, headers: { Accept: 'text/event-stream' } });
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain('event: done');
  return text;
}

test('an operation run by the offline engine is listed with its student, status and points, and the filters narrow the list', async ({
  page,
}) => {
  await signIn(page);
  const created = await page.request.post('/resources/api/client-profiles', { data: { name: '记录学生' } });
  const studentId = (await created.json()).data.id as string;
  const stream = await generate(page, {
    operation: 'ps',
    clientProfileId: studentId,
    input: { targetProgram: 'MSc Computer Science', language: 'zh' },
  });
  expect(stream).toContain('离线模式');

  await page.goto('/dash/generation-records');
  await waitForHydration(page);
  const row = page.getByTestId('record-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('个人陈述 / 目的陈述');
  await expect(row).toContainText('记录学生');
  await expect(row).toContainText('离线模式');
  await expect(row.getByTestId('record-status')).toHaveText('成功');

  await page.getByLabel('状态').selectOption('failed');
  await expect(page).toHaveURL(/status=failed/);
  await expect(page.getByTestId('records-empty')).toContainText('没有符合条件的生成记录');
  await page.getByRole('link', { name: '清除筛选' }).click();
  await expect(page.getByTestId('record-row')).toHaveCount(1);
  // The student's name leads to the archive.
  await page.getByTestId('record-row').getByRole('link', { name: '记录学生' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('记录学生');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the records page and its filters work as plain links and forms', async ({ page }) => {
    await loginWithoutScripts(page);
    await page.goto('/dash/generation-records');
    await expect(page.getByTestId('records-empty')).toContainText('还没有生成记录');
    await page.getByLabel('类型').selectOption('cv');
    await page.getByRole('button', { name: '筛选' }).click();
    await expect(page).toHaveURL(/operation=cv/);
    await expect(page.getByTestId('records-empty')).toContainText('没有符合条件的生成记录');
  });
});
