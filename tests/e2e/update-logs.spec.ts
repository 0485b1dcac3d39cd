import type { Browser, Page } from '@playwright/test';
import { adminStorageState, expect, signIn, test, visitorHeaders, waitForHydration, watchCsp } from './fixtures';

/**
 * Update logs (spec §2 system/update-logs and its detail): the administrator writes them in the
 * console in markdown, users read them rendered on the server and sanitised. Update logs are not
 * notices (nothing pops up on other pages), so these tests run with the others.
 */

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const HOSTILE = `# 修复说明

本次修复了 **登录** 相关问题：

- 验证码偶尔收不到
- 退出后仍显示旧余额

<script>window.__xss=1</script>

<img src=x onerror="window.__xss=2">

[链接](javascript:window.__xss=3)

[常见问题](/dash/faq)`;

/** A new user's page, signed in through the real form, with its own address (ADR 0015). */
async function newUser(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: visitorHeaders(),
    baseURL: test.info().project.use.baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const page = await context.newPage();
  await signIn(page);
  if (options.javaScriptEnabled === false) {
    // Signed in with scripts, then reading without them.
    const state = await context.storageState();
    await context.close();
    const noScript = await browser.newContext({
      storageState: state,
      javaScriptEnabled: false,
      extraHTTPHeaders: visitorHeaders(),
      baseURL: test.info().project.use.baseURL,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    return noScript.newPage();
  }
  return page;
}

/** Publishes update logs through the console's API passthrough with the administrator's session. */
async function publishLogs(browser: Browser, logs: Array<Record<string, unknown>>) {
  const context = await browser.newContext({
    storageState: adminStorageState(),
    extraHTTPHeaders: visitorHeaders(),
    baseURL: test.info().project.use.baseURL,
  });
  for (const log of logs) {
    const response = await context.request.post('/resources/api/admin/update-logs', { data: { status: 'PUBLISHED', ...log } });
    expect(response.status(), JSON.stringify(await response.json())).toBe(201);
  }
  await context.close();
}

const noJavascriptLinks = (page: Page) =>
  page.evaluate(
    () => Array.from(document.querySelectorAll('a')).filter((a) => /^\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
  );

test.describe('an administrator', () => {
  test.use({ storageState: adminStorageState() });

  test('writes an update log with hostile markdown, previews it rendered on the server, publishes it, and a user reads it safely', async ({
    page,
    browser,
  }) => {
    const title = `登录问题修复 ${tag()}`;
    const adminCsp = await watchCsp(page);
    await page.goto('/dash/admin/update-logs');
    await waitForHydration(page);
    await expect(page.getByTestId('admin-tabs').getByRole('link', { name: '更新日志' })).toHaveClass(/active/);

    // Chinese field errors from the contract, next to their fields.
    await page.getByTestId('save-update-log').click();
    await expect(page.getByText('请填写版本号')).toBeVisible();
    await expect(page.getByText('请填写更新内容')).toBeVisible();

    await page.getByLabel('版本号').fill('3.1.2');
    await page.getByRole('textbox', { name: '标题' }).fill(title);
    await page.getByLabel('更新类型').selectOption('BUGFIX');
    await page.getByLabel('重要程度').selectOption('3');
    await page.getByLabel('影响模块（选填）').fill('登录，积分');
    await page.getByLabel('更新内容（Markdown）').fill(HOSTILE);
    await page.getByLabel('备注（选填）').fill('如仍有问题，请在意见反馈中告诉我们。');

    // 预览: the server renders it; the form keeps what was typed.
    await page.getByTestId('preview-update-log').click();
    const preview = page.getByTestId('update-log-preview');
    await expect(preview.getByRole('heading', { name: '修复说明' })).toBeVisible();
    await expect(preview.locator('li')).toHaveCount(2);
    await expect(preview).toContainText('<script>window.__xss=1</script>');
    await expect(preview.locator('script, img')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: '标题' })).toHaveValue(title);

    await page.getByLabel('状态').selectOption('PUBLISHED');
    await page.getByTestId('save-update-log').click();
    await expect(page.getByTestId('update-log-saved')).toHaveText('更新日志已发布');
    const row = page.getByTestId('admin-update-logs').getByRole('row').filter({ hasText: title });
    await expect(row.getByTestId('admin-update-log-status')).toHaveText('已发布');
    await expect(row).toContainText('v3.1.2');
    await expect(row).toContainText('问题修复');
    await expect(row).toContainText('紧急');
    expect(adminCsp.violations, 'CSP violations (console)').toEqual([]);

    // A user finds it by its type and opens it.
    const reader = await newUser(browser);
    const csp = await watchCsp(reader);
    const errors: string[] = [];
    reader.on('pageerror', (e) => errors.push(e.message));
    await reader.goto('/dash/system/update-logs');
    await waitForHydration(reader);
    await reader.getByTestId('update-log-filters').getByRole('link', { name: '问题修复' }).click();
    await expect(reader).toHaveURL(/\/dash\/system\/update-logs\?update_type=BUGFIX$/);
    await expect(reader.getByTestId('update-log-filters').getByRole('link', { name: '问题修复' })).toHaveAttribute('aria-current', 'page');
    const items = reader.getByTestId('update-log-item');
    await expect(items.filter({ hasText: title })).toHaveCount(1);
    for (const type of await items.getByTestId('update-log-type').allTextContents()) expect(type).toBe('问题修复');
    const item = items.filter({ hasText: title });
    await expect(item.getByTestId('update-log-importance')).toHaveText('紧急');
    await expect(item.getByTestId('update-log-modules')).toContainText('登录');
    // The excerpt is plain text: the script is shown as written, never run.
    await expect(item.getByTestId('update-log-excerpt')).toContainText('本次修复了 登录 相关问题');

    await item.getByRole('link', { name: title }).click();
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const body = reader.getByTestId('markdown-body');
    await expect(body.getByRole('heading', { level: 2, name: '修复说明' })).toBeVisible();
    await expect(body.locator('strong')).toHaveText('登录');
    await expect(body.locator('li')).toHaveCount(2);
    await expect(body).toContainText('<script>window.__xss=1</script>');
    await expect(body).toContainText('<img src=x onerror="window.__xss=2">');
    await expect(body.locator('script, img, iframe')).toHaveCount(0);
    await expect(body.getByRole('link', { name: '常见问题' })).toHaveAttribute('href', '/dash/faq');
    await expect(body.getByRole('link', { name: '链接' })).toHaveCount(0);
    expect(await noJavascriptLinks(reader)).toBe(0);
    expect(await reader.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    await expect(reader.getByTestId('update-log-notes')).toContainText('如仍有问题');

    await reader.getByTestId('update-log-back').click();
    await expect(reader).toHaveURL(/\/dash\/system\/update-logs$/);
    expect(csp.violations, 'CSP violations').toEqual([]);
    expect(csp.messages, 'CSP console messages').toEqual([]);
    expect(errors).toEqual([]);
    await reader.context().close();
  });
});

test('an unknown or unpublished update log reads 更新日志不存在', async ({ page, browser, consoleErrors }) => {
  await publishLogs(browser, [{ version: '0.0.1', title: `草稿 ${tag()}`, content: '未发布', update_type: 'OTHER', status: 'DRAFT' }]);
  await signIn(page);
  for (const path of ['/dash/system/update-logs/00000000-0000-4000-8000-000000000000', '/dash/system/update-logs/not-an-id']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId('update-log-missing')).toContainText('更新日志不存在');
    await expect(page.getByTestId('sidebar')).toBeVisible();
  }
  // Chromium reports each 404 document as a console error.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 404/.test(e)));
});

test('without JavaScript the list filters by type and paginates by links', async ({ browser }) => {
  const run = tag();
  // Eleven security updates, older than anything else in the run: the last one of them is on the last page.
  await publishLogs(
    browser,
    Array.from({ length: 11 }, (_, i) => ({
      version: `0.${i}.0`,
      title: `安全加固 ${run} 第${i}批`,
      content: `第 ${i} 批安全加固。`,
      update_type: 'SECURITY',
      importance: 2,
      publish_time: `2001-01-${String(i + 10).padStart(2, '0')}T10:00:00+08:00`,
    })),
  );
  const page = await newUser(browser, { javaScriptEnabled: false });
  await page.goto('/dash/system/update-logs');
  await page.getByTestId('update-log-filters').getByRole('link', { name: '安全更新' }).click();
  await expect(page).toHaveURL(/\?update_type=SECURITY$/);
  const types = () => page.getByTestId('update-log-item').getByTestId('update-log-type').allTextContents();
  expect(await types()).toHaveLength(10);
  for (const type of await types()) expect(type).toBe('安全更新');
  const pager = page.getByTestId('update-logs-pager');
  await expect(pager).toContainText(/共 \d+ 条，第 1\/\d+ 页/);

  await pager.getByRole('link', { name: '下一页' }).click();
  await expect(page).toHaveURL(/\?update_type=SECURITY&page=2$/);
  await expect(pager).toContainText(/第 2\/\d+ 页/);
  for (const type of await types()) expect(type).toBe('安全更新');
  const last = await pager
    .getByRole('link', { name: /^第 \d+ 页$/ })
    .or(pager.getByRole('button', { name: /^第 \d+ 页$/ }))
    .last()
    .textContent();
  await page.goto(`/dash/system/update-logs?update_type=SECURITY&page=${last}`);
  await expect(page.getByTestId('update-log-item').filter({ hasText: `安全加固 ${run} 第0批` })).toHaveCount(1);
  // A page past the end goes to the last one; the filter 全部 drops the type.
  await page.goto('/dash/system/update-logs?update_type=SECURITY&page=999');
  await expect(page).toHaveURL(new RegExp(`\\?update_type=SECURITY&page=${last}$`));
  await page.getByTestId('update-log-filters').getByRole('link', { name: '全部' }).click();
  await expect(page).toHaveURL(/\/dash\/system\/update-logs$/);
  await page.context().close();
});
