import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test, visitorHeaders, waitForHydration } from './fixtures';

/**
 * Issue 28's defects found in the browser: the shell's rail at its first paint, 文书修改 in the
 * menu, the writing page side by side at 1000 px, a late draft never overwriting what was typed, a
 * PS without a student refused before any charge, and 查AI率's note about an earlier check.
 */

/** The page as the server sent it, before any script runs: what the first paint shows. */
async function firstPaint(browser: Browser, page: Page, width: number, sidebarCookie?: string) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 800 },
    extraHTTPHeaders: visitorHeaders(),
  });
  const cookies = await page.context().cookies();
  if (sidebarCookie) cookies.push({ ...cookies[0]!, name: 'lx_sidebar', value: sidebarCookie, httpOnly: false });
  await context.addCookies(cookies);
  const bare = await context.newPage();
  await bare.goto('/dash/overview');
  return { bare, close: () => context.close() };
}

/** Every visible label in the rail: its box, its line count, and whether it fits inside the rail. */
const railLabels = (page: Page) =>
  page.getByTestId('sidebar').evaluate((nav) => {
    const right = nav.getBoundingClientRect().right;
    return Array.from(nav.querySelectorAll<HTMLElement>('p, span'))
      .filter((el) => el.getClientRects().length > 0 && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim()))
      .map((el) => {
        const box = el.getBoundingClientRect();
        const fontSize = parseFloat(getComputedStyle(el).fontSize);
        return { text: el.textContent!.trim(), lines: Math.round(box.height / (fontSize * 1.5)), fits: box.right <= right + 0.5 };
      });
  });

test('the rail is laid out right from the first paint: a rail of icons at 375 and 1000 px, labels on one line at 1440 px', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page);
  for (const [width, cookie, rail] of [
    [375, undefined, true],
    [1000, undefined, true],
    [1440, undefined, false],
    [1440, 'collapsed', true],
  ] as const) {
    const { bare, close } = await firstPaint(browser, page, width, cookie);
    await bare.screenshot({ path: testInfo.outputPath(`rail-first-paint-${width}${cookie ? `-${cookie}` : ''}.png`) });
    const nav = bare.getByTestId('sidebar');
    const box = (await nav.boundingBox())!;
    expect(box.width, `${width}px`).toBe(rail ? 80 : 240);
    const labels = await railLabels(bare);
    if (rail) {
      // Icons only: no group or item label shows, wrapped or cut; each group is one button.
      expect(labels.map((l) => l.text)).toEqual([]);
      await expect(nav.getByRole('button', { name: '学生档案与作品' })).toBeVisible();
      await expect(nav.getByRole('button', { name: '帮助与支持' })).toBeVisible();
    } else {
      expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining(['学生档案与作品', '帮助与支持', '文书修改']));
      for (const label of labels) expect(label, label.text).toMatchObject({ lines: 1, fits: true });
      await expect(nav.getByRole('button', { name: '学生档案与作品' })).toBeHidden();
    }
    await close();
  }

  // 文书修改 is among the document tools, and leads to its page.
  await page.getByTestId('sidebar').getByRole('link', { name: '文书修改' }).click();
  await expect(page).toHaveURL(/\/dash\/essay-revision$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('文书修改');
});

test('the writing page at 1000 px: form and editor side by side; a late draft keeps what was typed; no PS without a student, no charge', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await signIn(page);
  const userId = ((await (await page.request.get('/resources/api/user/info')).json()) as { data: { id: string } }).data.id;
  // A saved draft of this page, as the autosave writes it.
  await page.evaluate((id) => {
    const now = Date.now();
    const put = (key: string, v: unknown) => localStorage.setItem(`lx:${key}`, JSON.stringify({ v, savedAt: now, expiresAt: now + 864e5 }));
    const paragraph = { id: 'p1', type: 'paragraph', content: [{ type: 'text', text: '草稿里的正文。' }] };
    put(`draft:${id}:ps`, { content: { blocks: [paragraph] }, client: null, updatedAt: now });
    put(`sidebar:${id}:ps`, {
      form: { targetProgram: 'MSc Draft Program', targetSchool: 'Draft University' },
      workId: null,
      operationIds: [],
      stopped: null,
      review: null,
      decisions: {},
    });
  }, userId);

  // The editor (its own chunk) is held back: the draft loads with it, after the user has typed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/live-editor-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dash/ps-writing');
  await waitForHydration(page);
  await page.getByTestId('ps-target-school').fill('Typed University');
  release();
  const editor = page.locator('[data-testid="writing-surface"] .ProseMirror[contenteditable="true"]');
  await expect(editor).toContainText('草稿里的正文。');
  await expect(page.getByTestId('ps-target-school')).toHaveValue('Typed University');
  await expect(page.getByTestId('ps-target-program')).toHaveValue('MSc Draft Program');

  // Side by side at 1000 px: the editor beside the form, in view, where generated text arrives.
  const form = (await page.getByRole('region', { name: '写作设置' }).boundingBox())!;
  const surface = (await page.getByTestId('writing-surface').boundingBox())!;
  expect(surface.x).toBeGreaterThanOrEqual(form.x + form.width);
  expect(surface.y).toBeLessThan(800);

  // No student: 生成 says so and nothing is charged; the API refuses the same request by itself.
  const balance = await page.getByTestId('points-display').textContent();
  await page.getByTestId('generate').click();
  await expect(page.getByText('请先选择学生档案：个人陈述根据档案内容生成')).toBeVisible();
  const refused = await page.request.post('/resources/api/ai/generate', {
    data: { operation: 'ps', input: { targetProgram: 'MSc Draft Program' } },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe('请先选择学生档案：个人陈述根据档案内容生成');
  const after = ((await (await page.request.get('/resources/api/user/info')).json()) as { data: { total_points: number } }).data;
  expect(after.total_points.toFixed(2)).toBe(balance);
});

test('查AI率: the note about the last check goes once the box holds another text, and comes back with that text', async ({ page }) => {
  await signIn(page);
  const userId = ((await (await page.request.get('/resources/api/user/info')).json()) as { data: { id: string } }).data.id;
  const checked = 'The text that was checked yesterday, long enough to be a real essay paragraph for the detector.';
  await page.evaluate(
    ({ id, text }) => {
      const now = Date.now();
      const entry = { aiRate: 2.2, writingId: 'reduce-ai', timestamp: now - 60_000, original: text, modified: null, label: 'human' };
      localStorage.setItem(`lx:ai-rate:${id}:reduce-ai`, JSON.stringify({ v: entry, savedAt: now, expiresAt: now + 864e5 }));
    },
    { id: userId, text: checked },
  );
  await page.goto('/dash/reduce-ai');
  await waitForHydration(page);
  const note = page.getByTestId('last-check');
  await expect(note).toContainText('上次检测 AI 率 2.2%');
  await expect(note).toContainText('已把当时的文本放回输入框');
  await expect(page.getByTestId('detect-text')).toHaveValue(checked);

  await page
    .getByTestId('detect-text')
    .fill('A different essay pasted now, which nobody has checked yet, so no earlier rate applies to it.');
  await expect(note).toHaveCount(0);
  await page.getByTestId('detect-text').fill(checked);
  await expect(note).toContainText('上次检测 AI 率 2.2%');
});
