import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** The word every test student's name shares, so one query finds all fifteen (page size 10). */
const WORD = '星辰';
const STUDENTS = [
  ...Array.from({ length: 14 }, (_, i) => ({
    name: `${WORD}学生${String(i + 1).padStart(2, '0')}`,
    school: '浙江大学',
    major: '计算机科学与技术',
  })),
  { name: `Emily Carter ${WORD}15`, school: 'University of Toronto', major: 'Computer Science' },
];

/** Signs a fresh user in and gives them the fifteen students, through the browser's API door. */
async function signInWithStudents(page: Page): Promise<Map<string, string>> {
  await signIn(page);
  const ids = new Map<string, string>();
  for (const s of STUDENTS) {
    const response = await page.request.post('/resources/api/client-profiles', {
      data: { name: s.name, data: { currentSchool: s.school, major: s.major } },
    });
    expect(response.status()).toBe(201);
    ids.set(s.name, (await response.json()).data.id);
  }
  return ids;
}

/** The ids of a query's first API page, in the order the dialog must list them. */
async function firstPageIds(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`/resources/api/ai/global-search?query=${encodeURIComponent(query)}&page=1&pageSize=10`);
  return ((await response.json()).data.list as { id: string }[]).map((r) => r.id);
}

/** Ctrl+K, retried: the shortcut's listener attaches in an effect just after hydration. */
async function openWithShortcut(page: Page) {
  const dialog = page.getByTestId('search-dialog');
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible({ timeout: 500 });
  }).toPass();
  return dialog;
}

test('Ctrl+K, type part of a name: the student is listed under 学生 with the match marked; Escape closes', async ({ page }) => {
  await signInWithStudents(page);
  const dialog = await openWithShortcut(page);
  const input = page.getByRole('textbox', { name: '搜索' });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', '搜索学生、文书、作品或页面');
  await page.keyboard.type('carter');
  const emily = dialog.getByRole('option', { name: /Emily Carter/ });
  await expect(emily).toBeVisible();
  await expect(emily.locator('mark')).toHaveText(['Carter']);
  await expect(dialog.getByRole('group', { name: '学生' })).toContainText('Emily Carter');
  // The school shows as the result's second line, its match marked too.
  await input.fill('toronto');
  await expect(emily).toContainText('University of Toronto');
  await expect(emily.locator('mark')).toHaveText(['Toronto']);

  await input.fill('没有这个学生');
  await expect(dialog.getByText('没有找到与“没有这个学生”相关的结果')).toBeVisible();
  await expect(dialog.getByRole('option')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Reopened, the box starts empty.
  await page.getByTestId('search-trigger').click();
  await expect(input).toHaveValue('');
  await expect(dialog.getByRole('option')).toHaveCount(0);
});

test('scrolling near the bottom of the list loads the next page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signInWithStudents(page);
  const dialog = await openWithShortcut(page);
  const isSecondPage = (r: { url: () => string }) => r.url().includes('/resources/api/ai/global-search') && r.url().includes('page=2');
  let askedEarly = false;
  page.on('request', (r) => {
    if (isSecondPage(r)) askedEarly = true;
  });
  const secondPage = page.waitForRequest(isSecondPage);
  await page.keyboard.type(WORD);
  const options = dialog.getByRole('option');
  await expect(options).toHaveCount(10);
  // The first page overflows the list: nothing more loads until the list is scrolled. Two frames
  // let the page's scroll observer report what it sees.
  const list = page.getByTestId('search-results');
  expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(askedEarly).toBe(false);
  await expect(options).toHaveCount(10);
  await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await secondPage;
  await expect(options).toHaveCount(15);
  await expect(options.last()).toContainText('Emily Carter');
});

test('↓ and Enter open the chosen student’s archive', async ({ page }) => {
  await signInWithStudents(page);
  const expected = await firstPageIds(page, WORD);
  const dialog = await openWithShortcut(page);
  const input = page.getByRole('textbox', { name: '搜索' });
  await page.keyboard.type(WORD);
  const options = dialog.getByRole('option');
  await expect(options).toHaveCount(10);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  // Down to the last row of the page: it is scrolled into view.
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
  await expect(options.nth(9)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(9)).toBeInViewport();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowUp');
  await expect(options.nth(1)).toBeInViewport();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/dash/client-archive-detail?id=${expected[1]}`);
  await expect(dialog).toBeHidden();
  // The archive page of that very student.
  const student = await (await page.request.get(`/resources/api/client-profiles/${expected[1]}`)).json();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(student.data.name);
});

test('a blank query shows no API results; pages stay findable, listed first, and a click opens them', async ({ page }) => {
  await signInWithStudents(page);
  const dialog = await openWithShortcut(page);
  const input = page.getByRole('textbox', { name: '搜索' });
  await input.fill(WORD);
  await expect(dialog.getByRole('option')).toHaveCount(10);
  await input.fill('   ');
  await expect(dialog.getByRole('option')).toHaveCount(0);
  await expect(dialog.getByText('输入关键词，查找学生、文书、作品或页面')).toBeVisible();

  await input.fill('个人资料');
  const profile = dialog.getByRole('option', { name: /个人资料/ });
  await expect(profile).toBeVisible();
  await expect(dialog.getByRole('group', { name: '页面' })).toBeVisible();
  await expect(profile.locator('mark')).toHaveText(['个人资料']);
  await profile.click();
  await expect(page).toHaveURL(/\/dash\/profile$/);
  await expect(dialog).toBeHidden();
});

test('a failing search is retried three times, then says so with a 重试 button that works', async ({ page, consoleErrors }) => {
  await signInWithStudents(page);
  let failures = 0;
  await page.route('**/resources/api/ai/global-search**', (route) => {
    // Typing is key by key: under load a prefix ('car') can be searched before the debounce
    // settles; only the full query's tries are the ones this test counts.
    if (new URL(route.request().url()).searchParams.get('query') === 'carter') failures++;
    return route.fulfill({ status: 500, json: { success: false, code: 'INTERNAL_ERROR', message: '服务器错误，请稍后重试' } });
  });
  const dialog = await openWithShortcut(page);
  await page.keyboard.type('carter');
  await expect(dialog.getByTestId('search-loading')).toBeVisible();
  // The first try and three retries (after 0.5 s, 1 s and 2 s).
  const error = dialog.getByTestId('search-error');
  await expect(error).toContainText('服务器错误，请稍后重试', { timeout: 15_000 });
  expect(failures).toBe(4);

  await page.unroute('**/resources/api/ai/global-search**');
  await error.getByRole('button', { name: '重试' }).click();
  await expect(dialog.getByRole('option', { name: /Emily Carter/ })).toBeVisible();
  await expect(error).toBeHidden();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 500/.test(e)));
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 740 },
]) {
  test(`the open dialog with results fits ${viewport.width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize(viewport);
    await signInWithStudents(page);
    await page.getByTestId('search-trigger').click();
    const dialog = page.getByTestId('search-dialog');
    // '学' is in the names and in the schools and majors: marks in both lines of a result.
    await page.getByRole('textbox', { name: '搜索' }).fill('学');
    await expect.poll(() => dialog.getByRole('option').count()).toBeGreaterThanOrEqual(10);
    await expect(dialog.getByTestId('search-loading')).toBeHidden();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    // Long titles and snippets are clipped inside their row, not pushed out of it.
    for (const option of await dialog.getByRole('option').all()) {
      expect(await option.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await page.screenshot({ path: testInfo.outputPath(`search-${viewport.width}.png`) });
  });
}
