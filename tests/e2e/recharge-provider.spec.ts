import { expect, signIn, test, waitForHydration } from './fixtures';
import { editorOf } from './writing-editor';
import { FAKE_OPENAI_URL } from './ports';

/**
 * Issue 28 on the app with a language model (the provider project: 文书修改 is charged only with a
 * model). A custom amount on /dash/recharge, priced by the server at the price table's rate (10
 * points a yuan, ¥10 to ¥5,000 by default), paid in the sandbox at 1440 and 375 px; and a revision's
 * charge in 积分明细 under its own name.
 */

for (const { width, height } of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`a custom recharge at ${width} px: bounds in Chinese, the points shown as typed, paid in the sandbox, credited`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height });
    await signIn(page);
    await expect(page.getByTestId('points-display')).toHaveText('120.00');
    await page.goto('/dash/recharge');
    await waitForHydration(page);

    const custom = page.getByTestId('recharge-custom');
    const amount = page.getByTestId('recharge-amount');
    await expect(custom).toContainText('1元 = 10.00 积分');
    await amount.fill('5');
    await expect(page.getByTestId('recharge-amount-error')).toHaveText('充值金额不能低于10.00元（可充值10.00元至5000.00元）');
    await amount.fill('5000.01');
    await expect(page.getByTestId('recharge-amount-error')).toHaveText('充值金额不能超过5000.00元（可充值10.00元至5000.00元）');
    await amount.fill('12.345');
    await expect(page.getByTestId('recharge-amount-error')).toHaveText('充值金额最多两位小数');
    await amount.fill('12.5');
    await expect(page.getByTestId('recharge-custom-points')).toHaveText('可得 125.00 积分');
    // Typing picked the custom choice; nothing else on the page overflows the phone's width.
    await expect(custom.locator('input[type="radio"]')).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`recharge-custom-${width}.png`), fullPage: true });
    await page.getByTestId('recharge-submit').click();

    await expect(page).toHaveURL(/\/dash\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('order-amount')).toHaveText('¥12.50');
    await page.getByTestId('order-pay').click();
    await expect(page).toHaveURL(/\/dash\/wechat-payment\/[0-9a-f-]{36}$/);
    const qr = page.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    const target = (await qr.getAttribute('data-code-url'))!;
    await waitForHydration(page);

    const phone = await context.newPage();
    await phone.goto(target);
    await expect(phone.getByTestId('sandbox-amount')).toHaveText('¥12.50');
    await expect(phone.getByTestId('sandbox-page')).toContainText('自定义充值');
    await phone.getByTestId('sandbox-confirm').click();
    await expect(phone.getByTestId('sandbox-answer')).toContainText('支付成功，125积分已到账');
    await phone.close();

    await expect(page).toHaveURL(/\/dash\/payment\/result\?orderId=/, { timeout: 15_000 });
    await expect(page.getByTestId('result-points')).toHaveText('125.00');
    await expect(page.getByTestId('points-display')).toHaveText('245.00');
  });
}

test('a 文书修改 charge shows in 积分明细 as 文书修改, not 文书润色', async ({ page }) => {
  const mark = `R${Math.random().toString(36).slice(2, 10)}`;
  const answer = [
    '## 总体评价',
    '- 结构清晰。',
    '## 修改建议',
    '### 建议 1',
    '类型：批注',
    '原文：「my team」',
    '建议：（无）',
    '理由：请说明团队有几个人。',
  ].join('\n');
  const scripted = await page.request.post(`${FAKE_OPENAI_URL}/__script`, {
    data: { marker: mark, responses: [{ kind: 'stream', steps: [{ delta: answer }, { finish: 'stop' }, { done: true }] }] },
  });
  expect(scripted.status()).toBe(204);
  await signIn(page);
  await page.goto('/dash/essay-revision');
  await waitForHydration(page);
  await editorOf(page).click();
  await page.keyboard.insertText(`I built a robot with my team (${mark}).`);
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('generation-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });

  await page.goto('/dash/points-history');
  const table = page.getByTestId('points-history-table');
  await expect(table).toContainText('文书修改');
  await expect(table).not.toContainText('文书润色');
});
