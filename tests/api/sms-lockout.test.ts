import { eq } from 'drizzle-orm';
import { captchaChallenges, smsCodes } from '../../db/schema';
import { hashCaptchaAnswer, pruneCaptchaChallenges } from '../../server/domain/auth/captcha';
import { client, randomIp, randomPhone, startTestServer, type TestServer } from './harness';

/**
 * SMS abuse (ADR 0015): a stranger must not be able to lock a phone's owner out of login, while
 * sends stay limited. Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Api = ReturnType<typeof client>;

/** Moves the phone's codes a minute into the past, as if the 60-second resend interval had passed. */
const afterResendInterval = (on: TestServer, phone: string) =>
  on.database.db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .then((rows) =>
      Promise.all(
        rows.map((row) =>
          on.database.db
            .update(smsCodes)
            .set({ createdAt: new Date(row.createdAt.getTime() - 61_000) })
            .where(eq(smsCodes.id, row.id)),
        ),
      ),
    );

/**
 * A challenge from the real endpoint whose answer the test knows: the image's answer exists only
 * as a hash, so the test replaces the hash with that of 'K7pQ' (given in another case, since
 * answers are compared case-insensitively).
 */
async function solvedChallenge(on: TestServer, api: Api) {
  const res = await api.post('/auth/captcha');
  expect(res.status).toBe(200);
  const captchaId = res.body.data.captchaId as string;
  await on.database.db
    .update(captchaChallenges)
    .set({ answerHash: hashCaptchaAnswer(on.config.jwtSecret, captchaId, 'K7pQ') })
    .where(eq(captchaChallenges.id, captchaId));
  return { captchaId, captchaAnswer: 'k7Pq' };
}

/** Sends as a user able to solve the image check: with a solved challenge when one is asked for. */
async function sendSolving(on: TestServer, api: Api, phone: string) {
  const first = await api.post('/auth/sms/send', { phone });
  if (first.body.code !== 'CAPTCHA_REQUIRED') return first;
  return api.post('/auth/sms/send', { phone, ...(await solvedChallenge(on, api)) });
}

describe('a stranger cannot lock the owner out', () => {
  it('ten sends from another network leave the owner able to get a code and log in', async () => {
    const victim = randomPhone();
    const attacker = client(server.url);
    for (let i = 0; i < 10; i++) {
      expect((await sendSolving(server, attacker, victim)).status).toBe(200);
      await afterResendInterval(server, victim);
    }
    const capped = await sendSolving(server, attacker, victim);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');

    const owner = client(server.url);
    const asked = await owner.post('/auth/sms/send', { phone: victim });
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({ code: 'CAPTCHA_REQUIRED', message: '请先完成图形验证', data: { field: 'captchaAnswer' } });
    const sent = await owner.post('/auth/sms/send', { phone: victim, ...(await solvedChallenge(server, owner)) });
    expect(sent.status).toBe(200);
    const login = await owner.post('/auth/login/phone', { phone: victim, code: sent.body.data.devCode });
    expect(login.status).toBe(200);
    expect(login.body.data.user.phone).toBe(victim);
  });

  it('a refused send leaves the live code valid', async () => {
    const strict = await startTestServer({ SMS_FREE_SENDS_PER_PHONE: '1' });
    try {
      const phone = randomPhone();
      const owner = client(strict.url);
      const code = (await owner.post('/auth/sms/send', { phone })).body.data.devCode as string;

      const stranger = client(strict.url);
      expect((await stranger.post('/auth/sms/send', { phone })).status).toBe(429); // within 60 s
      await afterResendInterval(strict, phone);
      expect((await stranger.post('/auth/sms/send', { phone })).body.code).toBe('CAPTCHA_REQUIRED');
      const { captchaId } = await solvedChallenge(strict, stranger);
      const wrong = await stranger.post('/auth/sms/send', { phone, captchaId, captchaAnswer: 'nope' });
      expect(wrong.body.code).toBe('CAPTCHA_INVALID');

      const rows = await strict.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.consumedAt).toBeNull();
      expect((await owner.post('/auth/login/phone', { phone, code })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('the image check', () => {
  it('is asked for past the free sends to a phone, from any network', async () => {
    const phone = randomPhone();
    for (let i = 0; i < 3; i++) {
      expect((await client(server.url).post('/auth/sms/send', { phone })).status).toBe(200);
      await afterResendInterval(server, phone);
    }
    const api = client(server.url);
    expect((await api.post('/auth/sms/send', { phone })).body.code).toBe('CAPTCHA_REQUIRED');
    // An answer without a challenge (or the reverse) is no answer.
    expect((await api.post('/auth/sms/send', { phone, captchaAnswer: 'abcd' })).body.code).toBe('CAPTCHA_REQUIRED');
    expect((await api.post('/auth/sms/send', { phone, ...(await solvedChallenge(server, api)) })).status).toBe(200);
  });

  it('is asked for past the free sends from one network, whatever the phone', async () => {
    const api = client(server.url);
    for (let i = 0; i < 5; i++) expect((await api.post('/auth/sms/send', { phone: randomPhone() })).status).toBe(200);
    const res = await api.post('/auth/sms/send', { phone: randomPhone() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CAPTCHA_REQUIRED');
    // Another network is not asked.
    expect((await client(server.url).post('/auth/sms/send', { phone: randomPhone() })).status).toBe(200);
  });

  it('refuses a wrong answer and spends the challenge', async () => {
    const api = client(server.url);
    for (let i = 0; i < 5; i++) await api.post('/auth/sms/send', { phone: randomPhone() });
    const phone = randomPhone();
    const { captchaId, captchaAnswer } = await solvedChallenge(server, api);
    const wrong = await api.post('/auth/sms/send', { phone, captchaId, captchaAnswer: 'zzzz' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'CAPTCHA_INVALID', message: '图形验证码错误，请重新输入', data: { field: 'captchaAnswer' } });
    const late = await api.post('/auth/sms/send', { phone, captchaId, captchaAnswer });
    expect(late.body).toMatchObject({ code: 'CAPTCHA_INVALID', message: '图形验证码已失效，请重新输入' });
    expect(await server.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(0);
    expect((await api.post('/auth/sms/send', { phone, ...(await solvedChallenge(server, api)) })).status).toBe(200);
  });

  it('refuses a replayed challenge and an expired one', async () => {
    const api = client(server.url);
    for (let i = 0; i < 5; i++) await api.post('/auth/sms/send', { phone: randomPhone() });
    const solved = await solvedChallenge(server, api);
    expect((await api.post('/auth/sms/send', { phone: randomPhone(), ...solved })).status).toBe(200);
    expect((await api.post('/auth/sms/send', { phone: randomPhone(), ...solved })).body.code).toBe('CAPTCHA_INVALID');

    const stale = await solvedChallenge(server, api);
    await server.database.db
      .update(captchaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchaChallenges.id, stale.captchaId));
    expect((await api.post('/auth/sms/send', { phone: randomPhone(), ...stale })).body.code).toBe('CAPTCHA_INVALID');
  });

  it('one challenge buys one send, even when used concurrently from several networks for several phones', async () => {
    const phones = Array.from({ length: 5 }, () => randomPhone());
    // Each phone already had its free sends (some minutes ago), so each send needs the check.
    const old = new Date(Date.now() - 10 * 60_000);
    await server.database.db
      .insert(smsCodes)
      .values(
        phones.flatMap((phone) =>
          Array.from({ length: 3 }, () => ({ phone, ip: randomIp(), codeHash: 'x', createdAt: old, expiresAt: old, consumedAt: old })),
        ),
      );
    const solved = await solvedChallenge(server, client(server.url));
    const results = await Promise.all(phones.map((phone) => client(server.url).post('/auth/sms/send', { phone, ...solved })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.code === 'CAPTCHA_INVALID')).toBe(true);
  });

  it('rejects a malformed challenge id with a Chinese message, not a database error', async () => {
    const res = await client(server.url).post('/auth/sms/send', { phone: randomPhone(), captchaId: 'not-an-id', captchaAnswer: 'abcd' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: '图形验证码已失效，请重新输入' });
  });
});

describe('POST /auth/captcha', () => {
  it('answers an SVG image as a data: URI, with the answer only as a hash, and is limited per IP', async () => {
    const limited = await startTestServer({ SMS_CAPTCHAS_PER_IP_PER_HOUR: '3' });
    try {
      const api = client(limited.url);
      const res = await api.post('/auth/captcha');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ captchaId: expect.any(String), expiresInSeconds: 120 });
      const image = res.body.data.image as string;
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(image.split(',')[1]!, 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg [^>]*width="120" height="40"/);
      // Glyphs are paths: no text element, no script.
      expect(svg).toContain('<path');
      expect(svg).not.toMatch(/<text|<script/i);
      const [row] = await limited.database.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, res.body.data.captchaId));
      expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);

      expect((await api.post('/auth/captcha')).status).toBe(200);
      expect((await api.post('/auth/captcha')).status).toBe(200);
      const refused = await api.post('/auth/captcha');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('获取图形验证码过于频繁，请稍后再试');
      expect((await client(limited.url).post('/auth/captcha')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('pruning drops expired challenges only', async () => {
    const db = server.database.db;
    const [expired, live] = await db
      .insert(captchaChallenges)
      .values([
        { answerHash: 'x', expiresAt: new Date(Date.now() - 1000) },
        { answerHash: 'x', expiresAt: new Date(Date.now() + 60_000) },
      ])
      .returning({ id: captchaChallenges.id });
    await pruneCaptchaChallenges(db);
    expect(await db.select().from(captchaChallenges).where(eq(captchaChallenges.id, expired!.id))).toHaveLength(0);
    expect(await db.select().from(captchaChallenges).where(eq(captchaChallenges.id, live!.id))).toHaveLength(1);
  });
});
