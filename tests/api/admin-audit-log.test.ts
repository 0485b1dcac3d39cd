import { sql } from 'drizzle-orm';
import { setRole } from '../../server/domain/users';
import { client, login, randomIp, startTestServer, type TestServer } from './harness';

let server: TestServer;
let boss: Awaited<ReturnType<typeof login>>;
let other: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  server = await startTestServer();
  [boss, other] = await Promise.all([login(server.url), login(server.url)]);
  await setRole(server.database.db, boss.phone, 'admin');
  await setRole(server.database.db, other.phone, 'admin');
});
afterAll(() => server.close());

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
/** The log's rows for one administrator and action, newest first. */
const rowsOf = async (adminId: string, action: string) => {
  const res = await client(server.url).get(`/admin/audit-log?action=${action}&adminId=${adminId}&pageSize=100`, boss.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: any[]; total: number; page: number; pageSize: number; admins: { id: string; label: string }[] };
};

describe('admin audit log', () => {
  it('a points adjustment writes one row (balances before and after, admin, IP); a refused one writes none', async () => {
    const user = await login(server.url);
    const api = client(server.url, { ip: randomIp() });
    const adjusted = await api.post('/admin/points/adjust', { phone: user.phone, points: -20, reason: '重复赠送扣回' }, boss.accessToken);
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);

    const refused = await api.post('/admin/points/adjust', { phone: user.phone, points: -5000, reason: '超出余额' }, boss.accessToken);
    expect(refused.status).toBe(400);

    const { items, total, admins } = await rowsOf(boss.user.id, 'points.adjust');
    const mine = items.filter((r) => r.targetId === user.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      adminId: boss.user.id,
      adminLabel: expect.stringContaining(masked(boss.phone)),
      action: 'points.adjust',
      targetType: 'user',
      ip: api.ip,
      before: { balance: 120, phone: masked(user.phone) },
      after: { balance: 100, delta: -20, reason: '重复赠送扣回', phone: masked(user.phone), ledgerEntryId: adjusted.body.data.entryId },
    });
    expect(total).toBe(items.length);
    // Neither the target's nor the administrator's full number is kept.
    expect(JSON.stringify(mine[0])).not.toContain(user.phone);
    expect(JSON.stringify(mine[0])).not.toContain(boss.phone);
    expect(admins).toEqual(expect.arrayContaining([{ id: boss.user.id, label: expect.stringContaining(masked(boss.phone)) }]));
  });

  it('notice changes are recorded with before and after, and the filters select by action and administrator', async () => {
    const api = client(server.url);
    const created = await api.post(
      '/admin/notifications',
      { title: '审计测试草稿', content: '内容', type: 'INFO', status: 'DRAFT' },
      other.accessToken,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const edited = await api.put(
      `/admin/notifications/${id}`,
      { title: '审计测试草稿（改）', content: '内容', type: 'INFO', status: 'DRAFT' },
      other.accessToken,
    );
    expect(edited.status).toBe(200);

    const updates = await rowsOf(other.user.id, 'notices.update');
    expect(updates.items).toHaveLength(1);
    expect(updates.items[0]).toMatchObject({
      targetType: 'notification',
      targetId: id,
      before: { title: '审计测试草稿', status: 'DRAFT' },
      after: { title: '审计测试草稿（改）', status: 'DRAFT' },
    });
    const creates = await rowsOf(other.user.id, 'notices.create');
    expect(creates.items.map((r) => r.targetId)).toEqual([id]);
    expect(creates.items[0].before).toBeNull();
    // The other administrator's filter does not see these; an unknown action is ignored, not refused.
    expect((await rowsOf(boss.user.id, 'notices.update')).items.filter((r) => r.targetId === id)).toEqual([]);
    const all = await api.get(`/admin/audit-log?adminId=${other.user.id}&action=nonsense`, boss.accessToken);
    expect(all.body.data.items.map((r: any) => r.action)).toEqual(['notices.update', 'notices.create']);
  });

  it('exports the filtered rows as CSV (BOM, header, formula cells neutralised)', async () => {
    // An administrator whose name a spreadsheet would run as a formula.
    const sly = await login(server.url);
    await setRole(server.database.db, sly.phone, 'admin');
    const api = client(server.url);
    expect((await api.put('/user/profile', { username: '=HYPERLINK("x")' }, sly.accessToken)).status).toBe(200);
    const user = await login(server.url);
    expect((await api.post('/admin/points/adjust', { phone: user.phone, points: 5, reason: '=1+1' }, sly.accessToken)).status).toBe(200);

    const res = await fetch(`${server.url}/api/v1/admin/audit-log/export?action=points.adjust&adminId=${sly.user.id}`, {
      headers: { authorization: `Bearer ${boss.accessToken}`, 'x-forwarded-for': randomIp() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(res.headers.get('x-export-rows')).toBe('1');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('时间（北京时间）,管理员,管理员ID,操作,操作代码,对象类型,对象ID,变更前,变更后,IP,User-Agent');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    const row = lines[1]!;
    expect(row).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
    expect(row).toContain(`"'=HYPERLINK(""x"") ${masked(sly.phone)}",${sly.user.id},调整用户积分,points.adjust,用户,${user.user.id},`);
    expect(row).toContain(`""balance"":125`);
    expect(row).not.toContain(user.phone);
  });

  it('is for administrators only', async () => {
    const user = await login(server.url);
    const api = client(server.url);
    expect((await api.get('/admin/audit-log', user.accessToken)).status).toBe(403);
    expect((await api.get('/admin/audit-log/export', user.accessToken)).status).toBe(403);
    expect((await api.get('/admin/audit-log')).status).toBe(401);
  });

  it('the database refuses to change or remove a row; a deleted administrator leaves the rows with their label', async () => {
    const gone = await login(server.url);
    await setRole(server.database.db, gone.phone, 'admin');
    const api = client(server.url);
    const made = await api.post(
      '/admin/notifications',
      { title: '将删除的管理员', content: '内容', type: 'INFO', status: 'DRAFT' },
      gone.accessToken,
    );
    expect(made.status).toBe(201);
    const [row] = (await rowsOf(gone.user.id, 'notices.create')).items;
    const { db } = server.database;
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      expect(String(error?.cause?.message ?? error?.message)).toMatch(/admin_audit_log is append-only/);
    };
    await refused(sql`update admin_audit_log set ip = '1.2.3.4' where id = ${row.id}`);
    await refused(sql`update admin_audit_log set admin_id = null where id = ${row.id}`);
    await refused(sql`delete from admin_audit_log where id = ${row.id}`);
    await refused(sql`truncate admin_audit_log`);

    await db.execute(sql`delete from users where id = ${gone.user.id}`);
    const all = await api.get('/admin/audit-log?action=notices.create&pageSize=100', boss.accessToken);
    expect(all.body.data.items.find((r: any) => r.id === row.id)).toMatchObject({
      adminId: null,
      adminLabel: row.adminLabel,
      ip: row.ip,
      targetId: made.body.data.id,
    });
  });
});
