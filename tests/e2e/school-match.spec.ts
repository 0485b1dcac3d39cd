import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request, type Page } from '@playwright/test';
import { adminStorageState, expect, signIn, test, visitorHeaders, waitForHydration } from './fixtures';

/**
 * 选校 (issue 26): a student created from a fixture CV is matched against programs the
 * administrator imported; a program's evidence, the student's list on the archive page, an outcome
 * recorded and counted, exports; then the result's filters, table, comparison and the case library.
 * Every school and program is fictional: no requirement data is written from memory.
 */

const CV = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'cv', 'zh-undergrad-cs.docx');
const PROGRAM_HEADER =
  'school,program,program_zh,degree,field,country,duration,tuition,tuition_currency,living_cost,deadlines,ielts_overall,ielts_min_band,toefl_total,toefl_min_section,gpa_985,gpa_211,gpa_shuangfei,gpa_overseas,gpa_scale,tests_required,official_url,verified_at,source,admission_rate,ranking,ranking_source';
const CASE_HEADER = 'school,program,degree,term,result,gpa,gpa_scale,school_tier,major,ielts,toefl,gre_v,gre_q,gmat,international,notes';

const tagOf = () => Math.random().toString(36).slice(2, 8);
const programRow = (school: string, program: string, country: string, tuition: number) =>
  `${school},${program},虚构项目,master,Computing,${country},1 year,${tuition},USD,15000,2026-01-15,6.5,6,90,20,3.3,3.4,3.5,3.2,4,,https://example.org/${encodeURIComponent(program)},2026-09-01,e2e fixture,,,`;

/** The administrator imports programs into the shared catalogue (the console's CSV import, over the API). */
async function importPrograms(baseURL: string, rows: string[]) {
  const admin = await request.newContext({ baseURL, storageState: adminStorageState(), extraHTTPHeaders: visitorHeaders() });
  const res = await admin.post('/resources/api/admin/school-match/programs/import', {
    multipart: { file: { name: 'programs.csv', mimeType: 'text/csv', buffer: Buffer.from([PROGRAM_HEADER, ...rows].join('\n')) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  await admin.dispose();
}

async function programIds(page: Page, query: string): Promise<string[]> {
  const res = await page.request.get(`/resources/api/school-match/programs?${new URLSearchParams({ query, pageSize: '50' })}`);
  return ((await res.json()) as { data: { items: Array<{ id: string }> } }).data.items.map((p) => p.id);
}

test('a student from a CV is matched: evidence, the student’s list on the archive page, an outcome counted, exports', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = tagOf();
  const school = `E2E Fictional Univ ${tag}`;
  await importPrograms(test.info().project.use.baseURL!, [programRow(school, `MSc Matching ${tag}`, 'United Kingdom', 40000)]);
  await signIn(page);

  // The student, from the fixture CV (李明轩: GPA 3.82/4.0, TOEFL 108, GRE V155 Q170).
  await page.getByTestId('header-new-student').click();
  const dialog = page.getByTestId('new-student-dialog');
  await dialog.getByTestId('new-student-file').setInputFiles(CV);
  await dialog.getByTestId('new-student-submit').click();
  await expect(dialog.getByTestId('new-student-created')).toContainText('李明轩', { timeout: 60_000 });
  await dialog.getByTestId('new-student-view').click();
  await expect(page).toHaveURL(/\/dash\/client-archive-detail\?id=[0-9a-f-]{36}$/);
  const archiveUrl = page.url();

  // The archive's tools lead to 选校 with the student picked; the form is filled from the archive.
  await page.getByTestId('archive-tools').getByRole('link', { name: '智能选校' }).click();
  await expect(page).toHaveURL(/\/dash\/school-match\?clientId=/);
  await waitForHydration(page);
  await expect(page.getByTestId('match-gpa')).toHaveValue('3.82');
  await expect(page.getByTestId('match-toefl')).toHaveValue('108');
  await expect(page.getByTestId('match-run')).toContainText('5积分');

  await page.getByTestId('program-search').fill(school);
  await page.getByTestId('program-search-results').getByTestId('program-add').first().click();
  await expect(page.getByTestId('picked-programs')).toContainText(`MSc Matching ${tag}`);
  const balance = Number(await page.getByTestId('points-display').first().textContent());
  await page.getByTestId('match-run').click();
  const card = page.getByTestId('match-card').filter({ hasText: `MSc Matching ${tag}` });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('match-probability')).toHaveText('仅比对要求');
  await expect(page.getByTestId('points-display').first()).toHaveText((balance - 5).toFixed(2));

  // The evidence drawer: requirement lines, the program's source and verified date, its case count.
  await card.getByTestId('match-open').click();
  const drawer = page.getByTestId('program-drawer');
  await expect(drawer.getByTestId('evidence-line').filter({ hasText: '托福总分 108，达到要求 90' })).toBeVisible();
  await expect(drawer.getByTestId('drawer-verified')).toHaveText('2026-09-01');
  await expect(drawer.getByTestId('drawer-official')).toHaveAttribute('rel', /noopener/);
  await expect(drawer.getByTestId('drawer-cases-count')).toHaveText('本机构案例 0 条');

  // Recorded outcomes are counted at once.
  await drawer.getByTestId('drawer-record-outcome').click();
  const outcome = page.getByTestId('outcome-dialog');
  await expect(outcome.getByTestId('outcome-snapshot')).not.toContainText('李明轩');
  await outcome.getByTestId('outcome-save').click();
  await expect(outcome).toBeHidden();
  await expect(drawer.getByTestId('drawer-cases-count')).toHaveText('本机构案例 1 条');

  // Added to the student's list, which the archive page shows.
  await drawer.getByRole('button', { name: '加入学生清单' }).click();
  await expect(page.getByTestId('shortlist-panel').getByTestId('shortlist-item')).toContainText(`MSc Matching ${tag}`);
  await drawer.getByRole('button', { name: '关闭' }).click();

  // Exports download with their format's suffix.
  for (const format of ['docx', 'xlsx'] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
  }

  await page.goto(archiveUrl);
  await expect(page.getByTestId('archive-shortlist-item')).toContainText(`MSc Matching ${tag}`);
  await page.getByTestId('archive-match-result').first().click();
  await expect(page).toHaveURL(/\/dash\/school-match\?clientId=.+&result=/);
  await expect(page.getByTestId('match-card')).toHaveCount(1);
});

test('a result is filtered, shown as a table, compared four at a time; cases are imported, listed and deleted', async ({ page }) => {
  test.setTimeout(60_000);
  const tag = tagOf();
  const school = `E2E Compare Univ ${tag}`;
  await importPrograms(test.info().project.use.baseURL!, [
    programRow(school, `MSc One ${tag}`, 'United Kingdom', 30000),
    programRow(school, `MSc Two ${tag}`, 'United Kingdom', 50000),
    programRow(school, `MSc Three ${tag}`, 'Singapore', 35000),
    programRow(school, `MSc Four ${tag}`, 'Singapore', 45000),
    programRow(school, `MSc Five ${tag}`, 'Australia', 38000),
  ]);
  await signIn(page);
  const ids = await programIds(page, school);
  expect(ids).toHaveLength(5);
  const run = await page.request.post('/resources/api/school-match/run', {
    data: { applicant: { gpa: 3.5, gpaScale: 4, ielts: 7, budgetUsd: 80000 }, programIds: ids },
  });
  expect(run.status(), await run.text()).toBe(201);
  const resultId = ((await run.json()) as { data: { id: string } }).data.id;
  await page.goto(`/dash/school-match?result=${resultId}`);
  await waitForHydration(page);
  await expect(page.getByTestId('match-card')).toHaveCount(5);

  // The form is kept as a draft (school_match) and restored on return.
  await page.getByTestId('match-budgetUsd').fill('55555');
  await expect(page.getByTestId('match-draft-status')).toHaveText('草稿已保存');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('match-budgetUsd')).toHaveValue('55555');

  // Filters (in the address) and the table.
  await page.getByTestId('filter-country').selectOption('Singapore');
  await expect(page.getByTestId('match-card')).toHaveCount(2);
  await page.getByTestId('filter-tuition').fill('40000');
  await page.getByTestId('filter-tuition').press('Enter');
  await expect(page.getByTestId('match-card')).toHaveCount(1);
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(page.getByTestId('match-card')).toHaveCount(5);
  await page.getByTestId('view-table').click();
  await expect(page.getByTestId('match-table').locator('tbody tr')).toHaveCount(5);

  // Four compared; the fifth is refused with the reason.
  const boxes = page.getByTestId('match-table').getByTestId('compare-toggle');
  for (let i = 0; i < 4; i++) await boxes.nth(i).click();
  await boxes.nth(4).click();
  await expect(page.getByTestId('compare-refused')).toHaveText('最多同时对比 4 个项目，请先取消一个再选');
  await page.getByTestId('compare-open').click();
  const compare = page.getByTestId('compare-dialog');
  await expect(compare.locator('thead th')).toHaveCount(5);
  await page.keyboard.press('Escape');
  await expect(compare).toBeHidden();

  // The case library: a dry run lists bad rows by number and writes nothing; then the import; then a deletion.
  const csv = [
    CASE_HEADER,
    `${school},MSc One ${tag},master,2025 Fall,admitted,3.6,4,211,CS,7,,,,,yes,`,
    `${school},MSc One ${tag},master,2025 Fall,maybe,3.1,4,211,CS,6.5,,,,,yes,`,
    `${school},MSc Two ${tag},master,2025 Fall,rejected,3.0,4,双非,CS,6,,,,,yes,`,
  ].join('\n');
  const library = page.getByTestId('case-library');
  await library.getByTestId('case-import-file').setInputFiles({ name: 'cases.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await library.getByTestId('case-import-submit').click();
  await expect(library.getByTestId('case-import-result')).toContainText('试导入（未写入）：可导入 2 条');
  await expect(library.getByTestId('case-import-errors')).toContainText('第 3 行');
  await expect(library.getByTestId('case-item')).toHaveCount(0);
  await library.getByTestId('case-import-dry').click();
  await library.getByTestId('case-import-submit').click();
  await expect(library.getByTestId('case-import-result')).toContainText('已导入 2 条');
  await expect(library.getByTestId('case-item')).toHaveCount(2);
  await library.getByTestId('case-delete').first().click();
  await page.getByTestId('confirm-school-match').click();
  await expect(page.getByTestId('delete-case-done')).toHaveText('已删除案例');
  await expect(library.getByTestId('case-item')).toHaveCount(1);

  // The saved result is in the history, and deleted after a confirmation.
  const history = page.getByTestId('history-panel');
  await expect(history.getByTestId('history-item')).toHaveCount(1);
  await history.getByTestId('history-delete').click();
  await page.getByTestId('confirm-school-match').click();
  await expect(page.getByTestId('delete-result-done')).toHaveText('已删除选校结果');
  await expect(page.getByTestId('result-missing')).toHaveCount(0);
  await expect(page.getByTestId('history-empty')).toBeVisible();
});
