import { eq, sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { feedback, operationLogs } from '../../db/schema';
import { client, login, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('operation logs', () => {
  it('are limited per user per hour, and oversized or deeply nested metadata is refused', async () => {
    const limited = await startTestServer({ OPERATION_LOGS_PER_USER_PER_HOUR: '3' });
    try {
      const { accessToken } = await login(limited.url);
      const api = client(limited.url);
      const log = (metadata: unknown = {}) =>
        api.post('/user-operation-logs', { operation_type: 'x', operation_result: 'fail', metadata }, accessToken);
      expect((await log({ big: 'x'.repeat(10_000) })).status).toBe(400);
      const deep = `{"operation_type":"x","operation_result":"fail","metadata":${'{"d":'.repeat(5000)}1${'}'.repeat(5000)}}`;
      const nested = await api.post('/user-operation-logs', deep, accessToken);
      expect(nested.status).toBe(400);
      expect(nested.body.message).toBe('请求内容嵌套层级过深');
      expect([(await log()).status, (await log()).status, (await log()).status]).toEqual([201, 201, 201]);
      const over = await log();
      expect(over.status).toBe(429);
      expect(over.body.message).toBe('日志提交过于频繁');
      // Another user is not affected.
      const other = await login(limited.url);
      expect((await api.post('/user-operation-logs', { operation_type: 'x', operation_result: 'fail' }, other.accessToken)).status).toBe(
        201,
      );
    } finally {
      await limited.close();
    }
  });

  it('stores the spec fields with the user, request id and decoded source page', async () => {
    const { accessToken, user } = await login(server.url);
    const res = await fetch(`${server.url}/api/v1/user-operation-logs`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        'x-request-id': 'req-test-123',
        'x-source-page': encodeURIComponent('个人资料'),
      },
      body: JSON.stringify({
        operation_type: 'profile_update',
        operation_result: 'fail',
        related_resource_id: 42,
        related_resource_type: 'writing',
        error_message: '更新失败，请重试',
        metadata: { status: 500 },
      }),
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    const [row] = await server.database.db.select().from(operationLogs).where(eq(operationLogs.id, data.id));
    expect(row).toMatchObject({
      userId: user.id,
      operationType: 'profile_update',
      operationResult: 'fail',
      relatedResourceId: '42',
      requestId: 'req-test-123',
      sourcePage: '个人资料',
      metadata: { status: 500 },
    });
  });

  it('accepts anonymous logs and validates the result enum', async () => {
    const api = client(server.url);
    expect((await api.post('/user-operation-logs', { operation_type: 'login', operation_result: 'fail' })).status).toBe(201);
    const bad = await api.post('/user-operation-logs', { operation_type: 'login', operation_result: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('操作结果只能是 success 或 fail');
  });
});

describe('feedback', () => {
  it('stores feedback for the signed-in user', async () => {
    const { accessToken, user } = await login(server.url);
    const api = client(server.url);
    const res = await api.post('/feedback', { category: 'feature', content: '希望支持导出为 Word 文档', contact: 'wx: abc' }, accessToken);
    expect(res.status).toBe(201);
    const rows = await server.database.db.select().from(feedback).where(eq(feedback.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ category: 'feature', content: '希望支持导出为 Word 文档', contact: 'wx: abc' });
  });

  it('rejects short content and unknown categories', async () => {
    const { accessToken } = await login(server.url);
    const api = client(server.url);
    expect((await api.post('/feedback', { category: 'bug', content: '坏了' }, accessToken)).body.message).toBe('反馈内容至少需要5个字');
    expect((await api.post('/feedback', { category: 'x', content: '这是一个足够长的反馈' }, accessToken)).body.message).toBe(
      '请选择反馈类型',
    );
    expect((await api.post('/feedback', { category: 'bug', content: '这是一个足够长的反馈' })).status).toBe(401);
  });
});

describe('protocol edges', () => {
  it('answers malformed JSON with 400 and unknown API paths with 404', async () => {
    const malformed = await fetch(`${server.url}/api/v1/auth/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"phone":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, code: 'MALFORMED_JSON' });
    const missing = await fetch(`${server.url}/api/v1/nope`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe('接口不存在');
  });

  it('reports health once the database is ready', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ready', writes: 'ok' });
  });

  it('reports failing writes (a full disk) as unhealthy although reads work, and recovery at once', async () => {
    const probe = await startTestServer();
    const { db } = probe.database;
    try {
      // A trigger that fails every write of the probe stands in for a full disk.
      await db.execute(
        sql.raw(`create or replace function lx_disk_full() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`),
      );
      // Only this server's probe row: other test files share the PostgreSQL database.
      await db.execute(
        sql.raw(`create trigger lx_disk_full before insert or update on health_probes for each row
          when (new.name = '${probe.instanceId}') execute function lx_disk_full()`),
      );
      const failing = await fetch(`${probe.url}/healthz`);
      expect(failing.status).toBe(503);
      expect(await failing.json()).toEqual({ status: 'degraded', database: 'ready', writes: 'failing' });
      await db.execute(sql.raw('drop trigger lx_disk_full on health_probes'));
      const recovered = await fetch(`${probe.url}/healthz`);
      expect(recovered.status).toBe(200);
    } finally {
      await db.execute(sql.raw('drop trigger if exists lx_disk_full on health_probes'));
      await probe.close();
    }
  });

  it('echoes a request id on every response', async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const generated = await fetch(`${server.url}/healthz`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/ws', () => {
  const open = () =>
    new Promise<{ ws: WebSocket; next: () => Promise<any> }>((resolve, reject) => {
      const ws = new WebSocket(server.url.replace('http', 'ws') + '/ws');
      const queue: any[] = [];
      const waiters: Array<(m: any) => void> = [];
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw));
        const waiter = waiters.shift();
        if (waiter) waiter(msg);
        else queue.push(msg);
      });
      ws.on('open', () =>
        resolve({ ws, next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => waiters.push(r))) }),
      );
      ws.on('error', reject);
    });
  const message = (type: string, data: unknown = {}) => JSON.stringify({ type, data, meta: { timestamp: Date.now() } });

  it('sends CONNECT, answers PING, authenticates with an access token', async () => {
    const { ws, next } = await open();
    const connect = await next();
    expect(connect).toMatchObject({ type: 'CONNECT', data: { connectionId: expect.any(String) }, meta: { timestamp: expect.any(Number) } });
    ws.send(message('PING'));
    expect((await next()).type).toBe('PONG');
    ws.send(message('AUTH', { token: 'bad' }));
    expect(await next()).toMatchObject({ type: 'AUTH', data: { success: false } });
    const { accessToken } = await login(server.url);
    ws.send(message('AUTH', { token: accessToken }));
    expect(await next()).toMatchObject({ type: 'AUTH', data: { success: true } });
    ws.send('not json');
    expect((await next()).type).toBe('ERROR');
    ws.close();
  });
});
