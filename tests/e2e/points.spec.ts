import { request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { adminStorageState, expect, signIn, randomPhone, test, visitorHeaders, waitForHydration } from './fixtures';

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

/** A batch of redemption codes made by the run's administrator (tests/e2e/seed.ts) through the API passthrough. */
/** One batch of `count` codes worth `points` each. */
async function createBatch(points: number, count: number): Promise<string[]> {
  const admin = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    storageState: adminStorageState(),
    extraHTTPHeaders: visitorHeaders(),
  });
  try {
    const response = await admin.post('/resources/api/admin/redemption-codes', { data: { points, count, maxUses: 100 } });
    expect(response.status()).toBe(201);
    return (await response.json()).data.codes;
  } finally {
    await admin.dispose();
  }
}

/** `count` codes one user may all redeem: each of its own batch (one code of a batch per user, issue 28). */
async function createCodes(points: number, count: number): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) codes.push(...(await createBatch(points, 1)));
  return codes;
}

/** Redeems through the API as the page's signed-in user (for tests about something else). */
async function redeemViaApi(page: Page, codes: string[]) {
  for (const code of codes) {
    const response = await page.request.post('/resources/api/redemption-codes/redeem', { data: { code } });
    expect(response.status()).toBe(200);
  }
}

async function loginWithoutJs(page: Page, path = '/dash/login') {
  await page.goto(path);
  const phone = randomPhone();
  await page.getByLabel('手机号').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('dev-code')).toBeVisible();
  await page.getByLabel('验证码').fill((await page.getByTestId('dev-code').textContent())!.trim());
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dash\/overview$/);
  return phone;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('redeeming a code: field errors in Chinese, the new balance in the page and the header, the history by links', async ({ page }) => {
    test.slow(); // a dozen full-page form posts
    const codes = await createCodes(12.5, 10);
    await loginWithoutJs(page);
    await expect(page.getByTestId('points-display')).toHaveText('120.00');

    await page.goto('/dash/redemption-code');
    await page.getByLabel('兑换码').fill('NOPE-NOPE-NOPE');
    await page.getByTestId('redeem-submit').click();
    await expect(page.getByText('兑换码不存在，请检查后重试')).toBeVisible();
    await expect(page.getByLabel('兑换码')).toHaveValue('NOPE-NOPE-NOPE');

    // Lower case and spaces are accepted: the code is normalized.
    await page.getByLabel('兑换码').fill(` ${codes[0]!.toLowerCase()} `);
    await page.getByTestId('redeem-submit').click();
    await expect(page.getByTestId('redeem-success')).toContainText('兑换成功，获得12.50积分');
    await expect(page.getByTestId('redeem-balance')).toHaveText('132.50');
    await expect(page.getByTestId('points-display')).toHaveText('132.50');

    await page.getByLabel('兑换码').fill(codes[0]!);
    await page.getByTestId('redeem-submit').click();
    await expect(page.getByText('你已经使用过这个兑换码')).toBeVisible();
    await expect(page.getByTestId('points-display')).toHaveText('132.50');
    // Another code of a batch this user has redeemed from: refused, as the console says.
    const [first, second] = await createBatch(50, 2);
    await page.getByLabel('兑换码').fill(first!);
    await page.getByTestId('redeem-submit').click();
    await expect(page.getByTestId('redeem-balance')).toHaveText('182.50');
    await page.getByLabel('兑换码').fill(second!);
    await page.getByTestId('redeem-submit').click();
    await expect(page.getByText('每个用户对同一批兑换码只能兑换一次')).toBeVisible();
    await expect(page.getByTestId('points-display')).toHaveText('182.50');

    for (const code of codes.slice(1)) {
      await page.getByLabel('兑换码').fill(code);
      await page.getByTestId('redeem-submit').click();
      await expect(page.getByTestId('redeem-success')).toBeVisible();
    }
    await expect(page.getByTestId('points-display')).toHaveText('295.00');

    // The header's balance is a link to the history page when scripts do not run.
    await page.getByTestId('points-display').click();
    await expect(page).toHaveURL(/\/dash\/points-history$/);
    const rows = page.getByTestId('points-history-row');
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText('兑换码');
    await expect(rows.first().getByTestId('points-history-points')).toHaveText('+12.50');
    await expect(page.getByTestId('points-history-pager')).toContainText('共 13 条');

    await page.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/dash\/points-history\?page=2$/);
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('points-history-table')).toContainText('首次手机登录奖励');
    await expect(page.getByTestId('points-history-table')).toContainText('+100.00');
    // Past the last page goes to the last page.
    await page.goto('/dash/points-history?page=9');
    await expect(page).toHaveURL(/\?page=2$/);

    // On a phone each entry is a card, and nothing overflows the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/dash/points-history');
    await expect(page.getByTestId('points-history-card').first()).toBeVisible();
    await expect(page.getByTestId('points-history-table')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test('with JavaScript the header shows the difference for about 3 s after a redemption', async ({ page }) => {
  const [code] = await createCodes(7.25, 1);
  await signIn(page);
  await expect(page.getByTestId('points-display')).toHaveText('120.00');

  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: '使用兑换码' }).click();
  await expect(page).toHaveURL(/\/dash\/redemption-code$/);
  await waitForHydration(page);
  await page.getByLabel('兑换码').fill(code!);
  await page.getByTestId('redeem-submit').click();

  const delta = page.getByTestId('points-delta');
  await expect(delta).toHaveText('+7.25');
  const shown = Date.now();
  await expect(page.getByTestId('points-display')).toHaveText('127.25');
  await expect(page.getByTestId('redeem-success')).toContainText('兑换成功，获得7.25积分');
  await expect(page.getByLabel('兑换码')).toHaveValue('');
  await expect(delta).toBeHidden({ timeout: 6000 });
  const elapsed = Date.now() - shown;
  expect(elapsed).toBeGreaterThan(2000);
  expect(elapsed).toBeLessThan(4500);
});

test('the points-history modal opens from the header, paginates, and works from the keyboard', async ({ page }) => {
  const codes = await createCodes(1, 10);
  await signIn(page);
  await redeemViaApi(page, codes);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('points-display')).toHaveText('130.00');
  // The overview's price table: per use, and per 1,000 characters where that part is not zero.
  await expect(page.getByTestId('price-ai_check')).toHaveText(/查AI率\s*2\.00 积分\/次$/);
  await expect(page.getByTestId('price-ai_reduce')).toContainText('另加 5.00 积分/千字');

  await page.getByTestId('points-display').click();
  const dialog = page.getByTestId('points-history-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: '积分明细' })).toBeVisible();
  const rows = dialog.getByTestId('points-history-row');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('奖励');
  await expect(rows.first()).toContainText('兑换码');
  await expect(rows.first()).toContainText('成功');
  await expect(dialog.getByTestId('points-history-pager')).toContainText('共 12 条，第 1/2 页');
  await dialog.getByRole('button', { name: '第 2 页' }).click();
  await expect(rows).toHaveCount(2);
  await expect(dialog.getByTestId('points-history-pager')).toContainText('第 2/2 页');
  await expect(dialog.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The URL did not change: the modal, not the page.
  await expect(page).toHaveURL(/\/dash\/overview$/);

  // From the keyboard: focus the balance, Enter opens the modal (on its first page again).
  await page.getByRole('link', { name: /积分余额 130\.00/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('points-history-pager')).toContainText('第 1/2 页');
  await dialog.getByRole('link', { name: '查看全部明细' }).click();
  await expect(page).toHaveURL(/\/dash\/points-history$/);
  await expect(dialog).toBeHidden();
});

test('an empty history says so; a failed one says 获取积分明细失败 and can be retried', async ({ page, consoleErrors }) => {
  await signIn(page);
  await page.route('**/resources/api/user/points-history*', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, data: { items: [], page: 1, pageSize: 10, total: 0 } }),
    }),
  );
  await page.getByTestId('points-display').click();
  await expect(page.getByTestId('points-history-empty')).toHaveText(/暂无积分明细/);
  await page.keyboard.press('Escape');

  await page.unroute('**/resources/api/user/points-history*');
  await page.route('**/resources/api/user/points-history*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 'INTERNAL_ERROR', message: '服务器错误' }),
    }),
  );
  await page.getByTestId('points-display').click();
  await expect(page.getByTestId('points-history-error')).toContainText('获取积分明细失败');
  await page.unroute('**/resources/api/user/points-history*');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByTestId('points-history-row')).toHaveCount(2);
  // The browser reports the scripted 500 itself; nothing else may reach the console.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500/.test(e)));
});

test('a 402 from /resources/api opens 继续使用需要充值, a 429 opens 服务器繁忙, one modal at a time', async ({ page, consoleErrors }) => {
  await signIn(page);
  // No AI endpoint charges yet: the answer is scripted on the one browser path to the API.
  await page.route('**/resources/api/user/points-history*', (route) =>
    route.fulfill({
      status: 402,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, code: 'INSUFFICIENT_POINTS', message: '积分不足，本次需要30积分，当前余额12.5积分' }),
    }),
  );
  await page.getByTestId('points-display').click();
  const shortage = page.getByTestId('shortage-dialog');
  await expect(shortage).toBeVisible();
  await expect(shortage.getByRole('heading', { name: '继续使用需要充值' })).toBeVisible();
  // Read from the message: the answer carried no data.shortage.
  await expect(shortage.getByTestId('shortage-required')).toHaveText('30.00');
  await expect(shortage.getByTestId('shortage-available')).toHaveText('12.50');
  const recharge = shortage.getByRole('link', { name: '立即充值' });
  await expect(recharge).toHaveAttribute('href', '/dash/pricing');
  await expect(recharge).toHaveAttribute('target', '_blank');
  await shortage.getByRole('button', { name: '暂不充值' }).click();
  await expect(shortage).toBeHidden();
  await page.keyboard.press('Escape');

  await page.unroute('**/resources/api/user/points-history*');
  await page.route('**/resources/api/user/points-history*', (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'RATE_LIMITED' }) }),
  );
  await page.getByTestId('points-display').click();
  const busy = page.getByTestId('busy-dialog');
  await expect(busy).toBeVisible();
  await expect(busy.getByRole('heading', { name: '服务器繁忙' })).toBeVisible();
  await expect(busy).toContainText('你前面还有1人在排队，请稍后再试');
  // It opens over the history modal; closing it returns there.
  await busy.getByRole('button', { name: '我知道了' }).click();
  await expect(busy).toBeHidden();
  await expect(page.getByTestId('points-history-error')).toContainText('获取积分明细失败');
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of (402|429)/.test(e)));
});

async function newVisitor(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'zh-CN', extraHTTPHeaders: visitorHeaders(), javaScriptEnabled });
  return { context, page: await context.newPage() };
}

test('the invitation page shows the code, the link with a copy button and its QR code; the link fills the invitee’s form', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: '邀请好友' }).click();
  await expect(page).toHaveURL(/\/dash\/invitation$/);

  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  const link = `${BASE_URL}/dash/login?invite=${code}`;
  await expect(page.getByTestId('invite-link')).toHaveValue(link);
  await expect(page.getByTestId('invite-rule')).toHaveText('邀请好友注册，你获得50.00积分，好友获得20.00积分');
  const qr = page.getByRole('img', { name: '邀请链接二维码' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('invite-empty')).toContainText('还没有好友通过你的邀请注册');
  await expect(page.getByTestId('invite-total')).toContainText('0.00');

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('invite-link-copy').click();
  await expect(page.getByTestId('invite-link-copy')).toContainText('已复制');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The friend opens the link without JavaScript: the field is filled, and stays filled after 获取验证码.
  const friend = await newVisitor(browser, false);
  try {
    await friend.page.goto(link);
    await expect(friend.page.getByLabel(/邀请码/)).toHaveValue(code);
    const phone = randomPhone();
    await friend.page.getByLabel('手机号').fill(phone);
    await friend.page.getByTestId('send-code').click();
    await expect(friend.page.getByTestId('dev-code')).toBeVisible();
    await expect(friend.page.getByLabel(/邀请码/)).toHaveValue(code);
    await friend.page.getByLabel('验证码').fill((await friend.page.getByTestId('dev-code').textContent())!.trim());
    await friend.page.getByTestId('login-agree').check();
    await friend.page.getByTestId('login-submit').click();
    await expect(friend.page).toHaveURL(/\/dash\/overview$/);
    // 100 welcome + 20 first login + 20 for accepting the invitation.
    await expect(friend.page.getByTestId('points-display')).toHaveText('140.00');

    await page.reload();
    await expect(page.getByTestId('invite-count')).toContainText('1');
    await expect(page.getByTestId('invite-total')).toContainText('50.00');
    const row = page.getByTestId('invite-list').getByRole('row').nth(1);
    await expect(row).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await expect(row).toContainText('+50.00');
    await expect(page.getByTestId('points-display')).toHaveText('170.00');
  } finally {
    await friend.context.close();
  }
});

test('/login?invite= fills the invite code too', async ({ page }) => {
  await page.goto('/login?invite=QWER5678');
  await expect(page.getByLabel(/邀请码/)).toHaveValue('QWER5678');
});
