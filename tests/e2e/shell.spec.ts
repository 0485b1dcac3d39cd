import { expect, loginViaForm, test, waitForHydration } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.goto('/dash/login');
  await loginViaForm(page);
  await expect(page).toHaveURL(/overview/);
  await waitForHydration(page);
});

const sidebarWidth = (page: import('@playwright/test').Page) =>
  page.getByTestId('sidebar').evaluate((el) => el.getBoundingClientRect().width);

test('sidebar: 240 px at 1440, collapsed to 80 px at 1000 and 375', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(() => sidebarWidth(page)).toBe(240);
  await expect(page.getByTestId('sidebar').getByText('常见问题')).toBeVisible();

  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  await expect(page.getByTestId('sidebar').getByText('常见问题')).toBeHidden();

  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  // Nothing overflows the narrow viewport horizontally.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('collapsed sidebar: hover panel opens, closes 300 ms after the pointer leaves', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  await page.getByRole('button', { name: '帮助与支持' }).hover();
  const panel = page.getByTestId('sidebar-hover-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: '常见问题' })).toBeVisible();
  await page.mouse.move(700, 500);
  await page.waitForTimeout(150);
  await expect(panel).toBeVisible();
  await expect(panel).toBeHidden({ timeout: 1000 });
  // Clicking a panel link navigates.
  await page.getByRole('button', { name: '帮助与支持' }).hover();
  await page.getByTestId('sidebar-hover-panel').getByRole('link', { name: '关于我们' }).click();
  await expect(page).toHaveURL(/\/dash\/about$/);
});

test('sidebar toggle expands and collapses, and the choice survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(() => sidebarWidth(page)).toBe(240);
});

test('the pinned 充值积分 call to action points to /dash/pricing', async ({ page }) => {
  await expect(page.getByTestId('sidebar-charge')).toHaveAttribute('href', '/dash/pricing');
});

test('Ctrl+K opens the search box, Escape closes it, results navigate', async ({ page }) => {
  const dialog = page.getByTestId('search-dialog');
  // The shortcut listener attaches in an effect right after the client-side navigation from login.
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(page.getByRole('textbox', { name: '搜索' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTestId('search-trigger').click();
  await expect(dialog).toBeVisible();
  await page.keyboard.type('常见');
  await expect(dialog.getByRole('option', { name: /常见问题/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dash\/faq$/);
  await expect(dialog).toBeHidden();
});

test('clear drafts: count badge, per-type choice, nothing-to-clear notice', async ({ page }) => {
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('draft-count')).toHaveText('0');
  await page.getByTestId('menu-clear-drafts').click();
  await expect(page.getByText('没有草稿需要清除')).toBeVisible();

  const userId = await page.evaluate(async () => (await (await fetch('/dash/overview?_data=routes%2Fdash')).json()).user.id as string);
  await page.evaluate((id) => {
    const now = Date.now();
    for (const t of ['ps', 'cv'])
      localStorage.setItem(
        `lx:draft:${id}:${t}`,
        JSON.stringify({ v: { content: t, updatedAt: now }, savedAt: now, expiresAt: now + 864e5 }),
      );
  }, userId);
  await page.reload();
  await waitForHydration(page);
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('draft-count')).toHaveText('2');
  await page.getByTestId('menu-clear-drafts').click();
  const dialog = page.getByTestId('clear-drafts-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByText('简历 CV').click(); // keep the CV draft
  await dialog.getByRole('button', { name: '清除所选' }).click();
  await expect(page.getByText('已清除 1 份草稿')).toBeVisible();
  expect(
    await page.evaluate((id) => [localStorage.getItem(`lx:draft:${id}:ps`), !!localStorage.getItem(`lx:draft:${id}:cv`)], userId),
  ).toEqual([null, true]);
});

test('support dropdown shows the configured contact', async ({ page }) => {
  await page.getByTestId('support-trigger').click();
  await expect(page.getByText('客服微信：liuxue-kefu')).toBeVisible();
});

test('every shell page has a Chinese title and renders inside the shell', async ({ page }) => {
  const pages: Array<[string, string]> = [
    ['/dash/overview', '概览'],
    ['/dash/profile', '个人资料'],
    ['/dash/settings', '设置'],
    ['/dash/account', '账户与安全'],
    ['/dash/faq', '常见问题'],
    ['/dash/about', '关于我们'],
    ['/dash/privacy-policy', '隐私政策'],
    ['/dash/service-agreement', '用户服务协议'],
    ['/dash/feedback', '意见反馈'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} - 留学文书 AI`);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  }
});

test('the service agreement explains how AI-generated content is labelled', async ({ page }) => {
  await page.goto('/dash/service-agreement');
  await expect(page.getByRole('heading', { level: 2, name: /标识/ })).toBeVisible();
});
