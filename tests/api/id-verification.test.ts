import { createHash } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { rateLimitHits, users } from '../../db/schema';
import { idNumberHash } from '../../server/domain/id-verification';
import { httpIdVerifier } from '../../server/integrations/id-verify/http';
import { IdVerifierUnavailable } from '../../server/integrations/id-verify';
import { createLogger } from '../../server/logger';
import { startFakeIdVerify } from '../fixtures/fake-id-verify';
import { client, login, startTestServer, type TestServer } from './harness';

/** Valid numbers (check digits worked out in tests/unit/id-number.test.ts), each with the name it belongs to. */
const PEOPLE = {
  '11010519491231002X': '王小明',
  '320106200002291230': '欧阳娜娜',
  '650102199912310010': '买买提·艾力',
  '810000198506150020': '陈大文',
};
const APP_CODE = 'test-app-code-0123456789';

/** Every string a log line, a row or a response must never contain for a verification of `number` by `name`. */
const secretsOf = (number: string, name: string) => [number, number.toLowerCase(), number.slice(0, 17), number.slice(6, 14), name];
const expectFree = (text: string, number: string, name: string) => {
  for (const secret of secretsOf(number, name)) expect(text, `contains ${secret}`).not.toContain(secret);
};

async function signedIn(server: TestServer) {
  const { accessToken, user } = await login(server.url);
  const api = client(server.url, { token: accessToken });
  return {
    api,
    userId: user.id as string,
    verify: (realName: string, idNumber: string) => api.post('/user/id-verification', { realName, idNumber }),
  };
}

const attemptsOf = async (server: TestServer, userId: string) =>
  (
    await server.database.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.bucket, `id-verify:${userId}:%`))
  ).length;

describe('real-name verification with the sandbox provider', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'debug' }, { logger: createLogger('debug', (line) => lines.push(line)) });
  });
  afterAll(() => server.close());

  it('stores only the masks, a keyed hash and the time; /user/info shows it; a second verification is refused', async () => {
    const { api, userId, verify } = await signedIn(server);
    const before = await api.get('/user/info');
    expect(before.body.data).toMatchObject({ idVerified: false, idRealName: null, idNumberMasked: null, idVerifiedAt: null });

    const started = Date.now();
    // A lower-case x and spaces are accepted; the stored mask ends in an upper-case X.
    const res = await verify(' 王小明 ', '110105 19491231 002x');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('实名认证成功');
    expect(res.body.data).toMatchObject({ idVerified: true, idRealName: '王**', idNumberMasked: '1****************X' });
    expectFree(JSON.stringify(res.body), '11010519491231002X', '王小明');

    const [row] = await server.database.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ idRealNameMasked: '王**', idNumberMasked: '1****************X' });
    expect(row!.idVerifiedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(row!.idNumberHash).toBe(idNumberHash(server.config.jwtSecret, '11010519491231002X'));
    // Keyed: not the plain digest, which anyone could compute for every possible number.
    expect(row!.idNumberHash).not.toBe(createHash('sha256').update('11010519491231002X').digest('hex'));
    // No column of the row holds the number or the name.
    expectFree(JSON.stringify(row), '11010519491231002X', '王小明');
    const { rows } = (await server.database.db.execute(sql`select * from users where id = ${userId}`)) as { rows: unknown[] };
    const [raw] = rows;
    expectFree(JSON.stringify(raw), '11010519491231002X', '王小明');

    const info = await api.get('/user/info');
    expect(info.body.data).toMatchObject({ idVerified: true, idRealName: '王**', idNumberMasked: '1****************X' });
    expect(Date.parse(info.body.data.idVerifiedAt)).toBe(row!.idVerifiedAt!.getTime());

    const again = await verify('欧阳娜娜', '320106200002291230');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: '已完成实名认证' });
    expect(await attemptsOf(server, userId)).toBe(1);
    const [unchanged] = await server.database.db.select().from(users).where(eq(users.id, userId));
    expect(unchanged!.idNumberMasked).toBe('1****************X');
  });

  it('answers each local failure on its field in Chinese', async () => {
    const { verify } = await signedIn(server);
    const cases: [string, string, string, string][] = [
      ['王小明', '32010620000229123', 'idNumber', '身份证号应为18位'],
      ['王小明', '320106200002291231', 'idNumber', '身份证号校验位不正确'],
      ['王小明', '110101199902301231', 'idNumber', '出生日期无效'],
      ['王小明', '990101199003078033', 'idNumber', '地区码无效'],
      ['Wang', '320106200002291230', 'realName', '姓名只能包含汉字，少数民族姓名可用间隔号“·”分隔'],
    ];
    for (const [name, number, field, message] of cases) {
      const res = await verify(name, number);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, data: { field } });
    }
  });

  it('counts local failures: a sixth attempt in a day is refused with 429, whatever it sends', async () => {
    const { api, userId, verify } = await signedIn(server);
    for (let i = 0; i < 5; i++) expect((await verify('王小明', '32010620000229123')).status).toBe(400);
    const sixth = await verify('欧阳娜娜', '320106200002291230');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'RATE_LIMITED', message: '今日实名认证次数已用完（每天最多5次），请明天再试' });
    expect((await api.get('/user/info')).body.data.idVerified).toBe(false);
    expect(await attemptsOf(server, userId)).toBe(5);
  });

  it('needs a session', async () => {
    const res = await client(server.url).post('/user/id-verification', { realName: '王小明', idNumber: '11010519491231002X' });
    expect(res.status).toBe(401);
  });

  it('logs a failing store with the query, never the name or the number', async () => {
    const { verify } = await signedIn(server);
    // A constraint that refuses every verification stands in for a full disk: a real database error.
    await server.database.db.execute(sql.raw(`alter table users add constraint no_idv check (id_verified_at is null) not valid`));
    try {
      const res = await verify('陈大文', '810000198506150020');
      expect(res.status).toBe(500);
    } finally {
      await server.database.db.execute(sql.raw('alter table users drop constraint no_idv'));
    }
    const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request.unhandled_error' && l.path === '/user/id-verification');
    expect(logged?.err.query).toMatch(/^update "users"/);
  });

  // Last in this block: everything this server logged, the request log and the error above included.
  it('logged neither a number nor a name', () => {
    expect(lines.length).toBeGreaterThan(10);
    const text = lines.join('\n');
    for (const [number, name] of Object.entries(PEOPLE)) expectFree(text, number, name);
  });
});

describe('real-name verification with an http provider', () => {
  let server: TestServer;
  let provider: Awaited<ReturnType<typeof startFakeIdVerify>>;
  const lines: string[] = [];
  beforeAll(async () => {
    provider = await startFakeIdVerify({ appCode: APP_CODE, people: PEOPLE });
    server = await startTestServer(
      { LOG_LEVEL: 'debug', ID_VERIFY_PROVIDER: 'http', ID_VERIFY_URL: provider.url, ID_VERIFY_APP_CODE: APP_CODE },
      { logger: createLogger('debug', (line) => lines.push(line)) },
    );
  });
  afterAll(async () => {
    await server.close();
    await provider.close();
  });
  beforeEach(() => {
    provider.behaviour.mode = 'ok';
  });

  it('sends the name and number in an APPCODE-signed form body, not in the URL, and stores the match', async () => {
    const { api, verify } = await signedIn(server);
    const res = await verify('欧阳娜娜', '320106200002291230');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ idVerified: true, idRealName: '欧阳**', idNumberMasked: '3****************0' });
    const sent = provider.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/idcard',
      authorization: `APPCODE ${APP_CODE}`,
      form: { idcard: '320106200002291230', name: '欧阳娜娜' },
    });
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect((await api.get('/user/info')).body.data.idVerified).toBe(true);
  });

  it('a refusal by the provider is 姓名与身份证号不一致 and counts; an unknown number says so', async () => {
    const { api, userId, verify } = await signedIn(server);
    const asked = provider.requests.length;
    const wrong = await verify('王大明', '11010519491231002X');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'ID_MISMATCH', message: '姓名与身份证号不一致' });
    const unknown = await verify('王小明', '330102202401010016');
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      code: 'ID_MISMATCH',
      message: '未查询到该身份证号的登记信息，请核对后重试',
      data: { field: 'idNumber' },
    });
    expect(provider.requests.length).toBe(asked + 2);
    expect(await attemptsOf(server, userId)).toBe(2);
    expect((await api.get('/user/info')).body.data.idVerified).toBe(false);
  });

  it('a provider that is down answers 实名认证服务暂不可用 and uses no attempt', async () => {
    const { api, userId, verify } = await signedIn(server);
    for (const mode of ['error', 'garbage', 'failure', 'error', 'error', 'error'] as const) {
      provider.behaviour.mode = mode;
      const res = await verify('王小明', '11010519491231002X');
      expect(res.status, mode).toBe(503);
      expect(res.body).toMatchObject({ code: 'ID_VERIFY_UNAVAILABLE', message: '实名认证服务暂不可用，请稍后重试' });
    }
    expect(await attemptsOf(server, userId)).toBe(0);
    provider.behaviour.mode = 'ok';
    expect((await verify('王小明', '11010519491231002X')).status).toBe(200);
    expect((await api.get('/user/info')).body.data).toMatchObject({ idVerified: true, idRealName: '王**' });
  });

  it('provider refusals and local failures share the five attempts; the sixth does not reach the provider', async () => {
    const { verify } = await signedIn(server);
    expect((await verify('王大明', '11010519491231002X')).status).toBe(422);
    expect((await verify('王大明', '650102199912310010')).status).toBe(422);
    for (let i = 0; i < 3; i++) expect((await verify('王小明', '110101199902301231')).status).toBe(400);
    const asked = provider.requests.length;
    const sixth = await verify('买买提·艾力', '650102199912310010');
    expect(sixth.status).toBe(429);
    expect(provider.requests.length).toBe(asked);
  });

  it('logged neither a number nor a name, and the provider failures by status and code', () => {
    const text = lines.join('\n');
    for (const [number, name] of Object.entries(PEOPLE)) expectFree(text, number, name);
    // The provider's failures were logged, by status and code only.
    const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'id_verify.provider_unavailable');
    expect(warnings.map((w) => w.status ?? w.reason)).toEqual(expect.arrayContaining([500, 200]));
  });
});

describe('the http provider client against the fake service', () => {
  let provider: Awaited<ReturnType<typeof startFakeIdVerify>>;
  const lines: string[] = [];
  const logger = createLogger('debug', (line) => lines.push(line));
  beforeAll(async () => {
    provider = await startFakeIdVerify({ appCode: APP_CODE, people: PEOPLE });
  });
  afterAll(() => provider.close());

  it('maps res 1, 2 and 3 to match, mismatch and no record', async () => {
    const verifier = httpIdVerifier({ url: provider.url, appCode: APP_CODE, logger });
    expect(await verifier.verify({ realName: '陈大文', idNumber: '810000198506150020' })).toBe('match');
    expect(await verifier.verify({ realName: '陈小文', idNumber: '810000198506150020' })).toBe('mismatch');
    expect(await verifier.verify({ realName: '陈大文', idNumber: '330102202401010016' })).toBe('no_record');
  });

  it('is unavailable on a wrong AppCode (logging the gateway reason), a timeout, or nobody listening', async () => {
    const wrongCode = httpIdVerifier({ url: provider.url, appCode: 'wrong', logger });
    await expect(wrongCode.verify({ realName: '陈大文', idNumber: '810000198506150020' })).rejects.toBeInstanceOf(IdVerifierUnavailable);
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'id_verify.provider_unavailable');
    expect(logged.at(-1)).toMatchObject({ status: 403, gatewayReason: 'Invalid AppCode `not exists`' });

    provider.behaviour.mode = 'hang';
    const impatient = httpIdVerifier({ url: provider.url, appCode: APP_CODE, logger, timeoutMs: 300 });
    await expect(impatient.verify({ realName: '陈大文', idNumber: '810000198506150020' })).rejects.toBeInstanceOf(IdVerifierUnavailable);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ msg: 'id_verify.provider_unavailable', reason: 'timeout' });
    provider.behaviour.mode = 'ok';

    const closed = await startFakeIdVerify({ appCode: APP_CODE, people: PEOPLE });
    await closed.close();
    const nobody = httpIdVerifier({ url: closed.url, appCode: APP_CODE, logger });
    await expect(nobody.verify({ realName: '陈大文', idNumber: '810000198506150020' })).rejects.toBeInstanceOf(IdVerifierUnavailable);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ msg: 'id_verify.provider_unavailable', reason: 'ECONNREFUSED' });

    expectFree(lines.join('\n'), '810000198506150020', '陈大文');
  });
});
