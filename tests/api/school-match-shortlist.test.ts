import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { SHORTLIST_MAX } from '../../contracts/school-match';
import { schoolMatchShortlist, users } from '../../db/schema';
import { mergeAccounts } from '../../server/domain/auth/account-merge';
import { setRole } from '../../server/domain/users';
import { docxParagraphs, unzip } from '../fixtures/docx';
import { client, login, randomIp, startTestServer, uploadCsv, type TestServer } from './harness';

// A student's 选校 list and the exports of a saved run (issue 26, ADR 0052 addendum) over real
// HTTP: one row per student and program, every read and write the caller's own.
// Every school and program is fictional.

let server: TestServer;
type Session = Awaited<ReturnType<typeof login>>;
let boss: Session;
const tag = Math.random().toString(36).slice(2, 8);
const SCHOOL = `Fictional List Univ ${tag}`;
const ids: Record<'cases' | 'plain' | 'rated', string> = { cases: '', plain: '', rated: '' };
/** Shared programs enough to fill a list. */
const fillers: string[] = [];

const upload = (path: string, token: string, csv: string) => uploadCsv(server.url, path, token, csv);
async function download(path: string, token: string) {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomIp() } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const PROGRAM_HEADER =
  'school,program,program_zh,degree,field,country,duration,tuition,tuition_currency,living_cost,deadlines,ielts_overall,ielts_min_band,toefl_total,toefl_min_section,gpa_985,gpa_211,gpa_shuangfei,gpa_overseas,gpa_scale,tests_required,official_url,verified_at,source,admission_rate,ranking,ranking_source';
const CASE_HEADER = 'school,program,degree,term,result,gpa,gpa_scale,school_tier,major,ielts,toefl,gre_v,gre_q,gmat,international,notes';
const ownCases = [
  CASE_HEADER,
  ...[80, 82, 84, 86, 88, 90, 92, 94].map(
    (g) => `${SCHOOL},MSc Cases,master,2025 Fall,${g >= 87 ? 'admitted' : 'rejected'},${g},100,211,CS,7,,,,,no,`,
  ),
].join('\n');

const api = (s: Session) => client(server.url, { token: s.accessToken });
const APPLICANT = { gpa: 86, gpaScale: 100, schoolTier: '211', ielts: 7, budgetUsd: 60000 };
const student = async (s: Session, name: string) => (await api(s).post('/client-profiles', { name })).body.data.id as string;
const add = (s: Session, body: Record<string, unknown>) => api(s).post('/school-match/shortlist', body);
const listOf = async (s: Session, clientProfileId: string) =>
  (await api(s).get(`/school-match/shortlist?clientProfileId=${clientProfileId}`)).body.data.items as any[];

/** A consultant with this account's cases, a student and a saved run over the three programs. */
async function consultant(name = '清单学生') {
  const me = await login(server.url);
  await upload('/school-match/cases/import', me.accessToken, ownCases);
  const profileId = await student(me, name);
  const run = await api(me).post('/school-match/run', {
    clientProfileId: profileId,
    applicant: APPLICANT,
    programIds: [ids.cases, ids.plain],
  });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  return { me, profileId, result: run.body.data };
}

beforeAll(async () => {
  server = await startTestServer();
  boss = await login(server.url);
  await setRole(server.database.db, boss.phone, 'admin');
  const row = (program: string, rate: string, tuition: string) =>
    `${SCHOOL},${program},虚构项目,master,Fictional Field,United Kingdom,1 year,${tuition},USD,15000,2026-01-15,6.5,6,90,20,85,88,90,80,100,,https://example.org/p,2026-09-01,fixture source,${rate},,`;
  const filler = Array.from({ length: SHORTLIST_MAX }, (_, i) => row(`MSc Filler ${String(i).padStart(2, '0')}`, '', ''));
  await upload(
    '/admin/school-match/programs/import',
    boss.accessToken,
    [PROGRAM_HEADER, row('MSc Cases', '30%', '40000'), row('MSc Plain', '', '30000'), row('MSc Rated', '20%', ''), ...filler].join('\n'),
  );
  for (let page = 1; page <= 4; page++) {
    const listed = await api(boss).get(`/school-match/programs?pageSize=50&page=${page}&query=${encodeURIComponent(SCHOOL)}`);
    for (const p of listed.body.data.items) {
      if (p.program === 'MSc Cases') ids.cases = p.id;
      else if (p.program === 'MSc Plain') ids.plain = p.id;
      else if (p.program === 'MSc Rated') ids.rated = p.id;
      else fillers.push(p.id);
    }
  }
  expect(Object.values(ids).every(Boolean)).toBe(true);
  expect(fillers).toHaveLength(SHORTLIST_MAX);
});
afterAll(() => server.close());

describe('the student’s list', () => {
  it('adds from a run (its band and probability), updates in place, lists by band, removes', async () => {
    const { me, profileId, result } = await consultant();
    const placed = result.items.find((i: any) => i.programId === ids.cases);
    expect(placed.probability).not.toBeNull();

    const added = await add(me, { clientProfileId: profileId, programId: ids.cases, resultId: result.id });
    expect(added).toMatchObject({ status: 201, body: { message: '已加入选校清单' } });
    expect(added.body.data).toMatchObject({
      clientProfileId: profileId,
      programId: ids.cases,
      school: SCHOOL,
      program: 'MSc Cases',
      programZh: '虚构项目',
      degree: 'master',
      country: 'United Kingdom',
      band: placed.band,
      probability: placed.probability,
      resultId: result.id,
      note: null,
    });

    // The same program again: the one row, its band and note changed, the run's probability kept.
    const updated = await add(me, { clientProfileId: profileId, programId: ids.cases, band: 'safety', note: '  家长倾向英国  ' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: added.body.data.id,
      band: 'safety',
      note: '家长倾向英国',
      probability: placed.probability,
      resultId: result.id,
    });
    const plain = await add(me, { clientProfileId: profileId, programId: ids.plain, band: 'reach' });
    expect(plain.status).toBe(201);
    expect(plain.body.data).toMatchObject({ band: 'reach', probability: null, resultId: null });
    const unplaced = await add(me, { clientProfileId: profileId, programId: ids.rated });
    expect(unplaced.body.data).toMatchObject({ band: null, probability: null });

    const items = await listOf(me, profileId);
    expect(items.map((i) => [i.program, i.band])).toEqual([
      ['MSc Plain', 'reach'],
      ['MSc Cases', 'safety'],
      ['MSc Rated', null],
    ]);
    expect(items[1]).toEqual(updated.body.data);
    const rows = await server.database.db.select().from(schoolMatchShortlist).where(eq(schoolMatchShortlist.clientProfileId, profileId));
    expect(rows).toHaveLength(3);

    // A run that did not place the program cannot place it.
    const notInRun = await add(me, { clientProfileId: profileId, programId: ids.rated, resultId: result.id });
    expect(notInRun).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', message: '该选校结果中没有这个项目' } });

    const removed = await api(me).delete(`/school-match/shortlist/${plain.body.data.id}`);
    expect(removed).toMatchObject({ status: 200, body: { message: '已移出选校清单' } });
    expect((await listOf(me, profileId)).map((i) => i.program)).toEqual(['MSc Cases', 'MSc Rated']);
    expect((await api(me).delete(`/school-match/shortlist/${plain.body.data.id}`)).body).toMatchObject({
      code: 'NOT_FOUND',
      message: '选校清单中没有该项目',
    });

    // Deleting the run keeps the list; deleting the student removes it.
    expect((await api(me).delete(`/school-match/results/${result.id}`)).status).toBe(200);
    expect((await listOf(me, profileId)).find((i) => i.program === 'MSc Cases')).toMatchObject({
      resultId: null,
      probability: placed.probability,
    });
    expect((await api(me).delete(`/client-profiles/${profileId}`)).status).toBe(200);
    expect(await server.database.db.select().from(schoolMatchShortlist).where(eq(schoolMatchShortlist.clientProfileId, profileId))).toEqual(
      [],
    );
  });

  it('validates in Chinese', async () => {
    const me = await login(server.url);
    const profileId = await student(me, '校验学生');
    expect((await api(me).get('/school-match/shortlist')).body).toMatchObject({ code: 'VALIDATION_ERROR', message: '请选择学生档案' });
    const cases = [
      [{ programId: ids.cases }, '请选择学生档案'],
      [{ clientProfileId: profileId }, '请选择项目'],
      [{ clientProfileId: profileId, programId: 'x' }, '项目不存在'],
      [{ clientProfileId: profileId, programId: ids.cases, band: 'top' }, '分档应为 reach、match 或 safety'],
      [{ clientProfileId: profileId, programId: ids.cases, note: '长'.repeat(501) }, '备注不能超过500个字符'],
    ] as const;
    for (const [body, message] of cases) {
      expect(await add(me, body)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', message } });
    }
    expect(await listOf(me, profileId)).toEqual([]);
  });

  it('another account’s student, run, row or private program is 404 and changes nothing', async () => {
    const { me, profileId, result } = await consultant();
    const mine = await add(me, { clientProfileId: profileId, programId: ids.cases, resultId: result.id, note: '我的' });
    expect(mine.status).toBe(201);
    const before = await listOf(me, profileId);

    const other = await login(server.url);
    const theirStudent = await student(other, '别人的学生');
    expect((await api(other).get(`/school-match/shortlist?clientProfileId=${profileId}`)).body).toMatchObject({
      code: 'NOT_FOUND',
      message: '学生档案不存在',
    });
    expect(await add(other, { clientProfileId: profileId, programId: ids.plain })).toMatchObject({
      status: 404,
      body: { message: '学生档案不存在' },
    });
    expect(await add(other, { clientProfileId: theirStudent, programId: ids.cases, resultId: result.id })).toMatchObject({
      status: 404,
      body: { message: '选校结果不存在' },
    });
    expect(await api(other).delete(`/school-match/shortlist/${mine.body.data.id}`)).toMatchObject({
      status: 404,
      body: { message: '选校清单中没有该项目' },
    });

    // A program of another account's own catalogue (added through its case) is not visible.
    await upload(
      '/school-match/cases/import',
      other.accessToken,
      `${CASE_HEADER}\nPrivate List Univ ${tag},MSc Theirs,master,,admitted,,,,,,,,,,,`,
    );
    const theirs = (await api(other).get(`/school-match/programs?query=${encodeURIComponent(`Private List Univ ${tag}`)}`)).body.data
      .items[0];
    expect(theirs).toMatchObject({ shared: false });
    expect(await add(me, { clientProfileId: profileId, programId: theirs.id })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: '项目不存在' },
    });
    expect((await add(other, { clientProfileId: theirStudent, programId: theirs.id })).status).toBe(201);

    expect(await listOf(me, profileId)).toEqual(before);
    expect(await listOf(other, theirStudent)).toHaveLength(1);
  });

  it(`holds at most ${SHORTLIST_MAX} programs per student; re-adding one already there still updates it`, async () => {
    const me = await login(server.url);
    const profileId = await student(me, '满额学生');
    const other = await student(me, '另一个学生');
    // Filled directly: the limit is what is tested, not sixty requests.
    await server.database.db
      .insert(schoolMatchShortlist)
      .values(fillers.map((programId) => ({ userId: me.user.id, clientProfileId: profileId, programId })));
    const full = await add(me, { clientProfileId: profileId, programId: ids.cases });
    expect(full).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: `每位学生的选校清单最多${SHORTLIST_MAX}个项目，请先移出不需要的项目` },
    });
    const again = await add(me, { clientProfileId: profileId, programId: fillers[0], band: 'match' });
    expect(again).toMatchObject({ status: 200, body: { data: { band: 'match' } } });
    expect(await listOf(me, profileId)).toHaveLength(SHORTLIST_MAX);
    // The limit is per student.
    expect((await add(me, { clientProfileId: other, programId: ids.cases })).status).toBe(201);
  });

  it('moves with its account when accounts merge, onto the kept account’s copy of a program both added', async () => {
    const phoneAccount = await login(server.url);
    const wechat = await login(server.url);
    const dup = { school: `Merge Univ ${tag}`, program: 'MSc Both', degree: 'master', result: 'admitted' };
    const kept = (await api(phoneAccount).post('/school-match/cases', dup)).body.data.programId as string;
    const merged = (await api(wechat).post('/school-match/cases', dup)).body.data.programId as string;
    expect(merged).not.toBe(kept);
    const profileId = await student(wechat, '微信账号的清单学生');
    expect((await add(wechat, { clientProfileId: profileId, programId: merged, band: 'reach' })).status).toBe(201);
    expect((await add(wechat, { clientProfileId: profileId, programId: ids.plain })).status).toBe(201);
    await server.database.db
      .update(users)
      .set({ phone: null, wechatOpenid: `o-test-${randomBytes(6).toString('hex')}` })
      .where(eq(users.id, wechat.user.id));

    await mergeAccounts(server.database.db, { phoneAccountId: phoneAccount.user.id, wechatAccountId: wechat.user.id });

    const items = await listOf(phoneAccount, profileId);
    expect(items.map((i) => [i.programId, i.band])).toEqual([
      [kept, 'reach'],
      [ids.plain, null],
    ]);
    const rows = await server.database.db.select().from(schoolMatchShortlist).where(eq(schoolMatchShortlist.clientProfileId, profileId));
    expect(rows.every((r) => r.userId === phoneAccount.user.id)).toBe(true);
  });
});

describe('GET /school-match/results/:id/export', () => {
  it('writes the run as a Word document and an Excel sheet, for its owner only', async () => {
    const { me, result } = await consultant('导出学生');
    const day = new Date(new Date(result.createdAt).getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

    const docx = await download(`/school-match/results/${result.id}/export?format=docx`, me.accessToken);
    expect(docx.res.status).toBe(200);
    expect(docx.res.headers.get('content-type')).toContain('wordprocessingml');
    expect(docx.bytes.subarray(0, 2).toString()).toBe('PK');
    const disposition = docx.res.headers.get('content-disposition')!;
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!)).toBe(`选校方案-导出学生-${day}.docx`);
    const text = docxParagraphs((await unzip(docx.bytes)).get('word/document.xml')!).join('\n');
    expect(text).toContain('选校方案 · 导出学生');
    expect(text).toContain(SCHOOL);
    expect(text).toContain('MSc Cases（虚构项目）');
    expect(text).toContain('无足够数据，仅比对要求');
    expect(text).toContain('本机构案例');
    expect(text).toContain('来源：fixture source；核实日期：2026-09-01');
    expect(text).toContain('GPA：86 / 100');
    expect(text).toMatch(/冲刺（\d）/);
    expect(text).toContain('数据来源与核实日期均取自项目库');

    const xlsx = await download(`/school-match/results/${result.id}/export?format=xlsx`, me.accessToken);
    expect(xlsx.res.status).toBe(200);
    expect(xlsx.res.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(xlsx.res.headers.get('content-disposition')!.split("filename*=UTF-8''")[1]!)).toBe(
      `选校方案-导出学生-${day}.xlsx`,
    );
    const files = unzipSync(new Uint8Array(xlsx.bytes));
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="选校清单"');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const rows = [...sheet.matchAll(/<row r="(\d+)">([\s\S]*?)<\/row>/g)].map((m) =>
      [...m[2]!.matchAll(/<t xml:space="preserve">([^<]*)<\/t>|<v>([^<]*)<\/v>/g)].map((c) => c[1] ?? Number(c[2])),
    );
    expect(rows[0]).toEqual([
      '学校',
      '项目',
      '中文名',
      '学位',
      '国家',
      '分档',
      '概率下限',
      '概率中值',
      '概率上限',
      '方法',
      '差距',
      '学费(美元)',
      '生活费(美元)',
      '是否在预算内',
    ]);
    expect(rows).toHaveLength(3);
    const cases = result.items.find((i: any) => i.programId === ids.cases);
    const casesRow = rows.find((r) => r[1] === 'MSc Cases')!;
    expect(casesRow.slice(0, 10)).toEqual([
      SCHOOL,
      'MSc Cases',
      '虚构项目',
      '硕士',
      'United Kingdom',
      { reach: '冲刺', match: '匹配', safety: '保底' }[cases.band as string],
      cases.probability.low,
      cases.probability.mid,
      cases.probability.high,
      '本机构案例',
    ]);
    expect(casesRow.slice(-3)).toEqual([40000, 15000, '是']);

    const other = await login(server.url);
    const stolen = await download(`/school-match/results/${result.id}/export?format=docx`, other.accessToken);
    expect(stolen.res.status).toBe(404);
    expect(JSON.parse(stolen.bytes.toString())).toMatchObject({ code: 'NOT_FOUND', message: '选校结果不存在' });
    const bad = await download(`/school-match/results/${result.id}/export?format=pdf`, me.accessToken);
    expect(bad.res.status).toBe(400);
    expect(JSON.parse(bad.bytes.toString())).toMatchObject({ code: 'VALIDATION_ERROR', message: '导出格式只能是 docx 或 xlsx' });
    const none = await download(`/school-match/results/${result.id}/export`, me.accessToken);
    expect(JSON.parse(none.bytes.toString())).toMatchObject({ message: '导出格式只能是 docx 或 xlsx' });
  });

  it('names the file 申请人 when the run was for no student', async () => {
    const me = await login(server.url);
    const run = await api(me).post('/school-match/run', { applicant: APPLICANT, programIds: [ids.plain] });
    expect(run.status).toBe(201);
    const { res } = await download(`/school-match/results/${run.body.data.id}/export?format=xlsx`, me.accessToken);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(res.headers.get('content-disposition')!)).toContain('选校方案-申请人-');
  });
});
