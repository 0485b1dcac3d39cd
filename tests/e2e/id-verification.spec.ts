import type { Page } from '@playwright/test';
import { expect, signIn, loginWithoutScripts, test, waitForHydration } from './fixtures';

/** The run's server uses the sandbox provider: every number that passes the local check is accepted. */
const PAGE_PATH = '/dash/user-id-verification';

/** Nothing wider than the window: no sideways scrolling at any size. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px: found by search; a wrong number is refused on its field, a valid one verifies; the account page shows it`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signIn(page);

    await page.getByTestId('search-trigger').click();
    await page.getByRole('textbox', { name: '搜索' }).fill('身份证');
    await page
      .getByTestId('search-dialog')
      .getByRole('option', { name: /实名认证/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`${PAGE_PATH}$`));
    await expect(page.getByRole('heading', { name: '实名认证', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^实名认证 - /);
    await waitForHydration(page);

    await page.getByLabel('真实姓名').fill('王小明');
    await page.getByLabel('身份证号').fill('11010519491231002Y');
    await page.getByTestId('id-verify-submit').click();
    await expect(page.getByText('身份证号只能包含数字，最后一位可以是X')).toBeVisible();
    await page.getByLabel('身份证号').fill('320106200002291231');
    await page.getByTestId('id-verify-submit').click();
    await expect(page.getByText('身份证号校验位不正确')).toBeVisible();
    await expect(page.getByLabel('身份证号')).toBeFocused();
    await expect(page.getByLabel('真实姓名')).toHaveValue('王小明');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`form-error-${viewport.width}.png`), fullPage: true });

    // The submission is held back a moment so the loading state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === PAGE_PATH && url.searchParams.has('_data'),
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
    );
    await page.getByLabel('身份证号').fill('11010519491231002x');
    await page.getByTestId('id-verify-submit').click();
    await expect(page.getByTestId('id-verify-submit')).toContainText('核验中…');
    release();

    const verified = page.getByTestId('id-verified');
    await expect(verified).toContainText('实名认证成功');
    await expect(page.getByTestId('id-real-name')).toHaveText('王**');
    await expect(page.getByTestId('id-number')).toHaveText('1****************X');
    await expect(page.getByTestId('id-verified-at')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByTestId('id-verify-submit')).toHaveCount(0);
    expect(await page.content()).not.toContain('11010519491231002');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`verified-${viewport.width}.png`), fullPage: true });

    await page.goto('/dash/account');
    const status = page.getByTestId('account-实名认证');
    await expect(status).toContainText('已认证（王**）');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`account-${viewport.width}.png`), fullPage: true });
    await status.getByRole('link', { name: '查看' }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE_PATH}$`));
    await expect(verified).toContainText('已完成实名认证');
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts, shows field errors without echoing the number, then the verified state', async ({ page }) => {
    await loginWithoutScripts(page);
    await page.goto('/dash/account');
    await expect(page.getByTestId('account-实名认证')).toContainText('未认证');
    await page.getByTestId('account-实名认证').getByRole('link', { name: '去认证' }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE_PATH}$`));

    await page.getByLabel('真实姓名').fill('Wang');
    await page.getByLabel('身份证号').fill('32010620000229123');
    await page.getByTestId('id-verify-submit').click();
    await expect(page.getByText('姓名只能包含汉字，少数民族姓名可用间隔号“·”分隔')).toBeVisible();
    await expect(page.getByText('身份证号应为18位')).toBeVisible();
    await expect(page.getByLabel('真实姓名')).toHaveValue('Wang');
    // The number is never sent back, not even to the one who typed it.
    await expect(page.getByLabel('身份证号')).toHaveValue('');
    expect(await page.content()).not.toContain('32010620000229123');

    await page.getByLabel('真实姓名').fill('欧阳娜娜');
    await page.getByLabel('身份证号').fill('3201 0620 0002 2912 30');
    await page.getByTestId('id-verify-submit').click();
    await expect(page.getByTestId('id-verified')).toContainText('实名认证成功');
    await expect(page.getByTestId('id-real-name')).toHaveText('欧阳**');
    await expect(page.getByTestId('id-number')).toHaveText('3****************0');
  });
});
