import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { adminStorageState, expect, signIn, test, visitorHeaders, waitForHydration } from './fixtures';

/**
 * The shell's waits and notices (issue 28): the progress mask of a long action and the loading
 * overlay of a slow navigation, 最近更新 with its unread marks, an urgent announcement dismissed in
 * one tab staying closed in the next, an urgent error's toast, and the contact dropdown without a
 * QR code. Notices are global to a database, so this file runs in the notices project
 * (its own server, one test at a time) and deletes what it publishes.
 */

let adminContext: BrowserContext | null = null;
const created: Array<{ kind: 'notifications' | 'update-logs'; id: string }> = [];

/** Publishes as the seeded administrator (through /resources/api with their session). */
async function publish(browser: Browser, kind: 'notifications' | 'update-logs', body: Record<string, unknown>): Promise<string> {
  adminContext ??= await browser.newContext({
    storageState: adminStorageState(test.info().project.use.baseURL),
    extraHTTPHeaders: visitorHeaders(),
    baseURL: test.info().project.use.baseURL,
  });
  const response = await adminContext.request.post(`/resources/api/admin/${kind}`, { data: { status: 'PUBLISHED', ...body } });
  const json = await response.json();
  expect(response.ok(), JSON.stringify(json)).toBe(true);
  const id = (kind === 'update-logs' ? json.data.updateLog.id : json.data.id) as string;
  created.push({ kind, id });
  return id;
}

test.afterEach(async () => {
  while (created.length) {
    const { kind, id } = created.pop()!;
    await adminContext!.request.delete(`/resources/api/admin/${kind}/${id}`);
  }
});
test.afterAll(async () => {
  await adminContext?.close();
  adminContext = null;
});

/** Holds the requests `match` picks until `release` is called: the wait is seen for as long as the test needs. */
async function hold(page: Page, match: (url: URL, method: string) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => match(url, ''),
    async (route) => {
      if (!match(new URL(route.request().url()), route.request().method())) return route.continue();
      await released;
      await route.continue();
    },
  );
  return release;
}

const HUMAN_ESSAY = readFileSync(new URL('../fixtures/detection/human-essay-en.txt', import.meta.url), 'utf8');

test('a check shows the progress mask while it waits; a slow navigation the loading overlay', async ({ page }) => {
  await signIn(page);
  await page.goto('/dash/reduce-ai');
  await waitForHydration(page);

  const releaseCheck = await hold(
    page,
    (url, method) => url.pathname === '/dash/reduce-ai' && url.searchParams.has('_data') && (method === '' || method === 'POST'),
  );
  await page.getByTestId('detect-text').fill(HUMAN_ESSAY);
  await page.getByTestId('detect-submit').click();
  const mask = page.getByTestId('detect-running');
  await expect(mask).toBeVisible();
  await expect(mask.getByRole('progressbar')).toBeVisible();
  await expect(mask.locator('img')).toHaveAttribute('src', '/loading.svg');
  // Over 35 s: 1% after 350 ms, past the overlay's delay; the overlay stands aside for the mask.
  await expect(mask).toHaveAttribute('data-progress', /^[1-9]/);
  await expect(mask).toContainText('%');
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  releaseCheck();
  await expect(page.getByTestId('detect-done')).toContainText('检测完成');
  await expect(mask).toHaveCount(0);

  const releasePage = await hold(page, (url) => url.pathname === '/dash/faq' && url.searchParams.has('_data'));
  await page.locator('a[href="/dash/faq"]').first().click();
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('progressbar', { name: '页面加载进度' })).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);
  await expect(overlay).toContainText('加载中…');
  await expect(page.getByTestId('content-area')).toHaveAttribute('aria-busy', 'true');
  releasePage();
  await expect(page).toHaveURL(/\/dash\/faq$/);
  await expect(overlay).toHaveCount(0);
  await expect(page.getByTestId('content-area')).not.toHaveAttribute('aria-busy');
});

test('最近更新 marks the update logs not yet opened, opens one in the update-log modal and remembers it; contact support without a QR code points to the feedback form', async ({
  page,
  browser,
}) => {
  await signIn(page);
  // Published after the account exists: both unread (older ones count as read for a new account).
  await publish(browser, 'update-logs', { version: '5.1.0', title: '五月更新甲', content: '- 选校报告导出', update_type: 'FEATURE' });
  await publish(browser, 'update-logs', { version: '5.2.0', title: '五月更新乙', content: '- **批量导出**', update_type: 'IMPROVEMENT' });
  await page.reload();
  await waitForHydration(page);

  const unread = page.getByTestId('recent-updates-unread');
  await expect(unread).toHaveText('2');
  await page.getByTestId('recent-updates-trigger').click();
  const items = page.getByTestId('recent-updates').getByTestId('recent-update');
  await expect(items.nth(0)).toContainText('五月更新乙');
  await expect(items.nth(1)).toContainText('五月更新甲');
  await expect(items.nth(0)).toHaveAttribute('data-unread', 'true');
  await expect(items.nth(1)).toHaveAttribute('data-unread', 'true');

  const marked = page.waitForResponse(
    (r) => r.url().endsWith('/resources/api/system/update-logs/reads') && r.request().method() === 'POST',
  );
  await items.nth(0).click();
  const dialog = page.getByTestId('update-log-dialog');
  await expect(dialog).toContainText('五月更新乙');
  await expect(dialog.locator('strong')).toHaveText('批量导出');
  expect((await marked).ok()).toBe(true);
  await expect(unread).toHaveText('1');
  await dialog.getByTestId('update-log-ok').click();
  await expect(dialog).toHaveCount(0);

  // Read on the server: a new page (a new tab's cache) still marks only the other one.
  await page.reload();
  await waitForHydration(page);
  await expect(unread).toHaveText('1');
  await page.getByTestId('recent-updates-trigger').click();
  await expect(items.nth(0)).not.toHaveAttribute('data-unread');
  await expect(items.nth(1)).toHaveAttribute('data-unread', 'true');
  await page.keyboard.press('Escape');

  // The run configures a WeChat ID but no QR code.
  await page.getByTestId('support-trigger').click();
  await expect(page.getByTestId('support-no-qr')).toContainText('在线提交反馈');
  await expect(page.getByTestId('support-feedback-link')).toHaveAttribute('href', '/dash/feedback');
});

test('an urgent announcement closed in one tab does not open in a new tab; an urgent error shows its toast as well, which stays', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await publish(browser, 'notifications', { type: 'ERROR', title: '支付通道故障', content: '微信支付暂不可用。', importance: 3 });
  await publish(browser, 'notifications', { type: 'ANNOUNCEMENT', title: '紧急公告', content: '今晚 23:00 升级。', importance: 3 });
  await page.reload();
  await waitForHydration(page);

  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: '支付通道故障' });
  await expect(toast).toBeVisible();
  const dialog = page.getByTestId('announcement-dialog');
  // One modal at a time: the same importance, so the newer first.
  for (const title of ['紧急公告', '支付通道故障']) {
    const open = dialog.filter({ hasText: title });
    await expect(open).toBeVisible();
    const dismissed = page.waitForResponse((r) => /\/resources\/api\/system\/notifications\/[^/]+\/dismiss$/.test(r.url()));
    await open.getByTestId('announcement-ok').click();
    expect((await dismissed).ok()).toBe(true);
    await expect(open).toHaveCount(0);
  }
  await expect(dialog).toHaveCount(0);
  // The error's toast does not close by itself.
  await expect(toast).toBeVisible();

  const second = await page.context().newPage();
  await second.goto('/dash/overview');
  await waitForHydration(second);
  // The banner still reminds of the announcement; its modal and the error's are not opened again.
  await expect(second.getByTestId('announcement-banner-title')).toHaveText('紧急公告');
  await expect(second.getByTestId('announcement-dialog')).toHaveCount(0);
  await expect(second.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: '支付通道故障' })).toHaveCount(0);
  await second.close();
});
