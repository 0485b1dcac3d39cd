import { eq } from 'drizzle-orm';
import { smsCodes, users } from '../../db/schema';
import { client, login, randomPhone, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Moves the phone's codes into the past so the 60-second resend rule no longer applies. */
const ageCodes = (phone: string, ms: number) =>
  server.database.db
    .update(smsCodes)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(smsCodes.phone, phone));

describe('POST /auth/sms/send', () => {
  it('rejects numbers that are not mainland mobiles, with a Chinese message', async () => {
    for (const phone of ['12345', '23800138000', '1380013800a', '']) {
      const res = await client(server.url).post('/auth/sms/send', { phone });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(res.body.message).toMatch(/手机号/);
    }
  });

  it('accepts +86 and separators, returns the dev code, and stores only a hash', async () => {
    const phone = randomPhone();
    const res = await client(server.url).post('/auth/sms/send', { phone: `+86 ${phone.slice(0, 3)}-${phone.slice(3)}` });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ expiresInSeconds: 300, resendAfterSeconds: 60 });
    const code = res.body.data.devCode as string;
    expect(code).toMatch(/^\d{6}$/);
    const rows = await server.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('allows one send per 60 seconds per phone', async () => {
    const phone = randomPhone();
    const api = client(server.url);
    expect((await api.post('/auth/sms/send', { phone })).status).toBe(200);
    const again = await api.post('/auth/sms/send', { phone });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^发送过于频繁，请\d+秒后再试$/);
    await ageCodes(phone, 61_000);
    expect((await api.post('/auth/sms/send', { phone })).status).toBe(200);
  });

  it('concurrent sends for one phone: exactly one succeeds', async () => {
    const phone = randomPhone();
    const results = await Promise.all(Array.from({ length: 5 }, () => client(server.url).post('/auth/sms/send', { phone })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
  });

  it('a new code voids the previous one', async () => {
    const phone = randomPhone();
    const api = client(server.url);
    await api.post('/auth/sms/send', { phone });
    await ageCodes(phone, 61_000);
    const second = (await api.post('/auth/sms/send', { phone })).body.data.devCode;
    const rows = await server.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(smsCodes.createdAt);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.consumedAt).not.toBeNull();
    expect(rows[1]!.consumedAt).toBeNull();
    expect((await api.post('/auth/login/phone', { phone, code: second })).status).toBe(200);
  });
});

describe('daily caps', () => {
  let capped: TestServer;
  beforeAll(async () => {
    capped = await startTestServer({
      SMS_DAILY_LIMIT_PER_PHONE_PER_IP: '3',
      SMS_DAILY_LIMIT_PER_IP: '4',
      SMS_FREE_SENDS_PER_PHONE: '100',
      SMS_FREE_SENDS_PER_IP: '100',
    });
  });
  afterAll(() => capped.close());

  it('caps sends to a phone per network per day; other networks can still send to it', async () => {
    const phone = randomPhone();
    const api = client(capped.url);
    for (let i = 0; i < 3; i++) {
      expect((await api.post('/auth/sms/send', { phone })).status).toBe(200);
      await capped.database.db
        .update(smsCodes)
        .set({ createdAt: new Date(Date.now() - 61_000 * (i + 1)) })
        .where(eq(smsCodes.phone, phone));
    }
    const res = await api.post('/auth/sms/send', { phone });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
    expect((await client(capped.url).post('/auth/sms/send', { phone })).status).toBe(200);
  });

  it('caps sends per IP per day across phones', async () => {
    const api = client(capped.url);
    for (let i = 0; i < 4; i++) expect((await api.post('/auth/sms/send', { phone: randomPhone() })).status).toBe(200);
    const res = await api.post('/auth/sms/send', { phone: randomPhone() });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('当前网络今日获取验证码次数过多，请明天再试');
    // Another network is unaffected.
    expect((await client(capped.url).post('/auth/sms/send', { phone: randomPhone() })).status).toBe(200);
  });
});

describe('POST /auth/login/phone', () => {
  it('creates the user on first login and returns the spec token shape', async () => {
    const { user, accessToken, refreshToken, accessTokenExpiresAt, refreshTokenExpiresAt, isNewUser, welcomePoints, phone } = await login(
      server.url,
    );
    expect(isNewUser).toBe(true);
    // The welcome notice's amount: the welcome gift and the first phone login reward it received.
    expect(welcomePoints).toBe(120);
    expect(user).toMatchObject({ phone, role: 'user', total_points: 120 });
    expect(accessToken.split('.')).toHaveLength(3);
    expect(refreshToken.length).toBeGreaterThan(30);
    const accessMs = Date.parse(accessTokenExpiresAt) - Date.now();
    const refreshMs = Date.parse(refreshTokenExpiresAt) - Date.now();
    expect(accessMs).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(accessMs).toBeLessThanOrEqual(2 * 3600_000);
    expect(refreshMs).toBeGreaterThan(30 * 86400_000 - 60_000);
  });

  it('logs the same phone into the same account', async () => {
    const first = await login(server.url);
    await ageCodes(first.phone, 61_000);
    const second = await login(server.url, first.phone);
    expect(second.isNewUser).toBe(false);
    expect(second.welcomePoints).toBe(0);
    expect(second.user.id).toBe(first.user.id);
  });

  it('counts wrong codes and voids the code after 5 wrong tries', async () => {
    const phone = randomPhone();
    const api = client(server.url);
    const code = (await api.post('/auth/sms/send', { phone })).body.data.devCode as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const res = await api.post('/auth/login/phone', { phone, code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`验证码错误，还可尝试${left}次`);
    }
    const fifth = await api.post('/auth/login/phone', { phone, code: wrong });
    expect(fifth.body.message).toBe('验证码错误次数过多，请重新获取');
    const right = await api.post('/auth/login/phone', { phone, code });
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('CODE_EXPIRED');
    const [row] = await server.database.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toBeUndefined();
  });

  it('rejects a code older than 5 minutes', async () => {
    const phone = randomPhone();
    const api = client(server.url);
    const code = (await api.post('/auth/sms/send', { phone })).body.data.devCode;
    await server.database.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, phone));
    const res = await api.post('/auth/login/phone', { phone, code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('验证码已失效，请重新获取');
  });

  it('a code logs in once even when submitted concurrently', async () => {
    const phone = randomPhone();
    const code = (await client(server.url).post('/auth/sms/send', { phone })).body.data.devCode;
    const results = await Promise.all(Array.from({ length: 4 }, () => client(server.url).post('/auth/login/phone', { phone, code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await server.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it('validates the code format', async () => {
    const res = await client(server.url).post('/auth/login/phone', { phone: randomPhone(), code: '12ab' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('请输入6位数字验证码');
  });

  it('links a new user to a valid invite code and rejects an unknown one without consuming the code', async () => {
    const inviter = await login(server.url);
    const phone = randomPhone();
    const api = client(server.url);
    const code = (await api.post('/auth/sms/send', { phone })).body.data.devCode;
    const bad = await api.post('/auth/login/phone', { phone, code, inviteCode: 'NOPE0000' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('邀请码无效，请检查后重试');
    const good = await api.post('/auth/login/phone', { phone, code, inviteCode: inviter.user.invite_code.toLowerCase() });
    expect(good.status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.phone, phone));
    expect(row!.invitedBy).toBe(inviter.user.id);
  });

  it('answers an unknown invite code the same way for registered and new phones', async () => {
    const registered = await login(server.url);
    const api = client(server.url);
    for (const phone of [registered.phone, randomPhone()]) {
      const res = await api.post('/auth/login/phone', { phone, code: '123456', inviteCode: 'NOPE0000' });
      expect(res.body.code).toBe('INVITE_CODE_INVALID');
    }
  });

  it('holds the per-IP login limit under concurrent attempts', async () => {
    const limited = await startTestServer({ LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '5' });
    try {
      const api = client(limited.url);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => api.post('/auth/login/phone', { phone: randomPhone(), code: '123456' })),
      );
      expect(results.filter((r) => r.status === 429)).toHaveLength(15);
    } finally {
      await limited.close();
    }
  });

  it('holds the per-IP SMS cap under concurrent sends', async () => {
    const capped = await startTestServer({ SMS_DAILY_LIMIT_PER_IP: '4' });
    try {
      const api = client(capped.url);
      const results = await Promise.all(Array.from({ length: 12 }, () => api.post('/auth/sms/send', { phone: randomPhone() })));
      expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    } finally {
      await capped.close();
    }
  });

  it('limits login attempts per IP', async () => {
    const limited = await startTestServer({ LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '3' });
    try {
      const api = client(limited.url);
      for (let i = 0; i < 3; i++) expect((await api.post('/auth/login/phone', { phone: randomPhone(), code: '123456' })).status).toBe(400);
      const res = await api.post('/auth/login/phone', { phone: randomPhone(), code: '123456' });
      expect(res.status).toBe(429);
      expect(res.body.message).toBe('登录尝试过于频繁，请一小时后再试');
    } finally {
      await limited.close();
    }
  });
});
