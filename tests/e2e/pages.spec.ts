import { expect, signIn, test, waitForHydration } from './fixtures';

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('the profile page masks the phone and answers an invalid gender in Chinese', async ({ page }) => {
    await page.goto('/dash/profile');
    await waitForHydration(page);
    await expect(page.getByTestId('profile-phone')).toHaveValue(/^1\d{2}\*{4}\d{4}$/);
    // A value the form does not offer, as a tampered request would send.
    await page.locator('select[name=gender]').evaluate((el) => {
      const option = document.createElement('option');
      option.value = 'robot';
      option.textContent = 'robot';
      el.appendChild(option);
    });
    await page.getByLabel('性别').selectOption('robot');
    await page.getByTestId('profile-submit').click();
    await expect(page.getByText('性别只能是男、女或其他')).toBeVisible();
    await expect(page.getByText(/Invalid/)).toHaveCount(0);
  });

  test('saving twice shows one toast, below the header', async ({ page }) => {
    await page.goto('/dash/settings');
    await waitForHydration(page);
    await page.getByTestId('profile-submit').click();
    await expect(page.getByTestId('profile-saved')).toHaveText('更新成功');
    await page.getByTestId('profile-submit').click();
    const toast = page.getByRole('status').filter({ hasText: '更新成功' });
    await expect(toast).toHaveCount(1);
    // The toast slides in from above, so its place is polled until the slide has ended.
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(64);
  });

  test('退出所有设备 asks first and can be declined', async ({ page }) => {
    await page.goto('/dash/account');
    await waitForHydration(page);
    await page.getByTestId('account-logout-all').click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dash\/account$/);
    await expect(page.getByTestId('account-登录手机号')).toHaveText(/^1\d{2}\*{4}\d{4}$/);
  });
});

test('the privacy policy and service agreement are public, linked from the home page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: '隐私政策' }).first().click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { name: '隐私政策', level: 1 })).toBeVisible();
  await page.goto('/');
  await page
    .getByRole('link', { name: /服务协议/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/service-agreement$/);
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\{\{|本平台运营方本平台运营方|example\.com/);
});
