import { adminStorageState, expect, signIn, loginWithoutScripts, test, waitForHydration } from './fixtures';

/**
 * Issue 12 end to end on the embedded sandbox: pricing → recharge → order → the QR page → the
 * sandbox's phone page pays → the result, the header's balance animating, the purchase in the
 * history; and the same path up to the QR code without JavaScript.
 */

test('buying a package: pricing, recharge, order, QR code, sandbox payment, result, balance and history', async ({ page, context }) => {
  test.slow();
  await signIn(page);
  await expect(page.getByTestId('points-display')).toHaveText('120.00');

  await page.getByTestId('sidebar-charge').click();
  await expect(page).toHaveURL(/\/dash\/pricing$/);
  await expect(page.getByTestId('package-card')).toHaveCount(4);
  await expect(page.getByTestId('price-table')).toBeVisible();
  // 标准包: 300 points plus 30 bonus for ¥29.90.
  const standard = page.getByTestId('package-card').filter({ hasText: '标准包' });
  await expect(standard).toContainText('330.00');
  await expect(standard.getByTestId('package-price')).toHaveText('¥29.90');
  await standard.getByTestId('package-buy').click();

  await expect(page).toHaveURL(/\/dash\/recharge\?packageId=/);
  await expect(page.getByTestId('recharge-package').filter({ hasText: '标准包' }).locator('input')).toBeChecked();
  await expect(page.getByTestId('recharge-method-WECHAT')).toContainText('沙箱支付');
  await page.getByTestId('recharge-submit').click();

  await expect(page).toHaveURL(/\/dash\/order\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-amount')).toHaveText('¥29.90');
  await expect(page.getByTestId('order-status')).toHaveText('待支付');
  await page.getByTestId('order-pay').click();

  await expect(page).toHaveURL(/\/dash\/wechat-payment\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('sandbox-badge')).toHaveText('沙箱支付');
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  await expect(page.getByTestId('payment-countdown')).toContainText(/剩余支付时间 (29|30):\d\d/);
  const target = (await qr.getAttribute('data-code-url'))!;
  expect(target).toMatch(/\/sandbox-pay\/LX\d+\?t=/);
  await waitForHydration(page);

  // The phone: the QR code's target, in a browser of its own.
  const phone = await context.newPage();
  await phone.goto(target);
  await expect(phone.getByTestId('sandbox-amount')).toHaveText('¥29.90');
  await expect(phone.getByTestId('sandbox-page')).toContainText('沙箱支付');
  await phone.getByTestId('sandbox-confirm').click();
  await expect(phone.getByTestId('sandbox-answer')).toContainText('支付成功，330积分已到账');
  await phone.close();

  // The payment page follows the order and opens the result; the header shows the difference.
  await expect(page).toHaveURL(/\/dash\/payment\/result\?orderId=/, { timeout: 15_000 });
  await expect(page.getByTestId('payment-result')).toContainText('充值成功');
  await expect(page.getByTestId('result-points')).toHaveText('330.00');
  await expect(page.getByTestId('points-display')).toHaveText('450.00');
  await expect(page.getByTestId('points-delta')).toHaveText('+330.00');
  const stored = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('recharge_result'))?.[1] ?? null);
  expect(stored).toContain('"success":true');
  expect(stored).toContain('"points":330');

  // The next start of the app announces the recharge once (spec §2 recharge notice) and consumes the result.
  await page.goto('/dash/points-history');
  await expect(page.getByText('充值成功，330.00积分已到账')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.endsWith('recharge_result')))).toBe(false);
  await expect(page.getByTestId('points-history-table')).toContainText('订单充值');
  await expect(page.getByTestId('points-history-table')).toContainText('+330.00');
  await page.goto('/dash/orders');
  await expect(page.getByTestId('order-row').first()).toContainText('已支付');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('pricing, recharge, order and the QR code all render and post without scripts', async ({ page }) => {
    await loginWithoutScripts(page);

    await page.goto('/dash/pricing');
    await page.getByTestId('package-card').filter({ hasText: '体验包' }).getByTestId('package-buy').click();
    await expect(page).toHaveURL(/\/dash\/recharge\?packageId=/);
    await page.getByTestId('recharge-method-ALIPAY').click();
    await page.getByTestId('recharge-submit').click();
    await expect(page).toHaveURL(/\/dash\/order\//);
    await expect(page.getByTestId('order-amount')).toHaveText('¥9.90');
    await expect(page.getByTestId('order-details')).toContainText('支付宝');
    await page.getByTestId('order-pay').click();
    await expect(page).toHaveURL(/\/dash\/wechat-payment\//);
    await expect(page.getByTestId('payment-qr')).toBeVisible();
    await expect(page.getByRole('heading', { name: '支付宝扫码支付' })).toBeVisible();
    await expect(page.getByTestId('sandbox-badge')).toHaveText('沙箱支付');
    await expect(page.getByTestId('order-details')).toContainText('支付宝（沙箱支付）');
    // The deadline is in the details; the ticking countdown needs scripts.
    await expect(page.getByTestId('payment-countdown')).toHaveCount(0);
    // Not paid yet: 我已完成支付 says so on the server.
    await page.getByTestId('payment-done').click();
    await expect(page.getByTestId('callback-message')).toContainText('暂未收到付款结果');
  });
});

test.describe('the console', () => {
  test.use({ storageState: adminStorageState() });

  test('an administrator adds a package (withdrawn, so the shop is unchanged) and sees it listed', async ({ page }) => {
    await page.goto('/dash/admin/packages');
    await expect(page.getByTestId('package-form')).not.toHaveCount(0);
    const form = page.getByTestId('package-new');
    const name = `内部包${Date.now() % 100000}`;
    await form.getByLabel('名称').fill(name);
    await form.getByLabel('积分', { exact: true }).fill('0');
    await form.getByLabel('价格（元）').fill('1.5');
    await form.getByLabel('上架销售').uncheck();
    await form.getByRole('button', { name: '添加套餐' }).click();
    await expect(form.getByText('积分至少为0.01')).toBeVisible();
    await form.getByLabel('积分', { exact: true }).fill('15');
    await form.getByRole('button', { name: '添加套餐' }).click();
    const saved = page.getByTestId('package-form').filter({ hasText: name });
    await expect(saved.getByText(`已添加「${name}」`)).toBeVisible();
    await expect(saved.getByText('已下架')).toBeVisible();
    await page.goto('/dash/pricing');
    await expect(page.getByTestId('package-card').filter({ hasText: name })).toHaveCount(0);
  });
});
