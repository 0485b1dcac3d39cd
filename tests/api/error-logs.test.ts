import { sql } from 'drizzle-orm';
import { createLogger } from '../../server/logger';
import { client, login, startTestServer, type TestServer } from './harness';

/**
 * A database failure is logged with the database's reason and the statement, never with the
 * statement's parameters (feedback text, contact details, phone numbers).
 */
describe('error logs', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'error' }, { logger: createLogger('error', (line) => lines.push(line)) });
  });
  afterAll(() => server.close());

  it('carry the reason and the query, not the parameters', async () => {
    const { accessToken } = await login(server.url);
    const secret = `私密反馈内容-${Date.now()}`;
    // A constraint that refuses exactly this row stands in for a full disk: a real database error.
    await server.database.db.execute(sql.raw(`alter table feedback add constraint no_secret check (content <> '${secret}') not valid`));
    try {
      const res = await client(server.url).post(
        '/feedback',
        { category: 'bug', content: secret, contact: 'wx-secret-contact' },
        accessToken,
      );
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('服务器错误，请稍后重试');
    } finally {
      await server.database.db.execute(sql.raw('alter table feedback drop constraint no_secret'));
    }
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request.unhandled_error');
    expect(logged).toBeDefined();
    expect(logged.err.message).toBe('Failed query');
    expect(logged.err.query).toMatch(/^insert into "feedback"/);
    expect(logged.err.code).toBe('23514');
    expect(logged.err.reason, JSON.stringify(logged.err)).toMatch(/no_secret/);
    const text = lines.join('\n');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('wx-secret-contact');
  });
});
