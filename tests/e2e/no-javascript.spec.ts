import { expect, randomPhone, test } from './fixtures';

test.use({ javaScriptEnabled: false });

async function loginWithoutJs(page: import('@playwright/test').Page) {
  await page.goto('/dash/login');
  const phone = randomPhone();
  await page.getByLabel('手机号').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('dev-code')).toBeVisible();
  await expect(page.getByLabel('手机号')).toHaveValue(phone);
  await page.getByLabel('验证码').fill((await page.getByTestId('dev-code').textContent())!.trim());
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dash\/overview$/);
  return phone;
}

test('login works with JavaScript disabled', async ({ page }) => {
  await loginWithoutJs(page);
  await expect(page.getByTestId('greeting')).toBeVisible();
});

test('profile form validates and saves with JavaScript disabled', async ({ page }) => {
  await loginWithoutJs(page);
  await page.goto('/dash/profile');
  await page.getByLabel('用户名').fill('');
  await page.getByLabel('邮箱').fill('not-an-email');
  await page.getByTestId('profile-submit').click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible();

  await page.getByLabel('用户名').fill('陈老师');
  await page.getByLabel('邮箱').fill('chen@example.cn');
  await page.getByLabel('性别').selectOption('female');
  await page.getByLabel('职位').fill('留学顾问');
  await page.getByTestId('profile-submit').click();
  await expect(page.getByTestId('profile-saved')).toHaveText('更新成功');
  await page.goto('/dash/settings');
  await expect(page.getByLabel('用户名')).toHaveValue('陈老师');
  await expect(page.getByLabel('性别')).toHaveValue('female');
});

test('feedback and logout work with JavaScript disabled', async ({ page }) => {
  await loginWithoutJs(page);
  await page.goto('/dash/feedback');
  await page.getByLabel('反馈内容').fill('导出 Word 时希望保留批注');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-sent')).toBeVisible();
  await page.goto('/dash/account');
  await page.getByTestId('account-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dash/overview');
  await expect(page).toHaveURL(/\/dash\/login/);
});
