import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase } from '../../db/client';
import { institutions, schoolCatalogueVersions, schoolPrograms } from '../../db/schema';
import { moveCaseLibrary } from '../../server/domain/school-match/cases';
import { CATALOGUE_VERSION, isStale, loadCatalogue } from '../../server/domain/school-match/catalogue';
import { setRole } from '../../server/domain/users';
import { gbk } from '../fixtures/gbk';
import { client, login, randomIp, startTestServer, type TestServer } from './harness';

// 选校 data (issue 26): the catalogue, the programs import and the case library over real HTTP.
// Every school and program here is fictional: no requirement data is written from memory.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Session = Awaited<ReturnType<typeof login>>;
const utf8 = (text: string) => new TextEncoder().encode(text);

async function upload(path: string, token: string, bytes: Uint8Array, fields: Record<string, string> = {}, filename = 'data.csv') {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), filename);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': randomIp() },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; code?: string; message?: string; data: any } };
}
const importCases = (s: Session, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  upload('/school-match/cases/import', s.accessToken, bytes, fields);
const importPrograms = (s: Session, bytes: Uint8Array, fields: Record<string, string> = {}) =>
  upload('/admin/school-match/programs/import', s.accessToken, bytes, fields);
const api = (s: Session) => {
  const c = client(server.url, { token: s.accessToken });
  return {
    ...c,
    cases: () => c.get('/school-match/cases?pageSize=50'),
    programs: (q = '') => c.get(`/school-match/programs?pageSize=50${q}`),
  };
};
const admin = async () => {
  const session = await login(server.url);
  await setRole(server.database.db, session.phone, 'admin');
  return session;
};
/** A school name no other test uses, so lists can be read by it. */
const fictional = (label: string) => `Fictional ${label} Univ ${Math.random().toString(36).slice(2, 8)}`;

const CASE_HEADER =
  'school,program,degree,term,result,gpa,gpa_scale,school_tier,major,ielts,toefl,gre_v,gre_q,gmat,international,notes,advisor';

describe('case import', () => {
  it('lists bad rows by number, writes nothing on a dry run, then imports the good rows once', async () => {
    const me = await login(server.url);
    const school = fictional('Case');
    const csv = [
      CASE_HEADER,
      `${school},MSc Imaginary Science,master,2025 Fall,admitted,3.7,4,211,CS,7,,,,,no,first,Wang`,
      `${school},MSc Imaginary Science,masters,2025 Fall,admitted,,,,,,,,,,,,`,
      `,MSc Imaginary Science,master,,rejected,,,,,,,,,,,,`,
      `${school},MSc Imaginary Science,master,2025 Fall,rejected,88,100,双非,CS,6.3,,,,,maybe,,`,
      `${school},MA Pretend Studies,master,2025 Fall,waitlisted,85,,海本,,,100,155,165,,yes,,`,
    ].join('\n');
    const dry = await importCases(me, utf8(csv), { dryRun: 'true' });
    expect(dry.status).toBe(200);
    expect(dry.body.data.imported).toBe(2);
    expect(dry.body.data.skipped).toBe(3);
    expect(dry.body.data.errors.map((e: any) => e.row)).toEqual([3, 4, 5]);
    expect(dry.body.data.errors[0].message).toMatch(/^第3行：degree/);
    expect(dry.body.data.errors[1].message).toContain('缺少 school');
    expect(dry.body.data.errors[2].message).toMatch(/ielts.*international/);
    expect((await api(me).cases()).body.data.total).toBe(0);
    expect((await api(me).programs(`&query=${encodeURIComponent(school)}`)).body.data.total).toBe(0);

    const real = await importCases(me, utf8(csv));
    expect(real.body.data).toMatchObject({ imported: 2, skipped: 3 });
    const cases = (await api(me).cases()).body.data;
    expect(cases.total).toBe(2);
    const waitlisted = cases.items.find((c: any) => c.result === 'waitlisted');
    expect(waitlisted).toMatchObject({
      school,
      program: 'MA Pretend Studies',
      degree: 'master',
      gpa: 85,
      gpaScale: 100,
      schoolTier: '海本',
    });
    expect(waitlisted).toMatchObject({ toefl: 100, greV: 155, greQ: 165, international: true, ielts: null, notes: null });
    // The programs the catalogue lacked are now this account's own.
    const programs = (await api(me).programs(`&query=${encodeURIComponent(school)}`)).body.data;
    expect(programs.items.map((p: any) => [p.program, p.shared, p.casesCount])).toEqual([
      ['MA Pretend Studies', false, 1],
      ['MSc Imaginary Science', false, 1],
    ]);

    // The same file again adds nothing.
    const again = await importCases(me, utf8(csv));
    expect(again.body.data).toMatchObject({ imported: 0, skipped: 5 });
    expect((await api(me).cases()).body.data.total).toBe(2);
  });

  it('reads GBK and UTF-8 with a BOM, and Chinese values in either', async () => {
    const me = await login(server.url);
    const school = fictional('Gbk');
    const csv = `school,program,degree,result,school_tier,notes\n${school},MSc Mock,硕士,录取,双非,测试备注\n`;
    const gbkFile = await importCases(me, gbk(csv));
    expect(gbkFile.body.data).toEqual({ imported: 1, skipped: 0, errors: [] });
    const bom = await importCases(me, new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(csv.replace('MSc Mock', 'MSc Mock Two'))]));
    expect(bom.body.data).toEqual({ imported: 1, skipped: 0, errors: [] });
    const items = (await api(me).cases()).body.data.items;
    const rows = items.map((c: any) => [c.program, c.degree, c.result, c.schoolTier, c.notes]);
    expect(rows.sort((x: string[], y: string[]) => x[0]!.localeCompare(y[0]!))).toEqual([
      ['MSc Mock', 'master', 'admitted', '双非', '测试备注'],
      ['MSc Mock Two', 'master', 'admitted', '双非', '测试备注'],
    ]);
  });

  it('refuses a file without a required column, a binary file named .csv, and an empty upload', async () => {
    const me = await login(server.url);
    const missing = await importCases(me, utf8('school,program,degree,gpa\nA,B,master,3\n'));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'FILE_INVALID', message: expect.stringContaining('缺少必填列：result') });
    const binary = await importCases(me, new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0x10]));
    expect(binary.status).toBe(400);
    expect(binary.body.message).toContain('不是文本格式的 CSV');
    const xlsx = await importCases(me, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]));
    expect(xlsx.body.message).toContain('另存为 CSV');
    const empty = await importCases(me, new Uint8Array());
    expect(empty.status).toBe(400);
    expect((await api(me).cases()).body.data.total).toBe(0);
  });
});

describe('one account never sees another account’s cases or programs', () => {
  it('lists, deletes and counts per account', async () => {
    const [a, b] = await Promise.all([login(server.url), login(server.url)]);
    const school = fictional('Private');
    const created = await api(a).post('/school-match/cases', {
      school,
      program: 'MSc Secret',
      degree: 'master',
      result: 'admitted',
      gpa: 3.5,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ school, program: 'MSc Secret', result: 'admitted', gpa: 3.5, gpaScale: 4 });
    const caseId = created.body.data.id;
    const programId = created.body.data.programId;

    expect((await api(b).cases()).body.data.total).toBe(0);
    expect((await api(b).programs(`&query=${encodeURIComponent(school)}`)).body.data.total).toBe(0);
    expect((await api(b).delete(`/school-match/cases/${caseId}`)).status).toBe(404);
    // Another account's own program cannot be named by id either.
    const byId = await api(b).post('/school-match/cases', { programId, result: 'rejected' });
    expect(byId.status).toBe(404);
    // B naming the same program by name gets a program of its own, counted for B only.
    await api(b).post('/school-match/cases', { school, program: 'MSc Secret', degree: 'master', result: 'rejected' });
    const bPrograms = (await api(b).programs(`&query=${encodeURIComponent(school)}`)).body.data.items;
    expect(bPrograms).toHaveLength(1);
    expect(bPrograms[0].id).not.toBe(programId);
    expect(bPrograms[0].casesCount).toBe(1);
    expect((await api(a).programs(`&query=${encodeURIComponent(school)}`)).body.data.items.map((p: any) => p.casesCount)).toEqual([1]);

    expect((await api(a).delete(`/school-match/cases/${caseId}`)).status).toBe(200);
    expect((await api(a).cases()).body.data.total).toBe(0);
    expect((await api(b).cases()).body.data.total).toBe(1);
  });

  it('moves with an account merge: a program both added becomes one, an imported file stays imported once', async () => {
    const [kept, merged] = await Promise.all([login(server.url), login(server.url)]);
    const school = fictional('Merge');
    const csv = utf8(`school,program,degree,result\n${school},MSc Both,master,admitted\n${school},MSc Theirs,master,rejected\n`);
    await importCases(kept, csv);
    await importCases(merged, csv);
    await server.database.db.transaction((tx) => moveCaseLibrary(tx as never, merged.user.id, kept.user.id));
    expect((await api(merged).cases()).body.data.total).toBe(0);
    expect((await api(kept).cases()).body.data.total).toBe(4);
    const programs = (await api(kept).programs(`&query=${encodeURIComponent(school)}`)).body.data.items;
    expect(programs.map((p: any) => [p.program, p.casesCount])).toEqual([
      ['MSc Both', 2],
      ['MSc Theirs', 2],
    ]);
    expect((await importCases(kept, csv)).body.data).toMatchObject({ imported: 0, skipped: 2 });
  });

  it('validates a single case', async () => {
    const me = await login(server.url);
    const bad = await api(me).post('/school-match/cases', { school: 'X', program: 'Y', degree: 'master', result: 'accepted' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('admitted');
    const noProgram = await api(me).post('/school-match/cases', { result: 'admitted' });
    expect(noProgram.body.message).toContain('请选择项目');
    const anonymous = await client(server.url).get('/school-match/cases');
    expect(anonymous.status).toBe(401);
  });
});

const PROGRAM_HEADER =
  'school,program,program_zh,degree,field,country,duration,tuition,tuition_currency,living_cost,deadlines,ielts_overall,ielts_min_band,toefl_total,toefl_min_section,gpa_985,gpa_211,gpa_shuangfei,gpa_overseas,gpa_scale,tests_required,official_url,verified_at,source,admission_rate,ranking,ranking_source';

describe('programs import (administrators)', () => {
  it('is refused to a user who is not an administrator', async () => {
    const me = await login(server.url);
    const res = await importPrograms(me, utf8(`${PROGRAM_HEADER}\n`));
    expect(res.status).toBe(403);
  });

  it('validates rows by number, dry-runs, imports idempotently by key and updates a changed row', async () => {
    const boss = await admin();
    const school = fictional('Catalogue');
    const row = (program: string, ielts = '6.5') =>
      `${school},${program},虚构项目,master,Testing,United Kingdom,1 year,30000,GBP,12000,2026-01-15;2026-03-31,${ielts},6,90,20,85,88,90,80,100,GRE,https://example.org/p,2026-09-01,fixture,35%,12,Fixture Ranking 2026`;
    const csv = [
      PROGRAM_HEADER,
      row('MSc Alpha'),
      row('MSc Beta'),
      `${school},MSc Gamma,,master,,,,,,,2026-02-30,7.2,,,,,,,,,TOEIC,ftp://x,2026-09-01,fixture,1.5,5,`,
      row('MSc Alpha'),
    ].join('\n');
    const dry = await importPrograms(boss, utf8(csv), { dryRun: 'true' });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ imported: 2, updated: 0, skipped: 2 });
    expect(dry.body.data.errors.map((e: any) => e.row)).toEqual([4, 5]);
    expect(dry.body.data.errors[0].message).toMatch(
      /第4行：deadlines.*tests_required.*“TOEIC”.*official_url.*admission_rate.*ielts_overall.*ranking_source/,
    );
    expect(dry.body.data.errors[1].message).toContain('与第2行是同一项目');
    const [{ n }] = await server.database.db.select({ n: count() }).from(schoolPrograms).where(eq(schoolPrograms.school, school));
    expect(n).toBe(0);

    expect((await importPrograms(boss, utf8(csv))).body.data).toMatchObject({ imported: 2, updated: 0, skipped: 2 });
    expect((await importPrograms(boss, utf8(csv))).body.data).toMatchObject({ imported: 0, updated: 0, skipped: 4 });
    const changed = [PROGRAM_HEADER, row('MSc Alpha', '7'), row('MSc Beta')].join('\n');
    expect((await importPrograms(boss, utf8(changed))).body.data).toMatchObject({ imported: 0, updated: 1, skipped: 1 });

    const someone = await login(server.url);
    const listed = (await api(someone).programs(`&query=${encodeURIComponent(school)}&degree=master`)).body.data;
    expect(listed.total).toBe(2);
    expect(listed.items[0]).toMatchObject({
      school,
      program: 'MSc Alpha',
      programZh: '虚构项目',
      degree: 'master',
      country: 'United Kingdom',
      tuition: 30000,
      tuitionCurrency: 'GBP',
      deadlines: ['2026-01-15', '2026-03-31'],
      ieltsOverall: 7,
      ieltsMinBand: 6,
      toeflTotal: 90,
      toeflMinSection: 20,
      gpa985: 85,
      gpa211: 88,
      gpaShuangfei: 90,
      gpaOverseas: 80,
      gpaScale: 100,
      livingCost: 12000,
      admissionRate: 0.35,
      testsRequired: ['gre'],
      verifiedAt: '2026-09-01',
      source: 'fixture',
      ranking: 12,
      rankingSource: 'Fixture Ranking 2026',
      shared: true,
      casesCount: 0,
    });
    expect((await api(someone).programs(`&query=${encodeURIComponent(school)}&degree=phd`)).body.data.total).toBe(0);
  });

  it('takes over an account’s own copy of a program it adds: the cases follow, still the account’s own', async () => {
    const me = await login(server.url);
    const school = fictional('Takeover');
    await api(me).post('/school-match/cases', { school, program: 'MSc Later', degree: 'master', result: 'admitted' });
    const boss = await admin();
    const csv = `school,program,degree,source,verified_at\n${school},MSc Later,master,fixture,2026-09-01\n`;
    expect((await importPrograms(boss, utf8(csv))).body.data).toMatchObject({ imported: 1 });
    const mine = (await api(me).programs(`&query=${encodeURIComponent(school)}`)).body.data.items;
    expect(mine.map((p: any) => [p.shared, p.casesCount])).toEqual([[true, 1]]);
    expect((await api(boss).programs(`&query=${encodeURIComponent(school)}`)).body.data.items.map((p: any) => p.casesCount)).toEqual([0]);
    expect((await api(me).cases()).body.data.items[0].programId).toBe(mine[0].id);
  });
});

describe('catalogue', () => {
  it('lists institutions with their source, verified date and stale flag', async () => {
    const me = await login(server.url);
    const res = await api(me).get('/school-match/institutions?query=Alabama%20A%20%26%20M&country=US');
    expect(res.status).toBe(200);
    const item = res.body.data.items.find((i: any) => i.name === 'Alabama A & M University');
    expect(item).toMatchObject({ country: 'United States', city: 'Normal', state: 'AL', control: 'Public', source: 'scorecard+hipo' });
    expect(item).toMatchObject({ admissionRateYear: '2022-23', satMath25: 400, tuitionYear: '2022-23', verifiedAt: '2025-01-16' });
    expect(item.admissionRate).toBeCloseTo(0.684, 3);
    expect(item.stale).toBe(isStale('2025-01-16'));
    // A program of a catalogue school is linked to it (the name as people write it).
    const boss = await admin();
    // Named afresh each run: the shared catalogue outlives a run on a reused PostgreSQL database.
    const name = `BSc Fixture Studies ${randomInt(1e9)}`;
    const csv = `school,program,degree,country,source,verified_at\nalabama a&m university,${name},bachelor,United States,fixture,2026-09-01\n`;
    expect((await importPrograms(boss, utf8(csv))).body.data.imported).toBe(1);
    const linked = (await api(me).programs(`&query=${encodeURIComponent(name)}`)).body.data.items;
    expect(linked.map((p: any) => p.institutionId)).toEqual([item.id]);
    // A country as a consultant types it finds every spelling of it (US, United States, 美国).
    for (const country of ['美国', 'US', 'usa']) {
      const found = (await api(me).programs(`&query=${encodeURIComponent(name)}&country=${encodeURIComponent(country)}`)).body.data.items;
      expect(found.map((p: any) => p.program)).toEqual([name]);
    }
    expect((await api(me).programs(`&query=${encodeURIComponent(name)}&country=${encodeURIComponent('英国')}`)).body.data.total).toBe(0);
    const typed = await api(me).get(`/school-match/institutions?query=Alabama%20A%20%26%20M&country=${encodeURIComponent('美国')}`);
    expect(typed.body.data.items.map((i: any) => i.id)).toContain(item.id);
    const world = await api(me).get('/school-match/institutions?country=GR&pageSize=5');
    expect(world.body.data.total).toBeGreaterThan(5);
    expect(world.body.data.items.every((i: any) => i.country === 'Greece' && i.source === 'hipo')).toBe(true);
  });

  it('is loaded once: a second start changes nothing, a newer version reloads by key', async () => {
    const db = server.database.db;
    const [before] = await db.select({ n: count() }).from(institutions);
    expect(before!.n).toBeGreaterThan(10_000);
    const second = await loadCatalogue(db);
    expect(second).toMatchObject({ loaded: false, version: CATALOGUE_VERSION });
    const [after] = await db.select({ n: count() }).from(institutions);
    expect(after!.n).toBe(before!.n);

    // A newer version on a database of its own: kept records are updated in place, dropped ones removed.
    const template = inject('pgliteTemplatePath');
    const own = await openDatabase({ dataDir: 'memory://', pgliteTemplate: template ? new Blob([readFileSync(template)]) : undefined });
    try {
      await loadCatalogue(own.db);
      const [kept] = await own.db.select().from(institutions).where(eq(institutions.catalogueKey, 'scorecard:100654'));
      const next = { ...kept!, name: 'Renamed Fixture', catalogueVersion: CATALOGUE_VERSION + 1 };
      const { id: _id, createdAt: _createdAt, ...record } = next;
      const reload = await loadCatalogue(own.db, { version: CATALOGUE_VERSION + 1, records: async () => [record] });
      expect(reload).toMatchObject({ loaded: true, rows: 1 });
      const rows = await own.db.select().from(institutions);
      expect(rows.map((r) => [r.id, r.name])).toEqual([[kept!.id, 'Renamed Fixture']]);
      const [version] = await own.db.select().from(schoolCatalogueVersions);
      expect(version).toMatchObject({ version: CATALOGUE_VERSION + 1, rows: 1 });
      expect((await loadCatalogue(own.db, { version: CATALOGUE_VERSION + 1 })).loaded).toBe(false);
    } finally {
      await own.close();
    }
  });
});
