import { readFileSync } from 'node:fs';
import {
  adminStorageState,
  E2E_ADMIN_PHONE,
  expect,
  loginViaForm,
  signIn,
  randomPhone,
  test,
  visitorHeaders,
  waitForHydration,
} from './fixtures';

const CONSOLE_PAGES = [
  '/dash/admin',
  '/dash/admin/redemption-codes',
  '/dash/admin/prices',
  '/dash/admin/points',
  '/dash/admin/notifications',
  '/dash/admin/update-logs',
  '/dash/admin/audit-log',
];
const uniqueNote = (what: string) => `${what}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('an administrator', () => {
  test.use({ storageState: adminStorageState() });

  test('creates a batch of redemption codes, sees the codes and the batch in the list, exports and disables it', async ({ page }) => {
    await page.goto('/dash/admin');
    await expect(page).toHaveURL(/\/dash\/admin\/redemption-codes$/);
    await waitForHydration(page);
    await expect(page.getByTestId('sidebar').getByText('管理后台')).toBeVisible();

    const note = uniqueNote('e2e');
    await page.getByLabel('每个兑换码积分').fill('12.5');
    await page.getByLabel('数量').fill('3');
    await page.getByLabel('每个可用次数').fill('2');
    await page.getByLabel('备注（选填）').fill(note);
    await page.getByTestId('create-codes').click();

    const created = page.getByTestId('created-codes');
    await expect(created).toContainText('已生成 3 个兑换码');
    await expect(created).toContainText('每个 12.50 积分、可用 2 次');
    const codes = (await created.getByLabel('生成的兑换码').inputValue()).split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{12}$/);

    const row = page.getByTestId('batches').getByRole('row').filter({ hasText: note });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('batch-uses')).toHaveText('0/6');
    await expect(row.getByTestId('batch-status')).toHaveText('有效');
    await expect(row).toContainText('12.50');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: '导出 CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    for (const code of codes) expect(csv).toContain(code);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    await row.getByTestId('disable-batch').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('3 个兑换码，每个 12.50 积分、可用 2 次');
    await dialog.getByTestId('confirm-disable').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('disable-done')).toHaveText('该批兑换码已停用');
    await expect(row.getByTestId('batch-status')).toHaveText('已停用');
    await expect(row.getByTestId('disable-batch')).toHaveCount(0);
  });

  test('sees Chinese field errors for an empty batch form', async ({ page }) => {
    await page.goto('/dash/admin/redemption-codes');
    await waitForHydration(page);
    await page.getByLabel('数量').fill('');
    await page.getByLabel('每个可用次数').fill('0');
    await page.getByTestId('create-codes').click();
    await expect(page.getByText('请输入每个兑换码的积分')).toBeVisible();
    await expect(page.getByText('请输入数量')).toBeVisible();
    await expect(page.getByText('可用次数至少为1')).toBeVisible();
    await expect(page.getByTestId('created-codes')).toHaveCount(0);
  });

  test("adjusts a user's points after confirming, and a deduction beyond the balance is refused", async ({ page, browser }) => {
    // A visitor of its own (contexts made here inherit the administrator's storage state otherwise).
    const customer = await browser.newContext({ storageState: { cookies: [], origins: [] }, extraHTTPHeaders: visitorHeaders() });
    const customerPage = await customer.newPage();
    await customerPage.goto('/dash/login');
    const phone = await loginViaForm(customerPage, randomPhone());
    await customer.close();

    await page.goto('/dash/admin/points');
    await waitForHydration(page);
    await expect(page.getByTestId('ledger-empty')).toBeVisible();
    await page.getByLabel('用户手机号').fill(phone);
    await page.getByTestId('ledger-search').click();
    const balance = page.getByTestId('ledger-balance');
    await expect(balance).toHaveText(/^\d+\.\d{2}$/);
    const before = Number(await balance.textContent());

    await page.getByRole('spinbutton', { name: '积分', exact: true }).fill(String(-(before + 1)));
    await page.getByLabel('原因').fill('超额扣减');
    await page.getByTestId('adjust-submit').click();
    await expect(page.getByText(/扣减后余额会小于0/)).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByRole('spinbutton', { name: '积分', exact: true }).fill('-20.5');
    await page.getByLabel('原因').fill('测试扣减');
    await page.getByTestId('adjust-submit').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByTestId('adjust-dialog-调整')).toHaveText('-20.50 积分');
    await expect(dialog.getByTestId('adjust-dialog-余额')).toHaveText(`${before.toFixed(2)} → ${(before - 20.5).toFixed(2)}`);
    await dialog.getByTestId('confirm-adjust').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('adjust-done')).toHaveText(`积分已调整，当前余额 ${(before - 20.5).toFixed(2)}`);
    await expect(balance).toHaveText((before - 20.5).toFixed(2));
    const first = page.getByTestId('ledger-rows').getByRole('row').nth(1);
    await expect(first).toContainText('管理员调整');
    await expect(first).toContainText('-20.50');
    await expect(first).toContainText('测试扣减');
  });

  test('a search for an unknown or invalid phone says so on the page', async ({ page }) => {
    await page.goto('/dash/admin/points?phone=13000000000');
    await expect(page.getByText('没有找到该手机号的用户')).toBeVisible();
    await page.goto('/dash/admin/points?phone=12345');
    await expect(page.getByText('请输入正确的11位中国大陆手机号')).toBeVisible();
  });

  test('edits the price table, with field errors for bad values', async ({ page }) => {
    await page.goto('/dash/admin/prices');
    await waitForHydration(page);
    const row = page.getByTestId('price-translate');
    const perThousand = row.getByLabel(/每千字积分/);
    const original = await perThousand.inputValue();

    await perThousand.fill('-1');
    await row.getByLabel(/每次积分/).fill('');
    await page.getByTestId('prices-submit').click();
    await expect(row.getByText('请填写积分，不收费请填0')).toBeVisible();
    await perThousand.fill('-1');
    await row.getByLabel(/每次积分/).fill('1');
    await page.getByTestId('prices-submit').click();
    await expect(row.getByText('价格不能为负')).toBeVisible();

    const changed = original === '0.5' ? '0.75' : '0.5';
    await perThousand.fill(changed);
    await page.getByTestId('prices-submit').click();
    await expect(page.getByTestId('prices-saved')).toHaveText('价格已更新');
    await page.reload();
    await expect(page.getByTestId('price-translate').getByLabel(/每千字积分/)).toHaveValue(changed);
    await expect(page.getByTestId('prices-updated-at')).toContainText('最近修改');

    // Put it back: other tests may price this operation.
    await page
      .getByTestId('price-translate')
      .getByLabel(/每千字积分/)
      .fill(original);
    await page.getByTestId('prices-submit').click();
    await expect(page.getByTestId('prices-saved')).toHaveText('价格已更新');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('disabling a batch asks on the page before it applies', async ({ page }) => {
      const note = uniqueNote('nojs');
      await page.goto('/dash/admin/redemption-codes');
      await page.getByLabel('每个兑换码积分').fill('1');
      await page.getByLabel('备注（选填）').fill(note);
      await page.getByTestId('create-codes').click();
      await expect(page.getByTestId('created-codes')).toContainText('已生成 1 个兑换码');

      const row = page.getByTestId('batches').getByRole('row').filter({ hasText: note });
      await row.getByTestId('disable-batch').click();
      const panel = page.getByTestId('disable-confirm-panel');
      await expect(panel).toContainText('停用这批兑换码？');
      await expect(row.getByTestId('batch-status')).toHaveText('有效');
      await panel.getByRole('button', { name: '确认停用' }).click();
      await expect(page.getByTestId('disable-done')).toHaveText('该批兑换码已停用');
      await expect(page.getByTestId('batches').getByRole('row').filter({ hasText: note }).getByTestId('batch-status')).toHaveText('已停用');
    });

    test('an adjustment asks on the page before it applies', async ({ page }) => {
      await page.goto(`/dash/admin/points?phone=${E2E_ADMIN_PHONE}`);
      const before = Number(await page.getByTestId('ledger-balance').textContent());
      await page.getByRole('spinbutton', { name: '积分', exact: true }).fill('1');
      await page.getByLabel(/原因/).fill('无脚本调整');
      await page.getByTestId('adjust-submit').click();
      const panel = page.getByRole('alertdialog', { name: '确认调整积分？' });
      await expect(panel).toContainText(`余额 ${before.toFixed(2)} → ${(before + 1).toFixed(2)}`);
      await expect(page.getByTestId('ledger-balance')).toHaveText(before.toFixed(2));
      await panel.getByRole('button', { name: '确认调整' }).click();
      await expect(page.getByTestId('adjust-done')).toHaveText(`积分已调整，当前余额 ${(before + 1).toFixed(2)}`);
    });
  });
});

test('a non-administrator gets 没有权限访问 on every console page and sees no 管理后台 entry', async ({ page, consoleErrors }) => {
  await signIn(page);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('sidebar').getByText('管理后台')).toHaveCount(0);

  for (const path of CONSOLE_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByTestId('route-error'), path).toContainText('没有权限访问');
    await expect(page.getByTestId('admin-tabs')).toHaveCount(0);
    await expect(page.getByTestId('sidebar').getByText('管理后台')).toHaveCount(0);
  }

  // The forms' actions refuse as well, and so does the CSV export (back to the console, refused).
  const post = await page.request.post('/dash/admin/points?phone=13700000001', {
    form: { intent: 'adjust', phone: '13700000001', points: '1000', reason: '给自己加分', confirm: 'yes' },
  });
  expect(post.status()).toBe(403);
  await page.goto('/resources/admin/redemption-codes/00000000-0000-4000-8000-000000000000/export');
  await expect(page.getByTestId('shell-notice')).toHaveText('导出失败：没有权限访问');
  await expect(page.getByTestId('route-error')).toContainText('没有权限访问');
  // Chromium reports each 403 document as a console error; anything else still fails the test.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 403/.test(e)));
});
