import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pdfText } from '../../server/ai/cv/pdf';
import { downloadedDocxText } from '../fixtures/docx';
import { expect, loginViaForm, signIn, loginWithoutScripts, randomPhone, test, waitForHydration } from './fixtures';

/** /dash/my-works and the work page (issue 11): the list, the read view, versions compared and restored, delete. */

const paragraph = (id: string, text: string) => ({ id, type: 'paragraph', content: [{ type: 'text', text, styles: {} }] });

async function api<T>(page: Page, method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> {
  const response = await page.request.fetch(`/resources/api/${path}`, { method, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data as T;
}

async function createStudent(page: Page, name: string) {
  return (await api<{ id: string }>(page, 'POST', 'client-profiles', { name })).id;
}

async function createWork(page: Page, body: { title: string; type: string; clientProfileId?: string; lines: string[] }) {
  return api<{ id: string }>(page, 'POST', 'works', {
    title: body.title,
    type: body.type,
    clientProfileId: body.clientProfileId,
    content: { blocks: body.lines.map((line, i) => paragraph(`b${i}`, line)) },
  });
}

test('the offline engine writes a labelled draft for a student into a work, with its version', async ({ page }) => {
  await signIn(page);
  const studentId = await createStudent(page, '离线学生');
  const work = await createWork(page, { title: '离线 PS', type: 'ps', clientProfileId: studentId, lines: ['My first notes.'] });
  await page.goto('/dash/my-works');
  await waitForHydration(page);
  const balance = page.getByTestId('points-display');
  const before = Number(await balance.textContent());
  const response = await page.request.post('/resources/api/ai/generate', {
    data: {
      operation: 'ps',
      clientProfileId: studentId,
      workId: work.id,
      input: { targetProgram: 'MSc Data Science', targetSchool: 'University of Edinburgh', language: 'en' },
    },
  });
  expect(response.status()).toBe(200);
  const stream = await response.text();
  expect(stream).toContain('event: done');
  const charged = Number(/"points":([\d.]+)/.exec(stream.slice(stream.indexOf('event: done')))![1]);
  // The offline engine's template draft is free (ADR 0040): the balance stays as it was.
  expect(charged).toBe(0);
  await expect(balance).toHaveText(before.toFixed(2));

  await page.goto(`/dash/my-works/my-works-detail?id=${work.id}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('离线 PS');
  const document = page.getByTestId('work-document');
  // The draft says what it is, and is built from the form (and asks for the facts it lacks).
  await expect(document).toContainText('离线模式');
  await expect(document).toContainText('MSc Data Science');
  await expect(document).toContainText('【请补充');
  await expect(page.getByTestId('work-meta')).toContainText('离线学生');
  const versions = page.getByTestId('version-row');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('版本 2（AI 生成）');
  await expect(versions.last()).toContainText('版本 1（创建）');

  // Exported from the work page as Word: the draft's text and the AI-content label (offline engine).
  const download = page.waitForEvent('download');
  await page.getByTestId('export-docx').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('离线 PS.docx');
  const paragraphs = await downloadedDocxText(file);
  expect(paragraphs.join('\n')).toContain('MSc Data Science');
  expect(paragraphs.at(-1)).toContain('本文档部分内容由人工智能生成（含离线模式模板草稿');

  // The generation record links to the work.
  await page.goto('/dash/generation-records');
  await page.getByTestId('record-row').first().getByTestId('record-work').click();
  await expect(page).toHaveURL(new RegExp(`my-works-detail\\?id=${work.id}`));
});

test('versions are viewed, compared word by word and restored without losing any', async ({ page }) => {
  await signIn(page);
  const work = await createWork(page, { title: '版本测试', type: 'free', lines: ['I love research in biology.', '我喜欢研究。'] });
  await api(page, 'PUT', `works/${work.id}`, {
    content: { blocks: [paragraph('b0', 'I love teaching in chemistry.'), paragraph('b1', '我喜欢教学。')] },
  });

  await page.goto(`/dash/my-works/my-works-detail?id=${work.id}`);
  await waitForHydration(page);
  await expect(page.getByTestId('work-document')).toContainText('I love teaching in chemistry.');
  const rows = page.getByTestId('version-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('当前');

  // View the first version: the current content stays.
  await rows.last().getByTestId('view-version').click();
  await expect(page.getByTestId('version-document')).toContainText('I love research in biology.');
  await expect(page.getByTestId('version-view')).toContainText('当前作品内容未改变');

  // Compare (defaults: the previous version against the newest): words, and Chinese characters.
  await page.getByTestId('compare-versions').click();
  await expect(page).toHaveURL(/from=.*&to=/);
  const diff = page.getByTestId('version-diff');
  await expect(diff.getByTestId('diff-delete').first()).toHaveText('research');
  await expect(diff.getByTestId('diff-insert').first()).toHaveText('teaching');
  await expect(diff.getByTestId('diff-delete')).toContainText(['research', 'biology', '研究']);
  await expect(diff.getByTestId('diff-insert')).toContainText(['teaching', 'chemistry', '教学']);

  // Restore version 1 after a confirmation: a new version, version 2 still there.
  await rows.last().getByTestId('restore-version').click();
  const dialog = page.getByTestId('row-action-dialog');
  await expect(dialog).toContainText('恢复到版本 1（创建）？');
  await expect(dialog).toContainText('不会丢失任何内容');
  await dialog.getByTestId('confirm-row-action').click();
  await expect(page.getByTestId('work-action-done')).toContainText('已恢复到所选版本');
  await expect(page.getByTestId('work-document')).toContainText('I love research in biology.');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('版本 3（恢复）');
  await expect(rows.nth(1)).toContainText('版本 2（保存）');
});

test('the list shows cards or a table, filters by type, student and text, and deletes after a confirmation', async ({ page }) => {
  // About thirty steps with three works created: 15 s quiet, past 30 s beside another worker under load.
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/dash/my-works');
  await expect(page.getByTestId('works-empty')).toContainText('还没有作品');

  const alice = await createStudent(page, '王小明');
  await createWork(page, { title: '小明的个人陈述', type: 'ps', clientProfileId: alice, lines: ['Robotics and control.'] });
  await createWork(page, { title: '小明的简历', type: 'cv', clientProfileId: alice, lines: ['Education: Zhejiang University'] });
  await createWork(page, { title: '自由写作一篇', type: 'free', lines: ['关于家乡的秋天。'] });

  await page.goto('/dash/my-works');
  await waitForHydration(page);
  await expect(page.getByTestId('work-card')).toHaveCount(3);
  await expect(page.getByTestId('works-total')).toHaveText('共 3 个作品');

  await page.getByLabel('作品类型').selectOption('cv');
  await expect(page).toHaveURL(/type=cv/);
  await expect(page.getByTestId('work-card')).toHaveCount(1);
  await expect(page.getByTestId('work-card')).toContainText('小明的简历');
  await page.getByLabel('作品类型').selectOption('');
  await expect(page.getByTestId('work-card')).toHaveCount(3);
  await page.getByLabel('学生', { exact: true }).selectOption({ label: '王小明' });
  await expect(page).toHaveURL(/student=/);
  await expect(page.getByTestId('work-card')).toHaveCount(2);
  await page.getByLabel('学生', { exact: true }).selectOption('');
  await expect(page.getByTestId('work-card')).toHaveCount(3);
  const search = page.getByTestId('works-filter').getByRole('button', { name: '搜索' });
  await page.getByLabel('搜索作品').fill('秋天');
  await search.click();
  await expect(page.getByTestId('work-card')).toHaveCount(1);
  await expect(page.getByTestId('work-card')).toContainText('自由写作一篇');
  await page.getByLabel('搜索作品').fill('没有这个词');
  await search.click();
  await expect(page.getByTestId('works-empty')).toContainText('没有符合条件的作品');
  await page.getByRole('link', { name: '清除筛选' }).click();
  // The view links keep the current filters: wait for the cleared list before switching view.
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByTestId('work-card')).toHaveCount(3);
  await expect(page.getByLabel('搜索作品')).toHaveValue('');

  await page.getByRole('link', { name: '列表' }).click();
  await expect(page).toHaveURL(/view=table/);
  await expect(page.getByTestId('work-row')).toHaveCount(3);
  const row = page.getByTestId('work-row').filter({ hasText: '自由写作一篇' });
  await row.getByTestId('delete-work').click();
  const dialog = page.getByTestId('row-action-dialog');
  await expect(dialog).toContainText('「自由写作一篇」及其全部 1 个版本将被删除');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('work-row')).toHaveCount(3);
  await row.getByTestId('delete-work').click();
  await dialog.getByTestId('confirm-row-action').click();
  await expect(page.getByTestId('work-action-done')).toHaveText('作品已删除');
  await expect(page.getByTestId('work-row')).toHaveCount(2);
});

test("someone else's work reads as missing", async ({ page, browser }) => {
  await signIn(page);
  const work = await createWork(page, { title: '别人的作品', type: 'ps', lines: ['secret'] });
  const other = await browser.newContext();
  const stranger = await other.newPage();
  try {
    await stranger.goto('/dash/login');
    await loginViaForm(stranger, randomPhone());
    const response = await stranger.goto(`/dash/works/works-detail?id=${work.id}`);
    expect(response?.status()).toBe(404);
    await expect(stranger.getByText('作品不存在')).toBeVisible();
    await expect(stranger.getByText('secret')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a version is compared and restored, and the work deleted, each asked on the page', async ({ page }) => {
    await loginWithoutScripts(page);
    const work = await createWork(page, { title: '无脚本作品', type: 'ps', lines: ['First draft.'] });
    await api(page, 'PUT', `works/${work.id}`, { content: { blocks: [paragraph('b0', 'Second draft.')] } });

    await page.goto(`/dash/my-works/my-works-detail?id=${work.id}`);
    await page.getByTestId('compare-versions').click();
    await expect(page.getByTestId('diff-delete')).toHaveText('First');
    await expect(page.getByTestId('diff-insert')).toHaveText('Second');

    await page.getByTestId('version-row').last().getByTestId('restore-version').click();
    const panel = page.getByTestId('work-confirm-panel');
    await expect(panel).toContainText('恢复到版本 1（创建）？');
    await panel.getByRole('button', { name: '确认恢复' }).click();
    await expect(page.getByTestId('work-document')).toContainText('First draft.');
    await expect(page.getByTestId('version-row')).toHaveCount(3);

    await page.getByTestId('delete-work').click();
    await page.getByTestId('work-confirm-panel').getByRole('button', { name: '确认删除' }).click();
    await expect(page).toHaveURL(/\/dash\/my-works\?deleted=1$/);
    await expect(page.getByTestId('work-action-done')).toHaveText('作品已删除');
    await expect(page.getByTestId('works-empty')).toBeVisible();
  });
});

test('a CV work downloads in the layout chosen on its page: compact on one page, roomier on two', async ({ page }) => {
  await signIn(page);
  const lines = Array.from({ length: 36 }, (_, i) => `Entry ${i + 1}: built and measured a system, 2023–2024`);
  const work = await createWork(page, { title: '版式简历', type: 'cv', lines });
  await page.goto(`/dash/my-works/my-works-detail?id=${work.id}`);
  const pagesIn = async (length: 'one_page' | 'two_page') => {
    await page.getByTestId('cv-export-length').selectOption(length);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('版式简历.pdf');
    return (await pdfText(new Uint8Array(await readFile((await file.path())!)))).pages;
  };
  expect(await pagesIn('one_page')).toBe(1);
  expect(await pagesIn('two_page')).toBe(2);
});
