import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { expect, signIn, test } from './fixtures';

/** /dash/account › 个人信息与账户 (issue 27, ADR 0055): 下载我的数据, 注销账户 and 撤销注销. */

test('the account page downloads my data as a zip, schedules the account’s deletion after confirming, and cancels it', async ({ page }) => {
  await signIn(page);
  const student = await page.request.post('/resources/api/client-profiles', { data: { name: '林晓雨' } });
  expect(student.ok(), await student.text()).toBe(true);
  const work = await page.request.post('/resources/api/works', {
    data: {
      title: '个人陈述',
      type: 'ps',
      content: {
        blocks: [{ id: 'b1', type: 'paragraph', content: [{ type: 'text', text: '我对海洋生物学的热爱始于童年。', styles: {} }] }],
      },
    },
  });
  expect(work.ok(), await work.text()).toBe(true);

  await page.goto('/dash/account');
  const section = page.getByTestId('personal-information');
  await expect(section.getByRole('heading', { name: '个人信息与账户' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByTestId('data-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^我的数据-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  const text = Object.entries(files)
    .filter(([name]) => name.endsWith('.json') || name.endsWith('.txt'))
    .map(([, bytes]) => strFromU8(bytes))
    .join('\n');
  expect(text).toContain('林晓雨');
  expect(text).toContain('我对海洋生物学的热爱始于童年。');
  expect(Object.keys(files).some((name) => name.endsWith('当前版本.docx'))).toBe(true);
  await expect(page.getByTestId('data-export')).toHaveText('下载我的数据');

  await page.getByTestId('deletion-open').click();
  const dialog = page.getByTestId('deletion-dialog');
  await expect(dialog).toContainText('将全部作废');
  await expect(dialog).toContainText('保存 3 年');
  await expect(page.getByTestId('deletion-confirm')).toBeDisabled();
  await dialog.getByText('我已了解以上内容，确认注销账户').click();
  await page.getByTestId('deletion-confirm').click();
  await expect(page.getByTestId('account-deletion-pending')).toContainText(/账户将于 \d{4}年\d{1,2}月\d{1,2}日 注销/);

  await page.getByTestId('deletion-cancel').click();
  await expect(page.getByTestId('account-deletion-answer')).toHaveText('已撤销注销申请，您的账户和数据会继续保留');
  await expect(page.getByTestId('account-deletion-pending')).toHaveCount(0);
  await expect(page.getByTestId('deletion-open')).toBeVisible();
});
