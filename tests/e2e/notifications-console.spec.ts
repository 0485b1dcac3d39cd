import type { Page } from '@playwright/test';
import { adminStorageState, expect, test, waitForHydration } from './fixtures';
import { NOTICES_URL } from './ports';

/**
 * The console's notices page (/dash/admin/notifications). Notices are global to the run's
 * database, so this file runs in the notices project (playwright.config.ts), one test at a time.
 * The notices it publishes start tomorrow: published, they are pushed, but no page shows them
 * yet, so nothing pops up on the administrator's own page while the test clicks. What the file
 * before it published is deleted after each of its tests, and a deletion is pushed (the web drops
 * its cached list on it), so none of those shows here either.
 */

test.use({ storageState: adminStorageState(NOTICES_URL) });

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Tomorrow and the day after at 09:30 and 18:00, Beijing time, as a `datetime-local` value. */
function beijingDay(offsetDays: number, time: string) {
  const d = new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
}

const row = (page: Page, title: string) => page.getByTestId('notifications').getByRole('row').filter({ hasText: title });

test('an administrator creates a notice, edits it, publishes it, ends it and deletes it, each asked in a dialog', async ({ page }) => {
  const title = `寒假服务时间 ${tag()}`;
  const start = beijingDay(1, '09:30');
  const end = beijingDay(2, '18:00');
  await page.goto('/dash/admin/notifications');
  await waitForHydration(page);

  // The type's own fields follow the chosen type once scripts run.
  await expect(page.getByTestId('maintenance-fields')).toHaveCount(0);
  await page.getByLabel('类型').selectOption('MAINTENANCE');
  await expect(page.getByTestId('maintenance-fields')).toBeVisible();
  await expect(page.getByTestId('update-fields')).toHaveCount(0);
  await page.getByTestId('save-notification').click();
  await expect(page.getByText('请填写标题')).toBeVisible();
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByTestId('save-notification').click();
  await expect(page.getByText('维护通知需要填写开始时间')).toBeVisible();

  await page.getByLabel('类型').selectOption('INFO');
  await expect(page.getByTestId('maintenance-fields')).toHaveCount(0);
  await page.getByLabel('内容').fill('春节期间客服 10:00–18:00 在线。');
  await page.getByLabel('开始时间').fill(start);
  await page.getByLabel('结束时间').fill(end);
  await page.getByLabel('跳转链接（选填）').fill('javascript:alert(1)');
  await page.getByTestId('save-notification').click();
  await expect(page.getByText('跳转链接必须是以 / 开头的站内路径或 http(s) 链接')).toBeVisible();
  await page.getByLabel('跳转链接（选填）').fill('/dash/faq');
  await page.getByTestId('save-notification').click();
  await expect(page.getByTestId('notification-saved')).toHaveText('草稿已保存');
  await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue('');

  // Times are Beijing time both ways: shown as typed, and read back into the edit form unchanged.
  const notice = row(page, title);
  await expect(notice.getByTestId('notification-status')).toHaveText('草稿');
  await expect(notice).toContainText(`${start.replace('T', ' ')} 至 ${end.replace('T', ' ')}`);
  await notice.getByTestId('edit-notification').click();
  await expect(page.getByRole('heading', { name: '编辑通知' })).toBeVisible();
  await expect(page.getByLabel('开始时间')).toHaveValue(start);
  await expect(page.getByLabel('结束时间')).toHaveValue(end);
  await expect(page.getByLabel('跳转链接（选填）')).toHaveValue('/dash/faq');
  await page.getByRole('textbox', { name: '标题' }).fill(`${title}（更新）`);
  await page.getByLabel('结束时间').fill('');
  await page.getByLabel('重要程度').selectOption('2');
  await page.getByTestId('save-notification').click();
  await expect(page.getByTestId('notification-saved')).toHaveText('通知已更新');
  const edited = row(page, `${title}（更新）`);
  await expect(edited).toContainText(`${start.replace('T', ' ')} 至 不限`);

  await edited.getByTestId('publish-notification').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`「${title}（更新）」（通知）发布后会立即推送给所有在线用户`);
  await dialog.getByTestId('confirm-row-action').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('notification-action-done')).toHaveText('通知已发布');
  await expect(edited.getByTestId('notification-status')).toHaveText('待开始');

  await edited.getByTestId('expire-notification').click();
  await expect(dialog).toContainText('结束这条通知？');
  await dialog.getByTestId('confirm-row-action').click();
  await expect(page.getByTestId('notification-action-done')).toHaveText('通知已结束');
  await expect(edited.getByTestId('notification-status')).toHaveText('已结束');
  await expect(edited.getByTestId('expire-notification')).toHaveCount(0);

  // 取消 leaves it as it was.
  await edited.getByTestId('delete-notification').click();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(edited).toHaveCount(1);
  await edited.getByTestId('delete-notification').click();
  await dialog.getByTestId('confirm-row-action').click();
  await expect(page.getByTestId('notification-action-done')).toHaveText('通知已删除');
  await expect(edited).toHaveCount(0);
});

test('a push that arrives while a confirmation is open leaves the dialog and the last answer on screen', async ({ page }) => {
  // A push revalidates the page; the router then drops the action's answer, and with it closed the
  // dialog under the operator's cursor (CI caught it). useActionAnswer keeps the answer.
  const title = `推送中的确认 ${tag()}`;
  await page.goto('/dash/admin/notifications');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: '标题' }).fill(title);
  await page.getByLabel('开始时间').fill(beijingDay(1, '09:00'));
  await page.getByTestId('save-notification').click();
  await expect(page.getByTestId('notification-saved')).toHaveText('草稿已保存');

  await row(page, title).getByTestId('delete-notification').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('删除这条通知？');
  // Another operator publishes a notice: it is pushed to this page, which revalidates its loaders.
  const otherTitle = `另一条 ${tag()}`;
  const other = await page.request.post('/resources/api/admin/notifications', {
    data: { title: otherTitle, type: 'INFO', status: 'PUBLISHED', start_time: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(other.ok()).toBe(true);
  // The list shows the other notice: the revalidation has landed (behind the modal, so by text: the
  // page under it is hidden from the accessibility tree).
  await expect(page.getByTestId('notifications')).toContainText(otherTitle);
  await expect(page.getByTestId('row-action-dialog')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('notification-saved')).toHaveText('草稿已保存');
  await dialog.getByTestId('confirm-row-action').click();
  await expect(page.getByTestId('notification-action-done')).toHaveText('通知已删除');
  await expect(row(page, title)).toHaveCount(0);
  const otherId = (await other.json()).data.id as string;
  expect((await page.request.delete(`/resources/api/admin/notifications/${otherId}`)).ok()).toBe(true);
});

test('an UPDATE notice points to a published update log chosen in the form', async ({ page }) => {
  const run = tag();
  const created = await page.request.post('/resources/api/admin/update-logs', {
    data: { version: '9.9.9', title: `版本 ${run}`, content: '## 新功能\n\n- 一', update_type: 'FEATURE', status: 'PUBLISHED' },
  });
  const logId = (await created.json()).data.updateLog.id as string;

  await page.goto('/dash/admin/notifications');
  await waitForHydration(page);
  await page.getByLabel('类型').selectOption('UPDATE');
  await expect(page.getByTestId('update-fields')).toBeVisible();
  await page.getByRole('textbox', { name: '标题' }).fill(`版本更新 ${run}`);
  await page.getByLabel('关联更新日志（版本更新）').selectOption(logId);
  await page.getByLabel('开始时间').fill(beijingDay(1, '08:00'));
  await page.getByTestId('save-notification').click();
  await expect(page.getByTestId('notification-saved')).toHaveText('草稿已保存');
  const notice = row(page, `版本更新 ${run}`);
  await expect(notice.getByRole('cell').nth(1)).toHaveText(/^版本更新\s*v9\.9\.9$/);

  await notice.getByTestId('edit-notification').click();
  await expect(page.getByLabel('关联更新日志（版本更新）')).toHaveValue(logId);
  // Clean up: the notice, then the log.
  await page.goto('/dash/admin/notifications');
  await waitForHydration(page);
  await row(page, `版本更新 ${run}`).getByTestId('delete-notification').click();
  await page.getByRole('alertdialog').getByTestId('confirm-row-action').click();
  await expect(row(page, `版本更新 ${run}`)).toHaveCount(0);
  expect((await page.request.delete(`/resources/api/admin/update-logs/${logId}`)).ok()).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a notice is created, then publishing, ending and deleting each ask on the page before they apply', async ({ page }) => {
    const title = `无脚本通知 ${tag()}`;
    await page.goto('/dash/admin/notifications');
    // Every type's fields show: the action ignores those of other types.
    await expect(page.getByTestId('maintenance-fields')).toBeVisible();
    await expect(page.getByTestId('update-fields')).toBeVisible();
    await page.getByLabel('类型').selectOption('MAINTENANCE');
    await page.getByRole('textbox', { name: '标题' }).fill(title);
    await page.getByTestId('save-notification').click();
    await expect(page.getByText('维护通知需要填写开始时间')).toBeVisible();
    await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue(title);

    await page.getByLabel('类型').selectOption('ANNOUNCEMENT');
    await page.getByLabel('开始时间').fill(beijingDay(1, '10:00'));
    await page.getByLabel('预计完成时间（系统维护）').fill(beijingDay(1, '12:00'));
    await page.getByTestId('save-notification').click();
    await expect(page.getByTestId('notification-saved')).toHaveText('草稿已保存');
    const notice = row(page, title);
    await expect(notice.getByTestId('notification-status')).toHaveText('草稿');

    const steps = [
      { button: 'publish-notification', ask: '发布这条通知？', confirm: '确认发布', done: '通知已发布', status: '待开始' },
      { button: 'expire-notification', ask: '结束这条通知？', confirm: '确认结束', done: '通知已结束', status: '已结束' },
    ];
    for (const step of steps) {
      await notice.getByTestId(step.button).click();
      const panel = page.getByTestId('notification-confirm-panel');
      await expect(panel).toContainText(step.ask);
      await expect(panel).toContainText(title);
      await panel.getByRole('button', { name: step.confirm }).click();
      await expect(page.getByTestId('notification-action-done')).toHaveText(step.done);
      await expect(notice.getByTestId('notification-status')).toHaveText(step.status);
    }

    await notice.getByTestId('delete-notification').click();
    const panel = page.getByTestId('notification-confirm-panel');
    await expect(panel).toContainText('删除这条通知？');
    // 取消 is a link back to the page: nothing changes.
    await panel.getByRole('link', { name: '取消' }).click();
    await expect(panel).toHaveCount(0);
    await expect(notice).toHaveCount(1);
    await notice.getByTestId('delete-notification').click();
    await page.getByTestId('notification-confirm-panel').getByRole('button', { name: '确认删除' }).click();
    await expect(page.getByTestId('notification-action-done')).toHaveText('通知已删除');
    await expect(notice).toHaveCount(0);
  });
});
