import { expect, loginViaForm, randomPhone, test, visitorHeaders } from './fixtures';

test('a guarded page sends a visitor to login and back to where they were', async ({ page }) => {
  await page.goto('/dash/faq');
  await expect(page).toHaveURL(/\/dash\/login\?redirectTo=%2Fdash%2Ffaq/);
  await expect(page).toHaveTitle('登录 - 留学文书 AI');
  await expect(page.getByTestId('dev-mode-notice')).toContainText('开发模式');
  await loginViaForm(page);
  await expect(page).toHaveURL(/\/dash\/faq$/);
  await expect(page.getByRole('heading', { name: '常见问题', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('常见问题 - 留学文书 AI');
});

test('login lands on the overview with the greeting and points from user info', async ({ page }) => {
  await page.goto('/dash/login');
  const phone = await loginViaForm(page);
  await expect(page).toHaveURL(/\/dash\/overview$/);
  await expect(page.getByTestId('greeting')).toContainText(`用户${phone.slice(-4)}`);
  await expect(page.getByTestId('points-display')).toHaveText('120.00');
  await expect(page.getByTestId('overview-points')).toHaveText('120.00');
  // Tokens live only in the httpOnly cookie.
  expect(await page.evaluate(() => document.cookie)).not.toContain('__lx_session');
  const cookie = (await page.context().cookies()).find((c) => c.name === '__lx_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await expect(page.locator('body')).toHaveAttribute('data-analytics-role', 'user');
});

test('analytics sees a guest before login', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-analytics-role', 'guest');
  await expect(page.getByTestId('home-cta')).toHaveAttribute('href', '/dash/login');
});

test('the login needs the unticked consent box ticked: a clear message until it is (issue 28)', async ({ page }) => {
  await page.goto('/dash/login');
  await expect(page.getByText('登录即表示')).toHaveCount(0);
  const box = page.getByTestId('login-agree');
  await expect(box).not.toBeChecked();
  await page.getByLabel('手机号').fill(randomPhone());
  await page.getByTestId('send-code').click();
  await page.getByLabel('验证码').fill((await page.getByTestId('dev-code').textContent())!.trim());
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-agree-error')).toHaveText('请先阅读并勾选同意《服务协议》和《隐私政策》');
  await expect(page).toHaveURL(/\/dash\/login/);
  await box.check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dash\/overview$/);
});

test('a wrong code shows the attempts left and keeps the phone', async ({ page }) => {
  await page.goto('/dash/login');
  const phone = randomPhone();
  await page.getByLabel('手机号').fill(phone);
  await page.getByTestId('send-code').click();
  const code = (await page.getByTestId('dev-code').textContent())!.trim();
  await page.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('验证码错误，还可尝试4次')).toBeVisible();
  await expect(page.getByLabel('手机号')).toHaveValue(phone);
  // The refused code is cleared for the next attempt.
  await expect(page.getByLabel('验证码')).toHaveValue('');
  await expect(page.getByTestId('send-code')).toBeDisabled();
});

test('logout ends the session, clears drafts and keeps the last login phone', async ({ page }) => {
  await page.goto('/dash/login');
  const phone = await loginViaForm(page);
  await expect(page).toHaveURL(/\/dash\/overview$/);
  await page.evaluate(() => {
    // A draft and sidebar data as the writing tools store them.
    const now = Date.now();
    const put = (k: string, v: unknown) => localStorage.setItem(`lx:${k}`, JSON.stringify({ v, savedAt: now, expiresAt: now + 864e5 }));
    put('draft:someone:ps', { content: 'draft', updatedAt: now });
    put('sidebar:someone:ps', { school: 'MIT' });
  });
  const analyticsSession = () => page.evaluate(() => localStorage.getItem('lx:analytics-session'));
  await expect.poll(analyticsSession).not.toBeNull();
  const signedInSession = await analyticsSession();
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  // Everything but the last login phone is wiped; the login page then starts a guest's analytics
  // session of its own, never the signed-in one again.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(localStorage)
          .filter((k) => k.startsWith('lx:') && k !== 'lx:analytics-session')
          .sort(),
      ),
    )
    .toEqual(['lx:last-login-phone']);
  expect(await analyticsSession()).not.toBe(signedInSession);
  await expect(page.getByLabel('手机号')).toHaveValue(phone);
  // The old cookie no longer opens the dashboard.
  await page.goto('/dash/overview');
  await expect(page).toHaveURL(/\/dash\/login/);
});

test('“退出所有设备” asks for confirmation, ends the session and leaves other accounts alone', async ({ page, browser }) => {
  await page.goto('/dash/login');
  const phone = await loginViaForm(page);
  await expect(page).toHaveURL(/overview/);
  const other = await browser.newContext({ extraHTTPHeaders: visitorHeaders() });
  const otherPage = await other.newPage();
  await otherPage.goto('/dash/login');
  await loginViaForm(otherPage);
  await expect(otherPage).toHaveURL(/overview/);

  await page.goto('/dash/account');
  await expect(page.getByTestId('account-登录手机号')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  await page.getByTestId('account-logout-all').click();
  await expect(page.getByRole('alertdialog')).toContainText('所有已登录的设备都会退出');
  await page.getByTestId('confirm-logout-all').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dash/overview');
  await expect(page).toHaveURL(/\/dash\/login/);

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/overview/);
  await other.close();
});

test('a form on another site cannot log the user out (CSRF)', async ({ page, context, baseURL }) => {
  await page.goto('/dash/login');
  await loginViaForm(page);
  await expect(page).toHaveURL(/overview/);
  await page.evaluate(() => {
    const now = Date.now();
    localStorage.setItem('lx:draft:someone:ps', JSON.stringify({ v: { content: 'essay' }, savedAt: now, expiresAt: now + 864e5 }));
  });
  const attacker = await context.newPage();
  await attacker.goto('about:blank');
  const [response] = await Promise.all([
    attacker.waitForResponse((r) => r.url().endsWith('/logout')),
    attacker.evaluate((target) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = target;
      document.body.append(form);
      form.submit();
    }, `${baseURL}/logout`),
  ]);
  expect(response.status()).toBe(403);
  await page.goto('/dash/account');
  await expect(page).toHaveURL(/\/dash\/account$/);
  expect(await page.evaluate(() => localStorage.getItem('lx:draft:someone:ps'))).not.toBeNull();
});

test('unknown paths redirect to the overview', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dash\/login\?redirectTo=%2Fdash%2Foverview/);
  await loginViaForm(page);
  await page.goto('/dash/not-a-route');
  await expect(page).toHaveURL(/\/dash\/overview$/);
  await page.goto('/dash');
  await expect(page).toHaveURL(/\/dash\/overview$/);
});
