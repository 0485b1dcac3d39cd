import type { BrowserContext, Page } from '@playwright/test';
import { E2E_MERGE_PHONES, expect, loginViaForm, randomPhone, test, waitForHydration } from './fixtures';

/**
 * Issue 23 end to end on the embedded WeChat sandbox (ADR 0038): the login page's QR code, the
 * sandbox page playing the phone in another tab, and the login page finishing by itself when its
 * socket hears the scan; the same without JavaScript through 我已扫码; binding on the account page.
 */

const nickname = () => `测试微信用户${Math.floor(Math.random() * 1e6)}`;

for (const width of [1440, 375]) {
  test(`WeChat sandbox login at ${width}px: confirm on the phone page, the login page signs in by itself`, async ({
    page,
    context,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
    await page.goto('/dash/login');
    if (width < 800) {
      // Narrow screens show one half at a time: the phone form first, WeChat behind its tab.
      await expect(page.getByTestId('wechat-login')).toBeHidden();
      await page.getByTestId('login-tab-wechat').click();
      await expect(page).toHaveURL(/tab=wechat/);
      await expect(page.getByLabel('手机号')).toBeHidden();
    } else {
      await expect(page.getByLabel('手机号')).toBeVisible();
    }
    const qr = page.getByTestId('wechat-login-qr');
    await expect(qr).toBeVisible();
    await expect(page.getByTestId('wechat-sandbox-badge')).toHaveText('沙箱微信');
    expect(await page.getByTestId('wechat-qr-image').getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    // The scene's secret stays in the session cookie: never in the page.
    expect(await page.content()).not.toContain('wxs_');
    await waitForHydration(page);
    await page.locator('html[data-realtime="connected"]').waitFor({ state: 'attached' });
    await expect(page.getByTestId('wechat-status')).toHaveText('等待扫码…');
    // The consent box starts unticked. At 375 px it is ticked before the scan; at 1440 px the scan
    // comes first, and the login waits for it (issue 28).
    await expect(page.getByTestId('wechat-agree')).not.toBeChecked();
    if (width < 800) await page.getByTestId('wechat-agree').check();
    await page.screenshot({ path: testInfo.outputPath(`login-wechat-${width}.png`), fullPage: true });

    const target = (await page.getByTestId('wechat-sandbox-link').getAttribute('href'))!;
    expect(target).toMatch(/^\/sandbox-wechat\/[0-9a-f]{32}\?t=[0-9a-f]+$/);
    expect(target).toContain((await qr.getAttribute('data-scene'))!);

    // The phone, in a tab of its own.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 800 });
    await phone.goto(target);
    await expect(phone.getByTestId('sandbox-wechat-page')).toContainText('登录留学文书 AI');
    await expect(phone.getByLabel('微信昵称')).toHaveValue('测试微信用户');
    await phone.screenshot({ path: testInfo.outputPath(`sandbox-wechat-${width}.png`), fullPage: true });
    const name = nickname();
    await phone.getByLabel('微信昵称').fill(name);
    await phone.getByTestId('sandbox-wechat-confirm').click();
    await expect(phone.getByTestId('sandbox-wechat-answer')).toHaveText('已确认登录，请回到电脑上的登录页面');
    await phone.close();
    if (width > 800) {
      await expect(page.getByTestId('wechat-answer')).toHaveText('请先阅读并勾选同意《服务协议》和《隐私政策》', { timeout: 15_000 });
      await page.getByTestId('wechat-agree').check();
      await page.getByTestId('wechat-confirm').click();
    }

    // Ticked, the socket's scan posted the login by itself (at 1440 px 我已扫码 did, once ticked). A
    // new WeChat account is offered the phone binding first, and may go on without it.
    await expect(page).toHaveURL(/\/wechat-bind\?redirectTo=%2Fdash%2Foverview$/, { timeout: 15_000 });
    await expect(page.getByTestId('bind-status')).toContainText(name);
    await page.getByTestId('bind-continue').click();
    await expect(page).toHaveURL(/\/dash\/overview$/);
    await waitForHydration(page);
    // The login page's signed-out socket, handed to the shell, starts over signed in.
    await page.locator('html[data-realtime-auth="true"]').waitFor({ state: 'attached' });
    await page.getByTestId('user-menu-trigger').click();
    await expect(page.getByTestId('user-menu-account')).toHaveText(`微信：${name}`);
    await page.keyboard.press('Escape');

    await page.goto('/dash/account');
    await expect(page.getByTestId('account-登录手机号')).toHaveText('未绑定');
    await expect(page.getByTestId('account-wechat-value')).toHaveText(name);
    await page.getByTestId('wechat-unbind').click();
    await expect(page.getByTestId('wechat-bind-answer')).toHaveText('请先绑定手机号后再解绑微信');
    await expect(page.getByTestId('account-wechat-value')).toHaveText(name);
  });
}

test('binding WeChat on the account page: the bind code, the phone page, bound by itself; then unbinding', async ({ page, context }) => {
  await page.goto('/dash/login');
  await loginViaForm(page);
  await page.goto('/dash/account');
  await expect(page.getByTestId('account-wechat-value')).toHaveText('未绑定');
  await page.getByTestId('wechat-bind').click();
  await expect(page.getByTestId('wechat-bind-qr')).toBeVisible();
  await waitForHydration(page);
  const target = (await page.getByTestId('wechat-sandbox-link').getAttribute('href'))!;

  const phone = await context.newPage();
  await phone.goto(target);
  await expect(phone.getByTestId('sandbox-wechat-page')).toContainText('绑定微信到留学文书 AI 账号');
  const name = nickname();
  await phone.getByLabel('微信昵称').fill(name);
  await phone.getByTestId('sandbox-wechat-confirm').click();
  await expect(phone.getByTestId('sandbox-wechat-answer')).toHaveText('已确认绑定，请回到电脑上的账户页面');
  await phone.close();

  await expect(page.getByTestId('wechat-bind-answer')).toHaveText('微信绑定成功', { timeout: 15_000 });
  await expect(page.getByTestId('account-wechat-value')).toHaveText(name);
  await expect(page.getByTestId('wechat-bind-qr')).toHaveCount(0);
  await page.getByTestId('wechat-unbind').click();
  await expect(page.getByTestId('wechat-bind-answer')).toHaveText('已解绑微信');
  await expect(page.getByTestId('account-wechat-value')).toHaveText('未绑定');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('我已扫码 asks once: not yet scanned, then scanned on the phone page, and the login goes through', async ({ page, context }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dash/login');
    await page.getByTestId('login-tab-wechat').click();
    await expect(page).toHaveURL(/tab=wechat/);
    await expect(page.getByTestId('wechat-login-qr')).toBeVisible();
    await expect(page.getByTestId('wechat-status')).toHaveCount(0);

    // Unticked, the consent is asked for first; ticked, the code is.
    await expect(page.getByTestId('wechat-agree')).not.toBeChecked();
    await page.getByTestId('wechat-confirm').click();
    await expect(page.getByTestId('wechat-answer')).toHaveText('请先阅读并勾选同意《服务协议》和《隐私政策》');
    await page.getByTestId('wechat-agree').check();
    await page.getByTestId('wechat-confirm').click();
    await expect(page.getByTestId('wechat-answer')).toHaveText('尚未扫码，请用微信扫描二维码');
    // The page came back with the box still ticked.
    await expect(page.getByTestId('wechat-agree')).toBeChecked();
    await expect(page.getByTestId('wechat-login-qr')).toBeVisible();

    const phone = await context.newPage();
    await phone.goto((await page.getByTestId('wechat-sandbox-link').getAttribute('href'))!);
    await phone.getByLabel('微信昵称').fill(nickname());
    await phone.getByTestId('sandbox-wechat-confirm').click();
    await expect(phone.getByTestId('sandbox-wechat-answer')).toHaveText('已确认登录，请回到电脑上的登录页面');
    await phone.close();

    await page.getByTestId('wechat-confirm').click();
    // The new account is offered the phone binding: a phone nobody uses is bound by form posts.
    await expect(page).toHaveURL(/\/wechat-bind\?redirectTo=%2Fdash%2Foverview$/);
    const fresh = randomPhone();
    await page.getByLabel('手机号').fill(fresh);
    await page.getByTestId('send-code').click();
    await page.getByLabel('验证码').fill((await page.getByTestId('dev-code').textContent())!.trim());
    await page.getByTestId('bind-phone').click();
    await expect(page.getByTestId('bind-success')).toHaveText('手机号绑定成功');
    await expect(page.getByTestId('bind-status')).toContainText(`${fresh.slice(0, 3)}****${fresh.slice(-4)}`);
    await page.getByTestId('bind-continue').click();
    await expect(page).toHaveURL(/\/dash\/overview$/);
  });

  test('刷新二维码 shows a new code', async ({ page }) => {
    await page.goto('/dash/login?tab=wechat');
    const before = await page.getByTestId('wechat-login-qr').getAttribute('data-scene');
    await page.getByTestId('wechat-secondary').click();
    await expect(page.getByTestId('wechat-login-qr')).not.toHaveAttribute('data-scene', before!);
  });
});

/** A new WeChat account signed in through the sandbox: the phone page confirms in a tab of its own. */
async function signInWithSandboxWechat(page: Page, context: BrowserContext, name: string) {
  await page.goto('/dash/login?tab=wechat');
  await waitForHydration(page);
  await page.locator('html[data-realtime="connected"]').waitFor({ state: 'attached' });
  await page.getByTestId('wechat-agree').check();
  const phone = await context.newPage();
  await phone.goto((await page.getByTestId('wechat-sandbox-link').getAttribute('href'))!);
  await phone.getByLabel('微信昵称').fill(name);
  await phone.getByTestId('sandbox-wechat-confirm').click();
  await expect(phone.getByTestId('sandbox-wechat-answer')).toHaveText('已确认登录，请回到电脑上的登录页面');
  await phone.close();
  await expect(page).toHaveURL(/\/wechat-bind\?redirectTo=/, { timeout: 15_000 });
  await waitForHydration(page);
}

for (const [width, phone] of [
  [1440, E2E_MERGE_PHONES[0]],
  [375, E2E_MERGE_PHONES[1]],
] as const) {
  test(`a new WeChat account binds a phone that has an account at ${width}px: the merge is shown, confirmed, and the points add up (ADR 0039)`, async ({
    page,
    context,
  }, testInfo) => {
    // The phone account (seeded with 50 points) and a new WeChat account (100 welcome points).
    await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
    const name = nickname();
    await signInWithSandboxWechat(page, context, name);
    await expect(page.getByTestId('bind-status')).toContainText('未绑定');
    await page.getByLabel('手机号').fill(phone);
    await page.getByTestId('send-code').click();
    await page.getByLabel('验证码').fill((await page.getByTestId('dev-code').textContent())!.trim());
    await page.getByTestId('bind-phone').click();

    // Nothing has changed yet: the rule, both balances and what moves, then a choice.
    const merge = page.getByTestId('merge-confirmation');
    await expect(merge).toContainText('该手机号已有账号，是否合并？');
    await expect(merge).toContainText('保留手机号账号');
    await expect(merge).toContainText(`微信「${name}」`);
    await expect(merge).toContainText('合并后积分共 150.00');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`wechat-bind-merge-${width}.png`), fullPage: true });

    await page.getByTestId('confirm-merge').click();
    await expect(page.getByTestId('bind-success')).toHaveText('账号已合并，积分、学生档案和作品都已转入');
    await expect(page.getByTestId('bind-status')).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    await expect(page.getByTestId('bind-status')).toContainText(name);
    await page.getByTestId('bind-continue').click();
    await expect(page).toHaveURL(/\/dash\/overview$/);
    await expect(page.getByTestId('points-display')).toHaveText('150.00');
  });
}

test('binding on the account page a WeChat that a WeChat-only account holds offers the merge, and 确认合并 merges (ADR 0039)', async ({
  page,
  context,
  browser,
}) => {
  // The WeChat-only account: a sandbox login under a name (one name is one test openid).
  const name = nickname();
  const elsewhere = await browser.newContext();
  const wechatPage = await elsewhere.newPage();
  await signInWithSandboxWechat(wechatPage, elsewhere, name);
  await elsewhere.close();

  await page.goto('/dash/login');
  await loginViaForm(page);
  await page.goto('/dash/account');
  await page.getByTestId('wechat-bind').click();
  await expect(page.getByTestId('wechat-bind-qr')).toBeVisible();
  await waitForHydration(page);
  const phone = await context.newPage();
  await phone.goto((await page.getByTestId('wechat-sandbox-link').getAttribute('href'))!);
  await phone.getByLabel('微信昵称').fill(name);
  await phone.getByTestId('sandbox-wechat-confirm').click();
  await expect(phone.getByTestId('sandbox-wechat-answer')).toHaveText('已确认绑定，请回到电脑上的账户页面');
  await phone.close();

  const merge = page.getByTestId('merge-confirmation');
  await expect(merge).toContainText(`微信「${name}」`, { timeout: 15_000 });
  await page.getByTestId('confirm-merge').click();
  await expect(page).toHaveURL(/\/wechat-bind\?bound=merged/);
  await expect(page.getByTestId('bind-success')).toHaveText('账号已合并，积分、学生档案和作品都已转入');
  await expect(page.getByTestId('bind-status')).toContainText(name);
});
