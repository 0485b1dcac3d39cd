import path from 'node:path';
import type { Page } from '@playwright/test';
import type { FakeResponse } from '../fixtures/fake-openai/server';
import { expect, loginViaForm, test, waitForHydration } from './fixtures';
import { editorOf, selectParagraph } from './writing-editor';
import { FAKE_OPENAI_URL } from './ports';

/**
 * The PS page with a language model (issue 13): this project's app server talks to the fake
 * OpenAI-compatible provider. A student is created from a fixture CV on the page itself; the PS is
 * generated, stopped, generated again, shaped with two selection tools, saved, restored and exported.
 * Every request of this test carries its marker (the form, then the document the tools send as context).
 */

const CV = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', 'cv', name);

async function script(page: Page, marker: string, ...responses: FakeResponse[]) {
  const response = await page.request.post(`${FAKE_OPENAI_URL}/__script`, { data: { marker, responses } });
  expect(response.status()).toBe(204);
}

test('PS with a model: a student from a CV, generated, stopped, generated again, two tools, saved, restored, exported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const mark = `M${Math.random().toString(36).slice(2, 10)}`;
  const draft = [
    `# Personal Statement ${mark}`,
    '',
    'My interest in data began with a traffic model I built at Zhejiang University.',
    '',
    '## Why this programme',
    '',
    'I want to learn rigorous **statistical** methods and apply them to city data.',
    '',
    'After graduating, I hope to work on public transport planning.',
  ].join('\n');
  await script(
    page,
    mark,
    // The first run: a few words, then the model keeps the connection open until 停止.
    { kind: 'stream', steps: [{ delta: 'My interest in data ' }, { hang: true }] },
    // The second run, to the end, in pieces.
    { kind: 'stream', steps: [...draft.match(/[\s\S]{1,40}/g)!.map((delta) => ({ delta })), { finish: 'stop' }, { done: true }] },
    // 改写 of the last paragraph, then 学术 style of the second: the selection tools' answers.
    {
      kind: 'stream',
      steps: [{ delta: 'After I graduate, I plan to **work** on planning public transport.' }, { finish: 'stop' }, { done: true }],
    },
    { kind: 'stream', steps: [{ delta: 'An academic version.' }, { finish: 'stop' }, { done: true }] },
  );

  await page.goto('/dash/login');
  await loginViaForm(page);
  await page.goto('/dash/ps-writing');
  await waitForHydration(page);

  // A student from a CV, created without leaving the page: the page picks them.
  await page.getByTestId('writing-new-student').click();
  const dialog = page.getByTestId('new-student-dialog');
  await dialog.getByTestId('new-student-file').setInputFiles(CV('zh-undergrad-cs.docx'));
  await dialog.getByTestId('new-student-submit').click();
  await expect(dialog.getByTestId('new-student-created')).toContainText('李明轩', { timeout: 60_000 });
  await expect(dialog.getByTestId('new-student-created')).toContainText('当前页面已选中该学生');
  await dialog.getByTestId('new-student-continue').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('student-select').locator('option:checked')).toHaveText('李明轩');

  await page.getByTestId('ps-target-program').fill(`MSc Data Science ${mark}`);
  await page.getByTestId('ps-target-school').fill('University of Edinburgh');
  const editor = editorOf(page);

  // Generate; the first words arrive; 停止: the editor is back as it was and the points come back.
  await page.getByTestId('generate').click();
  // Read-only while it streams: the text is read from the surface, not the editable editor.
  await expect(page.getByTestId('writing-surface').locator('.ProseMirror')).toContainText('My interest in data', { timeout: 30_000 });
  await page.getByTestId('stop-generation').click();
  await expect(page.getByTestId('generation-status')).toHaveAttribute('data-phase', 'stopped');
  await expect(page.getByTestId('generation-status')).toContainText('积分已退还');
  await expect(editor).not.toContainText('My interest in data');

  // Again, to the end: markdown becomes headings and bold, charged once.
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('generation-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('generation-status')).toContainText(/扣除 [\d.]+ 积分/);
  await expect(editor.locator('h1')).toHaveText(`Personal Statement ${mark}`);
  await expect(editor.locator('h2')).toHaveText('Why this programme');
  await expect(editor.locator('strong')).toHaveText('statistical');
  await expect(editor).not.toContainText('**');
  await expect(page.getByTestId('fact-check-clean').or(page.getByTestId('fact-item').first())).toBeVisible();

  // Tool 1: 改写 the last paragraph, accepted: the words go in, the markdown markers do not.
  const paragraphs = editor.locator('p');
  const last = (await paragraphs.count()) - 1;
  await selectParagraph(page, last);
  await page.getByTestId('tool-rephrase').click();
  await expect(page.getByTestId('proposal-accept')).toBeEnabled({ timeout: 30_000 });
  await expect(page.getByTestId('proposal-offline')).toHaveCount(0);
  await page.getByTestId('proposal-accept').click();
  await expect(editor).toContainText('After I graduate, I plan to work on planning public transport.');
  await expect(editor).not.toContainText('After graduating');

  // Tool 2: 学术 style on another paragraph, discarded: the text stays.
  await selectParagraph(page, 1);
  const kept = (await paragraphs.nth(1).textContent())!;
  await page.getByTestId('tool-style').click();
  await page.getByTestId('tool-style-academic').click();
  await expect(page.getByTestId('proposal-text')).toHaveText('An academic version.', { timeout: 30_000 });
  await page.getByTestId('proposal-discard').click();
  await expect(paragraphs.nth(1)).toHaveText(kept);

  // Save, reload: the draft comes back with its student and form; export the saved work.
  await page.getByTestId('save-work').click();
  await expect(page.getByTestId('save-work')).toHaveText(/保存新版本/);
  await page.waitForTimeout(1000);
  await page.reload();
  await waitForHydration(page);
  await expect(editor).toContainText('After I graduate, I plan to work on planning public transport.');
  await expect(page.getByTestId('student-select').locator('option:checked')).toHaveText('李明轩');
  await expect(page.getByTestId('ps-target-program')).toHaveValue(`MSc Data Science ${mark}`);
  const download = page.waitForEvent('download');
  await page.getByTestId('export-docx').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.docx$/);
  const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

test('essay revision with a model: the answer read into suggestions; an award the model brings in is flagged before it is accepted and marked after', async ({
  page,
}) => {
  const mark = `M${Math.random().toString(36).slice(2, 10)}`;
  const answer = [
    '## 总体评价',
    '- 结构：开头直接，结尾可以呼应开头。',
    '- **具体性**：缺少团队规模等细节。',
    '- 个人声音：真诚。',
    '- 语言与语法：基本正确。',
    '## 修改建议',
    '### 建议 1',
    '类型：修改',
    '原文：「I like robots.」',
    '建议：「I have loved robots since I won the Gates Cambridge Scholarship.」',
    '理由：开头更具体。',
    '### 建议 2',
    '类型：批注',
    '原文：「my team」',
    '建议：（无）',
    '理由：请说明团队有几个人。',
    '## 需要补充的事实',
    '- 团队人数',
  ].join('\n');
  await script(page, mark, {
    kind: 'stream',
    steps: [...answer.match(/[\s\S]{1,50}/g)!.map((delta) => ({ delta })), { finish: 'stop' }, { done: true }],
  });
  await page.goto('/dash/login');
  await loginViaForm(page);
  await page.goto('/dash/essay-revision');
  await waitForHydration(page);
  const editor = editorOf(page);
  await editor.click();
  await page.keyboard.insertText(`I like robots. I built a robot with my team in 2022 (${mark}).`);
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('generation-status')).toHaveAttribute('data-phase', 'done', { timeout: 30_000 });
  const panel = page.getByTestId('revision-panel');
  await expect(panel.getByTestId('review-offline')).toHaveCount(0);
  await expect(panel.getByTestId('revision-assessment')).toContainText('具体性：缺少团队规模等细节。');
  await expect(panel.getByTestId('review-item')).toHaveCount(2);
  await expect(panel.getByTestId('revision-missing-facts')).toContainText('团队人数');
  // The award is in no archive and not in the essay: listed at once, before anyone accepts it.
  await expect(page.getByTestId('fact-item')).toHaveCount(1);
  await expect(page.getByTestId('fact-item')).toContainText('Gates Cambridge Scholarship');
  await expect(editor.locator('[data-highlight-id="fact-0"]')).toHaveCount(0);
  await panel.getByTestId('review-item').nth(0).getByTestId('review-accept').click();
  await expect(editor).toContainText('I have loved robots since I won the Gates Cambridge Scholarship.');
  await expect(editor.locator('[data-highlight-id="fact-0"]')).toHaveText('Gates Cambridge Scholarship');
  // A comment has nothing to accept: it is noted and set aside.
  const comment = panel.getByTestId('review-item').nth(1);
  await expect(comment.getByTestId('review-accept')).toHaveCount(0);
  await comment.getByTestId('review-reject').click();
  await expect(panel.getByTestId('review-progress')).toHaveText('已处理 2 / 2');
});
