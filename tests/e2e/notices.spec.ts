import type { Browser, BrowserContext, Page } from '@playwright/test';
import { adminStorageState, expect, signIn, test, visitorHeaders, waitForHydration } from './fixtures';

/**
 * System notices and maintenance (issue 9), seen by a signed-in user while the seeded
 * administrator publishes through the API (via /resources/api with the administrator's session).
 * Notices are global to the run's database: these tests run in their own Playwright project,
 * one at a time, after all others (playwright.config.ts), and delete what they publish.
 *
 * Time: the browser decides the maintenance phases from start_time with its own clock, which
 * page.clock moves forward; the server decides with real time (the SSR redirect, the API's 503).
 */

type Admin = {
  post: <T = { id: string }>(path: string, body: Record<string, unknown>) => Promise<T>;
  put: (path: string, body: Record<string, unknown>) => Promise<void>;
  notice: (body: Record<string, unknown>) => Promise<string>;
  expire: (id: string) => Promise<void>;
};

let adminContext: BrowserContext | null = null;
const created: Array<{ kind: 'notifications' | 'update-logs'; id: string }> = [];

async function administrator(browser: Browser): Promise<Admin> {
  adminContext ??= await browser.newContext({
    storageState: adminStorageState(test.info().project.use.baseURL),
    extraHTTPHeaders: visitorHeaders(),
    baseURL: test.info().project.use.baseURL,
  });
  const request = adminContext.request;
  const call = async (method: 'post' | 'put', path: string, body: Record<string, unknown>) => {
    const response = await request[method](`/resources/api/admin/${path}`, { data: body });
    const json = await response.json();
    expect(response.ok(), `${method.toUpperCase()} ${path}: ${JSON.stringify(json)}`).toBe(true);
    return json.data;
  };
  const admin: Admin = {
    post: (path, body) => call('post', path, body),
    put: async (path, body) => void (await call('put', path, body)),
    notice: async (body) => {
      const { id } = await admin.post('notifications', { status: 'PUBLISHED', importance: 1, ...body });
      created.push({ kind: 'notifications', id });
      return id;
    },
    expire: async (id) => void (await call('post', `notifications/${id}/expire`, {})),
  };
  return admin;
}

test.afterEach(async () => {
  // Whatever a test published is gone before the next one (a maintenance notice ends at once).
  while (created.length) {
    const { kind, id } = created.pop()!;
    await adminContext!.request.delete(`/resources/api/admin/${kind}/${id}`);
  }
});
test.afterAll(async () => {
  await adminContext?.close();
  adminContext = null;
});

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A new user on `path`, hydrated, with the tab's socket connected (public notices need no AUTH). */
async function signedInOn(page: Page, path: string) {
  await signIn(page);
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
}

test('maintenance published to start in 70 s: countdown banner, the modal at 60 s, /maintenance at the start, and back to the page when the administrator ends it', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.clock.install();
  await page.goto('/dash/faq');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'connected');
  await expect(page.getByTestId('maintenance-banner')).toHaveCount(0);

  const admin = await administrator(browser);
  const start = Date.now() + 70_000;
  const id = await admin.notice({
    type: 'MAINTENANCE',
    title: '数据库升级维护',
    content: '升级期间暂停写作与检测服务。',
    start_time: new Date(start).toISOString(),
    estimatedCompletionTime: new Date(start + 30 * 60_000).toISOString(),
  });

  // Pushed over the socket: the countdown banner, without a reload.
  const banner = page.getByTestId('maintenance-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('数据库升级维护');
  await expect(page.getByTestId('maintenance-countdown')).toHaveText(/^01:[01]\d$/);
  // Collapsible, and the collapse is remembered.
  await page.getByTestId('maintenance-banner-toggle').click();
  await expect(banner).toHaveAttribute('data-collapsed', 'true');
  await expect(banner).toContainText('后开始维护');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('maintenance-banner')).toHaveAttribute('data-collapsed', 'true');
  await page.getByTestId('maintenance-banner-toggle').click();
  await expect(page.getByTestId('maintenance-banner')).toHaveAttribute('data-collapsed', 'false');
  await expect(page.getByTestId('maintenance-dialog')).toHaveCount(0);

  // 60 s or less before the start: the modal, counting down.
  await page.clock.fastForward(15_000);
  const modal = page.getByTestId('maintenance-dialog');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('数据库升级维护');
  await expect(page.getByTestId('maintenance-dialog-countdown')).toHaveText(/^00:[0-5]\d$/);
  await modal.getByTestId('maintenance-dialog-ok').click();
  // Closed by the page: marked closed, or already gone. Not `toBeHidden` alone: the node leaves
  // only at its exit animation's `animationend`, which under Playwright's installed clock can come
  // late; nor the closed mark alone, which leaves with the node once the animation has ended.
  await expect(page.locator('[data-testid="maintenance-dialog"]:not([data-state="closed"])')).toHaveCount(0);

  // At the start: /maintenance, remembering where the user was.
  await page.clock.fastForward(60_000);
  await expect(page).toHaveURL(/\/maintenance\?from=%2Fdash%2Ffaq$/);
  await expect(page.getByTestId('maintenance-title')).toHaveText('数据库升级维护');
  await expect(page.getByTestId('maintenance-content')).toHaveText('升级期间暂停写作与检测服务。');
  await expect(page.getByTestId('maintenance-estimate')).toContainText('预计完成时间');
  await expect(page.getByTestId('maintenance-page-countdown')).toHaveText(/^(29|30):\d\d$/);

  // The administrator ends it: the push brings the user back to the page they were on.
  await admin.expire(id);
  await expect(page).toHaveURL(/\/dash\/faq$/);
  await expect(page.getByRole('heading', { name: '常见问题', level: 1 })).toBeVisible();
  await expect(page.getByTestId('maintenance-banner')).toHaveCount(0);
});

test('without JavaScript a page opened during maintenance lands on /maintenance, and leads back once it is over', async ({
  page,
  browser,
}) => {
  // Signed in with JavaScript, then the same session in a browser without it.
  await signIn(page);
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: visitorHeaders(),
    baseURL: test.info().project.use.baseURL,
  });
  const plain = await noJs.newPage();
  try {
    const admin = await administrator(browser);
    const id = await admin.notice({
      type: 'MAINTENANCE',
      title: '服务器迁移',
      content: '迁移期间暂停服务。',
      start_time: inMs(-5_000),
      estimatedCompletionTime: inMs(3600_000),
    });
    // Pages may be served from a list up to 3 s old: try until the server knows.
    await expect(async () => {
      await plain.goto('/dash/overview');
      expect(new URL(plain.url()).pathname).toBe('/maintenance');
    }).toPass({ timeout: 10_000 });
    expect(new URL(plain.url()).searchParams.get('from')).toBe('/dash/overview');
    await expect(plain.getByTestId('maintenance-title')).toHaveText('服务器迁移');
    await expect(plain.getByTestId('maintenance-content')).toHaveText('迁移期间暂停服务。');
    await expect(plain.getByTestId('maintenance-estimate')).toContainText('预计完成时间');
    // It looks again by itself every minute, and its 返回 link goes back.
    await expect(plain.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '60');
    await expect(plain.getByTestId('maintenance-return')).toHaveAttribute('href', '/dash/overview');
    // Still in maintenance: 返回 comes straight back here.
    await plain.getByTestId('maintenance-return').click();
    await expect(plain).toHaveURL(/\/maintenance\?from=%2Fdash%2Foverview$/);

    await admin.expire(id);
    await plain.getByTestId('maintenance-return').click();
    await expect(plain).toHaveURL(/\/dash\/overview$/);
    await expect(plain.getByTestId('greeting')).toBeVisible();
    // The refresh's reload of /maintenance, too, now sends the page back.
    await expect(async () => {
      await plain.goto('/maintenance?from=%2Fdash%2Ffaq');
      expect(new URL(plain.url()).pathname).toBe('/dash/faq');
    }).toPass({ timeout: 10_000 });
  } finally {
    await noJs.close();
  }
});

test('an administrator is not sent away during maintenance, and is told 维护中', async ({ browser }) => {
  const admin = await administrator(browser);
  await admin.notice({ type: 'MAINTENANCE', title: '紧急修复', start_time: inMs(-5_000) });
  const page = await adminContext!.newPage();
  // Opened right after publishing, a page may be rendered from a list up to 3 s old.
  await expect(async () => {
    await page.goto('/dash/overview');
    await waitForHydration(page);
    await expect(page.getByTestId('maintenance-admin-banner')).toContainText('维护中', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/dash\/overview$/);
  await expect(page.getByTestId('maintenance-admin-banner')).toContainText('紧急修复');
  await page.close();
});

test('an announcement appears live on an open page, is dismissed, and shows again after it is edited', async ({ page, browser }) => {
  await signedInOn(page, '/dash/overview');
  const admin = await administrator(browser);
  const id = await admin.notice({ type: 'ANNOUNCEMENT', title: '寒假服务安排', content: '春节期间客服响应时间调整为10:00-18:00。' });

  // Pushed: an announcement is urgent, so its modal opens once; the banner shows it too.
  const modal = page.getByTestId('announcement-dialog');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('寒假服务安排');
  await expect(modal).toContainText('春节期间客服响应时间调整为10:00-18:00。');
  await modal.getByTestId('announcement-ok').click();
  await expect(modal).toBeHidden();
  const banner = page.getByTestId('announcement-banner');
  await expect(banner.getByTestId('announcement-banner-title')).toHaveText('寒假服务安排');

  await banner.getByTestId('announcement-dismiss').click();
  await expect(banner).toHaveCount(0);
  // Dismissed stays dismissed, and the modal is not shown a second time this session.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('greeting')).toBeVisible();
  await expect(page.getByTestId('announcement-banner')).toHaveCount(0);
  await expect(page.getByTestId('announcement-dialog')).toHaveCount(0);

  await admin.put(`notifications/${id}`, {
    title: '寒假服务安排（更新）',
    content: '改为2月1日起执行。',
    type: 'ANNOUNCEMENT',
    status: 'PUBLISHED',
    importance: 1,
  });
  await expect(modal).toContainText('改为2月1日起执行。');
  await expect(page.getByTestId('announcement-banner-title')).toHaveText('寒假服务安排（更新）');
  // Ended while its modal is open: the push takes the modal and the banner away at once.
  await admin.expire(id);
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('announcement-banner')).toHaveCount(0);
});

test('a page opened just after a notice is published shows it: the web drops its short notice cache on the event', async ({
  page,
  browser,
}) => {
  const admin = await administrator(browser);
  // A second tab hears the push: once it shows the notice, the bus has delivered the event.
  const watcher = await page.context().newPage();
  await signedInOn(page, '/dash/overview');
  await watcher.goto('/dash/faq');
  await waitForHydration(watcher);
  await expect(watcher.locator('html')).toHaveAttribute('data-realtime', 'connected');
  // These page loads filled the web's notice cache (kept 3 s for page loads). Leave the page so
  // no socket of its own hears the push: what it shows next comes from its own load only.
  await page.goto('about:blank');
  await admin.notice({ type: 'ANNOUNCEMENT', title: '刚发布的公告', content: '打开页面即可看到。' });
  await expect(watcher.getByTestId('announcement-dialog')).toContainText('刚发布的公告');
  await page.goto('/dash/overview');
  await expect(page.getByTestId('announcement-dialog')).toContainText('刚发布的公告', { timeout: 2000 });
});

test('the queue: a notice to confirm closes only with 我已知晓 and offers its link; others are toasts; an update notice opens its update log, rendered safely', async ({
  page,
  browser,
}) => {
  await signedInOn(page, '/dash/overview');
  const admin = await administrator(browser);

  await admin.notice({
    type: 'WARNING',
    title: '请更新浏览器',
    content: '旧版浏览器将不再支持。',
    need_confirmation: true,
    redirect_url: '/dash/faq',
  });
  const modal = page.getByTestId('announcement-dialog');
  await expect(modal).toBeVisible();
  await expect(page.getByRole('alertdialog')).toContainText('请更新浏览器');
  await expect(modal.getByRole('button', { name: '关闭' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('notice-link')).toHaveAttribute('href', '/dash/faq');
  await modal.getByTestId('announcement-ok').click();
  await expect(modal).toBeHidden();

  await admin.notice({ type: 'INFO', title: '新模板已上线', content: '推荐信新增两种模板。' });
  await expect(page.getByText('新模板已上线')).toBeVisible();
  await expect(page.getByText('推荐信新增两种模板。')).toBeVisible();
  await expect(page.getByTestId('announcement-dialog')).toHaveCount(0);

  const log = await admin.post<{ updateLog: { id: string } }>('update-logs', {
    version: '2.3.0',
    title: '2.3.0 版本更新',
    content:
      '## 新功能\n\n- 支持**批量导出**\n- 修复若干问题\n\n<script>window.__injected = true</script>\n\n[危险链接](javascript:alert(1))',
    update_type: 'FEATURE',
    importance: 2,
    status: 'PUBLISHED',
  });
  created.push({ kind: 'update-logs', id: log.updateLog.id });
  await admin.notice({ type: 'UPDATE', title: '版本更新', update_log_id: log.updateLog.id });
  const updateLog = page.getByTestId('update-log-dialog');
  await expect(updateLog).toBeVisible();
  await expect(updateLog).toContainText('2.3.0 版本更新');
  await expect(updateLog.getByTestId('update-log-version')).toHaveText('v2.3.0');
  await expect(updateLog.locator('strong')).toHaveText('批量导出');
  await expect(updateLog.locator('li')).toHaveCount(2);
  // The script is text, never an element; the javascript: link is no link.
  await expect(updateLog.getByTestId('markdown-body').locator('script')).toHaveCount(0);
  await expect(updateLog).toContainText('<script>');
  await expect(updateLog.locator('a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  await updateLog.getByTestId('update-log-ok').click();
  await expect(updateLog).toBeHidden();
});
