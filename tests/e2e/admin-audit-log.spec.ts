import { readFileSync } from 'node:fs';
import { adminStorageState, E2E_ADMIN_PHONE, expect, randomPhone, test, visitorHeaders, waitForHydration } from './fixtures';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

test.use({ storageState: adminStorageState() });

test('the audit log lists the points adjustment just made, and filters by action and administrator', async ({ page }) => {
  // A customer of their own, signed up over the API from an address of their own.
  const phone = randomPhone();
  const headers = visitorHeaders();
  const sent = await page.request.post('/api/v1/auth/sms/send', { data: { phone }, headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const { devCode } = ((await sent.json()) as { data: { devCode: string } }).data;
  expect((await page.request.post('/api/v1/auth/login/phone', { data: { phone, code: devCode }, headers })).status()).toBe(200);

  await page.goto(`/dash/admin/points?phone=${phone}`);
  await waitForHydration(page);
  await expect(page.getByTestId('ledger-balance')).toHaveText('120.00');
  await page.getByRole('spinbutton', { name: '积分', exact: true }).fill('7');
  await page.getByLabel('原因').fill('审计日志测试');
  await page.getByTestId('adjust-submit').click();
  await page.getByRole('alertdialog').getByTestId('confirm-adjust').click();
  await expect(page.getByTestId('adjust-done')).toHaveText('积分已调整，当前余额 127.00');

  await page.getByTestId('sidebar').getByRole('link', { name: '操作日志' }).click();
  await expect(page).toHaveURL(/\/dash\/admin\/audit-log$/);
  await waitForHydration(page);
  await page.getByLabel('操作类型', { exact: true }).selectOption({ label: '调整用户积分' });
  await expect(page).toHaveURL(/action=points\.adjust/);
  const row = page.getByTestId('audit-row-points.adjust').filter({ hasText: masked(phone) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('余额：120 → 127');
  await expect(row).toContainText('原因：审计日志测试');
  await expect(row).toContainText(masked(E2E_ADMIN_PHONE));
  await expect(page.locator('[data-testid^="audit-row-"]:not([data-testid="audit-row-points.adjust"])')).toHaveCount(0);

  const admins = page.getByLabel('管理员', { exact: true });
  await admins.selectOption((await admins.locator('option', { hasText: masked(E2E_ADMIN_PHONE) }).getAttribute('value'))!);
  await expect(page).toHaveURL(/adminId=[0-9a-f-]{36}/);
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('audit-log-export')).toHaveAttribute(
    'href',
    /^\/resources\/admin\/audit-log\/export\?action=points\.adjust&adminId=/,
  );

  // The link downloads the filtered rows as the API wrote them (BOM, Chinese header, this row).
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-log-export').click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF时间（北京时间）,管理员,')).toBe(true);
  expect(csv).toContain(masked(phone));
});
