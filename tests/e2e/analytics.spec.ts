import type { Page } from '@playwright/test';
import { adminStorageState, expect, signIn, test, waitForHydration } from './fixtures';

/** The tracker's session id, as this browser keeps it (local storage, app/services/browser/analytics.client.ts). */
const sessionIdOf = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('lx:analytics-session');
    return raw ? (JSON.parse(raw) as { v: { id: string } }).v.id : null;
  });

test('a navigation records page views under Chinese names with the role and session id; the console shows them', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.getByTestId('sidebar').getByRole('link', { name: '常见问题' }).click();
  await expect(page).toHaveURL(/\/dash\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sessionId = await sessionIdOf(page);
  expect(sessionId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  // Leaving the page sends what waits by beacon, through the web's resource route.
  const sent = page.waitForRequest((r) => r.url().endsWith('/resources/analytics') && r.method() === 'POST');
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await sent;

  const admin = await browser.newContext({ storageState: adminStorageState() });
  const consolePage = await admin.newPage();
  await consolePage.goto('/dash/admin/analytics');
  await waitForHydration(consolePage);
  await expect(consolePage.getByTestId('admin-tabs').getByRole('link', { name: '数据统计' })).toHaveClass(/active/);
  // The session's rows, as stored: looked up by the id this browser holds.
  await consolePage.getByTestId('analytics-session-input').fill(sessionId!);
  await consolePage.getByRole('button', { name: '查看' }).click();
  await expect(consolePage).toHaveURL(new RegExp(`session=${sessionId}`));
  const views = consolePage.getByTestId('session-event-page_view');
  await expect(async () => {
    await consolePage.reload();
    await expect(views).toHaveCount(2, { timeout: 1_000 });
  }).toPass();
  await expect(views.nth(0)).toContainText('概览');
  await expect(views.nth(1)).toContainText('常见问题');
  for (const row of await views.all()) await expect(row).toContainText('普通用户');
  await expect(consolePage.getByTestId('session-event-identify').first()).toContainText('普通用户');
  // The summary counts them under the same names.
  await expect(consolePage.getByTestId('analytics-page-概览')).toBeVisible();
  await expect(consolePage.getByTestId('analytics-page-常见问题')).toBeVisible();
  await expect(consolePage.getByTestId('stat-page-views')).not.toContainText(/^页面浏览0$/);
  // At 375 px the console still fits the screen (its tables scroll inside their cards).
  await consolePage.setViewportSize({ width: 375, height: 800 });
  await expect(consolePage.getByTestId('stat-page-views')).toBeVisible();
  await expect.poll(() => consolePage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await admin.close();
});

test('with Global Privacy Control on, nothing is kept or sent, and the page says so', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/resources/analytics')) requests.push(r.url());
  });
  await signIn(page);
  await page.goto('/dash/clarity-tracking-example');
  await waitForHydration(page);
  await expect(page.getByTestId('tracking-opted-out')).toBeVisible();
  await expect(page.getByTestId('clarity-state')).toHaveText('未开启');
  await expect(page.getByTestId('tracking-pages-table')).toContainText('查AI率 / 降AI率');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId('tracking-opted-out')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  // The page's own round trip after the beacon would have gone: a request that answers proves the queue is past it.
  await page.evaluate(() => fetch('/resources/maintenance-status'));
  expect(await sessionIdOf(page)).toBeNull();
  expect(requests).toEqual([]);
});
