import { and, eq, sql } from 'drizzle-orm';
import { operationLogs, pointsLedger } from '../../db/schema';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { setRole } from '../../server/domain/users';
import { client, login, startTestServer, uploadCsv, type TestServer } from './harness';

// 选校 runs (issue 26, ADR 0052) over real HTTP: charged once through the price table, saved,
// listed, refunded when the work fails, and never moved by another account's cases.
// Every school and program is fictional: no requirement data is written from memory.

let server: TestServer;
type Session = Awaited<ReturnType<typeof login>>;
let boss: Session;
const tag = Math.random().toString(36).slice(2, 8);
const FIELD = `Fictional Field ${tag}`;
const SCHOOL = `Fictional Run Univ ${tag}`;
const ids: Record<'cases' | 'plain' | 'rated', string> = { cases: '', plain: '', rated: '' };

const upload = (path: string, token: string, csv: string) => uploadCsv(server.url, path, token, csv);

const PROGRAM_HEADER =
  'school,program,program_zh,degree,field,country,duration,tuition,tuition_currency,living_cost,deadlines,ielts_overall,ielts_min_band,toefl_total,toefl_min_section,gpa_985,gpa_211,gpa_shuangfei,gpa_overseas,gpa_scale,tests_required,official_url,verified_at,source,admission_rate,ranking,ranking_source';
const CASE_HEADER = 'school,program,degree,term,result,gpa,gpa_scale,school_tier,major,ielts,toefl,gre_v,gre_q,gmat,international,notes';

/** This account's outcomes on MSc Cases: better GPAs admitted, weaker ones rejected. */
const ownCases = (gpas: number[], result: (gpa: number) => string) =>
  [CASE_HEADER, ...gpas.map((g) => `${SCHOOL},MSc Cases,master,2025 Fall,${result(g)},${g},100,211,CS,7,,,,,no,`)].join('\n');

const api = (s: Session) => client(server.url, { token: s.accessToken });
const balanceOf = async (s: Session) => (await api(s).get('/user/info')).body.data.total_points as number;
const consumptions = (userId: string) =>
  server.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.source, 'school_match')));
const APPLICANT = { gpa: 86, gpaScale: 100, schoolTier: '211', ielts: 7, budgetUsd: 60000 };
const run = (s: Session, body: Record<string, unknown>) => api(s).post('/school-match/run', body);

beforeAll(async () => {
  server = await startTestServer();
  boss = await login(server.url);
  await setRole(server.database.db, boss.phone, 'admin');
  const row = (program: string, rate: string, tuition: string) =>
    `${SCHOOL},${program},虚构项目,master,${FIELD},United Kingdom,1 year,${tuition},USD,15000,2026-01-15,6.5,6,90,20,85,88,90,80,100,,https://example.org/p,2026-09-01,fixture,${rate},,`;
  await upload(
    '/admin/school-match/programs/import',
    boss.accessToken,
    [PROGRAM_HEADER, row('MSc Cases', '30%', '40000'), row('MSc Plain', '', '30000'), row('MSc Rated', '20%', '')].join('\n'),
  );
  const listed = await api(boss).get(`/school-match/programs?pageSize=50&query=${encodeURIComponent(SCHOOL)}`);
  for (const p of listed.body.data.items) {
    if (p.program === 'MSc Cases') ids.cases = p.id;
    if (p.program === 'MSc Plain') ids.plain = p.id;
    if (p.program === 'MSc Rated') ids.rated = p.id;
  }
  expect(Object.values(ids).every(Boolean)).toBe(true);
});
afterAll(() => server.close());

describe('POST /school-match/run', () => {
  it('is charged once through the price table (选校), saved with its operation log, listed, read and deleted by its owner only', async () => {
    const table = await client(server.url).get('/points/price-table');
    const price = table.body.data.items.find((i: any) => i.operation === 'school_match');
    expect(price).toMatchObject({ label: '选校', points: 5, pointsPer1000Chars: 0 });

    const me = await login(server.url);
    await upload(
      '/school-match/cases/import',
      me.accessToken,
      ownCases([80, 82, 84, 86, 88, 90, 92, 94], (g) => (g >= 87 ? 'admitted' : 'rejected')),
    );
    const student = await api(me).post('/client-profiles', { name: '选校测试' });
    const before = await balanceOf(me);
    const res = await run(me, {
      clientProfileId: student.body.data.id,
      applicant: APPLICANT,
      programIds: [ids.cases, ids.plain, ids.rated],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = res.body.data;
    expect(data.items.map((i: any) => [i.programId, i.method])).toEqual([
      [ids.cases, 'cases'],
      [ids.plain, 'requirements'],
      [ids.rated, 'requirements'],
    ]);
    const [cases, plain] = data.items;
    expect(cases).toMatchObject({
      school: SCHOOL,
      program: 'MSc Cases',
      degree: 'master',
      band: expect.stringMatching(/reach|match|safety/),
    });
    expect(cases.probability.low).toBeLessThanOrEqual(cases.probability.mid);
    expect(cases.probability.mid).toBeLessThanOrEqual(cases.probability.high);
    expect(cases.evidence.some((e: any) => e.kind === 'case_record' && e.cases === 8)).toBe(true);
    expect(cases.cost).toMatchObject({ tuitionUsd: 40000, livingUsd: 15000, totalUsd: 55000, withinBudget: true });
    expect(plain.probability).toBeNull();
    expect(data.methods).toEqual({ cases: 1, scorecard: 0, requirements: 2 });
    expect(data.summary.map((b: any) => b.band)).toEqual(['reach', 'match', 'safety']);
    expect(data.summary.flatMap((b: any) => b.lines)).toHaveLength(3);
    expect(data.summary.flatMap((b: any) => b.lines).join('\n')).toContain('MSc Plain：未给出概率');

    expect(await balanceOf(me)).toBeCloseTo(before - 5, 2);
    const rows = await consumptions(me.user.id);
    expect(rows.map((r) => [r.type, r.status, r.pointsCents])).toEqual([['consumption', 'success', -500]]);
    const [log] = await server.database.db.select().from(operationLogs).where(eq(operationLogs.relatedResourceId, data.id));
    expect(log).toMatchObject({ userId: me.user.id, relatedResourceType: 'school_match_result', operationResult: 'success' });

    const listed = await api(me).get(`/school-match/results?clientProfileId=${student.body.data.id}`);
    expect(listed.body.data).toMatchObject({ total: 1, items: [{ id: data.id, programs: 3, methods: data.methods }] });
    expect((await api(me).get('/school-match/results')).body.data.total).toBe(1);
    expect((await api(me).get(`/school-match/results/${data.id}`)).body.data).toEqual(data);

    const other = await login(server.url);
    expect((await api(other).get(`/school-match/results/${data.id}`)).status).toBe(404);
    expect((await api(other).delete(`/school-match/results/${data.id}`)).status).toBe(404);
    expect((await api(other).get('/school-match/results')).body.data.total).toBe(0);
    expect((await api(me).delete(`/school-match/results/${data.id}`)).status).toBe(200);
    expect((await api(me).get(`/school-match/results/${data.id}`)).body).toMatchObject({ code: 'NOT_FOUND', message: '选校结果不存在' });
  });

  it('searches the catalogue by the applicant’s targets, within the limit, and is deterministic', async () => {
    const me = await login(server.url);
    const body = { applicant: { ...APPLICANT, degree: 'master', countries: ['united kingdom'], fields: [FIELD] }, limit: 2 };
    const first = await run(me, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.items).toHaveLength(2);
    const all = await run(me, { ...body, limit: 50 });
    expect(all.body.data.items.map((i: any) => i.program).sort()).toEqual(['MSc Cases', 'MSc Plain', 'MSc Rated']);
    const again = await run(me, { ...body, limit: 50 });
    expect(again.body.data.items).toEqual(all.body.data.items);
    // The country as a consultant types it: 英国 and UK are United Kingdom.
    const typed = await run(me, { ...body, applicant: { ...body.applicant, countries: ['英国', 'UK'] }, limit: 50 });
    expect(typed.body.data.items.map((i: any) => i.programId)).toEqual(all.body.data.items.map((i: any) => i.programId));
    const none = await run(me, { applicant: { ...APPLICANT, fields: [`${FIELD} nothing`] } });
    expect(none).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', message: expect.stringContaining('没有符合') } });
  });

  it('one account’s cases never change another account’s results', async () => {
    const a = await login(server.url);
    const b = await login(server.url);
    await upload(
      '/school-match/cases/import',
      a.accessToken,
      ownCases([80, 83, 86, 89, 92, 95], (g) => (g >= 90 ? 'admitted' : 'rejected')),
    );
    const body = { applicant: { ...APPLICANT, gpa: 85 }, programIds: [ids.cases, ids.rated] };
    const before = await run(a, body);
    // B's library says everyone with a low GPA is admitted to both programs: shared, it would raise A's numbers.
    const lenient = [CASE_HEADER]
      .concat(
        [60, 62, 64, 66, 68, 70, 72, 74, 76, 78].flatMap((g) => [
          `${SCHOOL},MSc Cases,master,2025 Fall,admitted,${g},100,双非,CS,6,,,,,no,`,
          `${SCHOOL},MSc Rated,master,2025 Fall,admitted,${g},100,双非,CS,6,,,,,no,`,
        ]),
      )
      .join('\n');
    expect((await upload('/school-match/cases/import', b.accessToken, lenient)).imported).toBe(20);
    const bRun = await run(b, body);
    expect(bRun.body.data.items.map((i: any) => i.method)).toEqual(['cases', 'cases']);
    expect(bRun.body.data.items[0].probability.mid).toBeGreaterThan(before.body.data.items[0].probability.mid);
    const after = await run(a, body);
    expect(after.body.data.items).toEqual(before.body.data.items);
    expect(after.body.data.items.map((i: any) => i.method)).toEqual(['cases', 'requirements']);
  });

  it('refuses another account’s own program or student with 404, charging nothing', async () => {
    const a = await login(server.url);
    const b = await login(server.url);
    await upload('/school-match/cases/import', b.accessToken, `${CASE_HEADER}\nPrivate Univ ${tag},MSc Theirs,master,,admitted,,,,,,,,,,,`);
    const theirs = await api(b).get(`/school-match/programs?query=${encodeURIComponent(`Private Univ ${tag}`)}`);
    const program = theirs.body.data.items[0];
    expect(program).toMatchObject({ shared: false });
    const student = await api(b).post('/client-profiles', { name: '别人的学生' });
    const before = await balanceOf(a);
    const refused = await run(a, { applicant: APPLICANT, programIds: [ids.cases, program.id] });
    expect(refused).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: '项目不存在' } });
    const notMine = await run(a, { clientProfileId: student.body.data.id, applicant: APPLICANT, programIds: [ids.cases] });
    expect(notMine).toMatchObject({ status: 404, body: { message: '学生档案不存在' } });
    expect(await balanceOf(a)).toBe(before);
    expect(await consumptions(a.user.id)).toEqual([]);
    expect((await run(b, { applicant: APPLICANT, programIds: [program.id] })).status).toBe(201);
  });

  it('validates in Chinese before any charge', async () => {
    const me = await login(server.url);
    const cases = [
      [{ applicant: { gpa: 3.5, gpaScale: 3 }, programIds: [ids.cases] }, 'GPA 满分应为 4、4.3、4.5、5、10、100 之一'],
      [{ applicant: {}, programIds: [ids.cases] }, '请填写 GPA'],
      [{ programIds: [ids.cases] }, '请填写申请人信息'],
      [{ applicant: { gpa: 4.2, gpaScale: 4 } }, 'GPA 不能大于满分'],
      [{ applicant: APPLICANT, programIds: [] }, '请至少选择一个项目'],
      [{ applicant: APPLICANT, limit: 51 }, 'limit 不能大于50'],
    ] as const;
    for (const [body, message] of cases) {
      expect(await run(me, body)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR', message } });
    }
    expect(await consumptions(me.user.id)).toEqual([]);
  });

  it('without enough points: 402 and nothing changes', async () => {
    const me = await login(server.url);
    await api(boss).post('/admin/points/adjust', { phone: me.phone, points: -((await balanceOf(me)) - 4), reason: '余额不足测试' });
    const res = await run(me, { applicant: APPLICANT, programIds: [ids.cases] });
    expect(res).toMatchObject({ status: 402, body: { code: 'INSUFFICIENT_POINTS', data: { shortage: { required: 5, available: 4 } } } });
    expect(await balanceOf(me)).toBe(4);
    expect(await consumptions(me.user.id)).toEqual([]);
    expect((await api(me).get('/school-match/results')).body.data.total).toBe(0);
  });

  it('a run that fails after the charge is refunded: balance unchanged, nothing saved, the ledger exact', async () => {
    const me = await login(server.url);
    const { db } = server.database;
    // A trigger refusing this user's save stands in for the work failing after the reservation.
    await db.execute(
      sql.raw(`create or replace function lx_match_save_fails() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger lx_match_save_fails before insert on school_match_results for each row
        when (new.user_id = '${me.user.id}') execute function lx_match_save_fails()`),
    );
    try {
      const before = await balanceOf(me);
      const res = await run(me, { applicant: APPLICANT, programIds: [ids.cases] });
      expect(res).toMatchObject({ status: 500, body: { code: 'INTERNAL_ERROR', message: '选校失败，积分已退还，请重试' } });
      expect(await balanceOf(me)).toBe(before);
      const rows = await consumptions(me.user.id);
      expect(rows.map((r) => [r.type, r.status, r.pointsCents]).sort()).toEqual([
        ['consumption', 'failed', -500],
        ['refund', 'success', 500],
      ]);
      expect((await api(me).get('/school-match/results')).body.data.total).toBe(0);
      expect(await ledgerMismatches(db)).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger if exists lx_match_save_fails on school_match_results'));
    }
    expect((await run(me, { applicant: APPLICANT, programIds: [ids.cases] })).status).toBe(201);
  });
});
