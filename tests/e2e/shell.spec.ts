import { expect, signIn, test, waitForHydration } from './fixtures';

test.beforeEach(async ({ page }) => {
  await signIn(page);
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
  const left = Date.now();
  await expect(panel).toBeHidden({ timeout: 2000 });
  // The close waits for the 300 ms delay (less a little for the polling interval).
  expect(Date.now() - left).toBeGreaterThanOrEqual(250);
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

test('collapsed sidebar at 1000 px: panels are whole and reachable, the rail marks the current page', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  const help = page.getByRole('button', { name: '帮助与支持' });
  await help.click();
  const panel = page.getByTestId('sidebar-hover-panel');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(200);
  expect(box.x).toBeGreaterThanOrEqual(80);
  // The link is the topmost element at its own centre: nothing clips or covers it.
  const link = panel.getByRole('link', { name: '关于我们' });
  const linkBox = (await link.boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.getAttribute('href'),
    [linkBox.x + linkBox.width / 2, linkBox.y + linkBox.height / 2],
  );
  expect(hit).toBe('/dash/about');
  await link.click();
  await expect(page).toHaveURL(/\/dash\/about$/);
  await expect(help).toHaveAttribute('data-current', 'true');
  await expect(page.getByRole('button', { name: '主要功能' })).not.toHaveAttribute('data-current', 'true');

  // Escape closes a panel opened from the keyboard and returns focus to its button.
  await help.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(help).toBeFocused();
});

test('an expanded sidebar saved at 1440 px does not force the drawer open at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(() => sidebarWidth(page)).toBe(240);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => sidebarWidth(page)).toBe(80);
  // The drawer opens on demand, over the page, and closes on navigation.
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(() => sidebarWidth(page)).toBe(240);
  await page.getByTestId('sidebar').getByRole('link', { name: '常见问题' }).click();
  await expect(page).toHaveURL(/\/dash\/faq$/);
  await expect.poll(() => sidebarWidth(page)).toBe(80);
});

test('the pinned 充值积分 leads to /dash/pricing', async ({ page }) => {
  const charge = page.getByTestId('sidebar-charge');
  await expect(charge).toHaveText('充值积分');
  await expect(charge).toHaveAttribute('href', '/dash/pricing');
});

test('写作工具 in the menu opens every writing tool, none of them 未开放', async ({ page }) => {
  await page.getByTestId('sidebar').getByRole('link', { name: '写作工具' }).click();
  await expect(page).toHaveURL(/\/dash\/quick-start$/);
  await expect(page.getByTestId('quick-start-steps').getByRole('listitem')).toHaveCount(3);
  for (const tool of ['ps-writing', 'cv-writing', 'recommended-writing', 'free-writing', 'essay-revision', 'essay-polish', 'reduce-ai']) {
    await expect(page.getByTestId(`tool-${tool}`).getByRole('link')).toHaveAttribute('href', `/dash/${tool}`);
  }
  await expect(page.getByText('未开放')).toHaveCount(0); // 智能选校 opened last (issue 26): every tool is open
  await page.getByTestId('tool-cv-writing').getByRole('link').click();
  await expect(page).toHaveURL(/\/dash\/cv-writing$/);
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

test('search finds every page by the words people type, in a dialog that fits the screen', async ({ page }) => {
  const dialog = page.getByTestId('search-dialog');
  for (const [query, result] of [
    ['隐私', '隐私政策'],
    ['协议', '用户服务协议'],
    ['设置', '设置'],
    ['退出', '账户与安全'],
  ] as const) {
    await page.getByTestId('search-trigger').click();
    await page.getByRole('textbox', { name: '搜索' }).fill(query);
    await expect(dialog.getByRole('option', { name: new RegExp(result) }).first()).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.height).toBeLessThan(500);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('clear drafts: count badge, per-type choice, nothing-to-clear notice', async ({ page }) => {
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('draft-count')).toHaveText('0');
  await page.getByTestId('menu-clear-drafts').click();
  await expect(page.getByText('没有草稿需要清除')).toBeVisible();
  // Focus returns to the button that opened the menu.
  await expect(page.getByTestId('user-menu-trigger')).toBeFocused();

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

test('support dropdown shows the configured contact and no placeholder for the rest', async ({ page }) => {
  await page.getByTestId('support-trigger').click();
  await expect(page.getByText('客服微信：liuxue-kefu')).toBeVisible();
  // No e-mail is configured in this run: no e-mail entry, no example address anywhere.
  await expect(page.getByText(/邮箱：/)).toHaveCount(0);
  expect(await page.content()).not.toContain('example.com');
});

test('every shell page has a Chinese title and renders inside the shell', async ({ page }) => {
  const pages: Array<[string, string]> = [
    ['/dash/overview', '概览'],
    ['/dash/quick-start', '写作工具'],
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
    const text = await page.locator('body').innerText();
    // No raw template, no doubled operator name, no example address.
    expect(text, path).not.toMatch(/\{\{|\}\}|本平台运营方本平台运营方|example\.com/);
  }
});

test('the service agreement explains how AI-generated content is labelled', async ({ page }) => {
  await page.goto('/dash/service-agreement');
  await expect(page.getByRole('heading', { level: 2, name: /标识/ })).toBeVisible();
});
