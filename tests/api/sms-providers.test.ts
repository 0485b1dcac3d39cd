import { eq } from 'drizzle-orm';
import { smsCodes } from '../../db/schema';
import { createLogger } from '../../server/logger';
import { startFakeAliyunSms } from '../fixtures/fake-sms/aliyun';
import { startFakeTencentSms } from '../fixtures/fake-sms/tencent';
import { client, randomPhone, startTestServer, type TestServer } from './harness';

/**
 * Issue 23, real SMS providers (ADR 0036) over real HTTP: each sender signs by hand against a
 * local fake that recomputes the signature from what it received and refuses a wrong one as the
 * real service would. A failed send answers 短信发送失败，请稍后重试 and uses up no limit; no
 * response and no log line outside the development sender holds a code or a whole phone number.
 */

const TENCENT = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  sdkAppId: '1400006666',
  signName: '留学文书',
  templateId: '1110',
};
const ALIYUN = {
  accessKeyId: 'LTAI5tEXAMPLEkeyId',
  accessKeySecret: 'EXAMPLEsecretEXAMPLEsecret12',
  signName: '留学文书',
  templateCode: 'SMS_154950909',
};
const TIMEOUT_MS = 1500;

type LogLine = { level: string; msg: string; [field: string]: unknown };
type Fake = Awaited<ReturnType<typeof startFakeTencentSms>> | Awaited<ReturnType<typeof startFakeAliyunSms>>;

let tencent: Awaited<ReturnType<typeof startFakeTencentSms>>;
let aliyun: Awaited<ReturnType<typeof startFakeAliyunSms>>;
const servers: Record<string, { server: TestServer; logs: string[] }> = {};

async function serverWith(name: string, env: Record<string, string>) {
  const logs: string[] = [];
  const server = await startTestServer(
    { SMS_TIMEOUT_MS: String(TIMEOUT_MS), ...env },
    { logger: createLogger('debug', (line) => logs.push(line)) },
  );
  servers[name] = { server, logs };
}

const tencentEnv = (secretKey: string) => ({
  SMS_PROVIDER: 'tencent',
  TENCENTCLOUD_SECRET_ID: TENCENT.secretId,
  TENCENTCLOUD_SECRET_KEY: secretKey,
  TENCENT_SMS_SDK_APP_ID: TENCENT.sdkAppId,
  TENCENT_SMS_SIGN_NAME: TENCENT.signName,
  TENCENT_SMS_TEMPLATE_ID: TENCENT.templateId,
  TENCENT_SMS_TEMPLATE_PARAMS: 'code,minutes',
  TENCENT_SMS_ENDPOINT: tencent.url,
});
const aliyunEnv = (accessKeySecret: string) => ({
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: ALIYUN.accessKeyId,
  ALIYUN_ACCESS_KEY_SECRET: accessKeySecret,
  ALIYUN_SMS_SIGN_NAME: ALIYUN.signName,
  ALIYUN_SMS_TEMPLATE_CODE: ALIYUN.templateCode,
  ALIYUN_SMS_TEMPLATE_PARAMS: 'code,min',
  ALIYUN_SMS_ENDPOINT: aliyun.url,
});

beforeAll(async () => {
  [tencent, aliyun] = await Promise.all([startFakeTencentSms(TENCENT), startFakeAliyunSms(ALIYUN)]);
  await Promise.all([
    serverWith('tencent', tencentEnv(TENCENT.secretKey)),
    serverWith('tencent-wrong-key', tencentEnv('Gu5t9xGARNpq86cd98joQYCN3WRONGKEY')),
    serverWith('aliyun', aliyunEnv(ALIYUN.accessKeySecret)),
    serverWith('aliyun-wrong-key', aliyunEnv('WRONGsecretWRONGsecret123456')),
  ]);
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map(({ server }) => server.close()));
  await Promise.all([tencent?.close(), aliyun?.close()]);
});

/** Every six-digit code a fake was ever asked to deliver, sent successfully or not. */
const codesSentTo = (fake: Fake) => fake.received.flatMap((body) => [...body.matchAll(/"(\d{6})"/g)].map((m) => m[1]!));

/** No log line holds a code that was sent out or a whole phone number; phones appear masked. */
function expectCleanLogs(name: string, fake: Fake, phones: string[]) {
  const { logs } = servers[name]!;
  const codes = codesSentTo(fake);
  expect(codes.length).toBeGreaterThan(0);
  for (const line of logs) {
    for (const code of codes) expect(line).not.toContain(code);
    for (const phone of phones) expect(line).not.toContain(phone);
  }
}
const logLines = (name: string) => servers[name]!.logs.map((l) => JSON.parse(l) as LogLine);
const rowsFor = (name: string, phone: string) => servers[name]!.server.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));

const providers = [
  {
    provider: 'tencent',
    fake: () => tencent,
    /** Template {1} is the code, {2} the minutes (TENCENT_SMS_TEMPLATE_PARAMS=code,minutes). */
    expectTemplate: (phone: string, code: string) =>
      expect(tencent.delivered.filter((d) => d.phone === `+86${phone}`).at(-1)?.params).toEqual([code, '5']),
    codeOf: (phone: string) => tencent.lastCode(phone),
    businessRefusal: { code: 'LimitExceeded.PhoneNumberDailyLimit', message: '触发号码天级流控' },
    signatureRefusal: 'AuthFailure.SignatureFailure',
  },
  {
    provider: 'aliyun',
    fake: () => aliyun,
    /** The template's variables are ${code} and ${min} (ALIYUN_SMS_TEMPLATE_PARAMS=code,min). */
    expectTemplate: (phone: string, code: string) =>
      expect(aliyun.delivered.filter((d) => d.phone === phone).at(-1)?.params).toEqual({ code, min: '5' }),
    codeOf: (phone: string) => aliyun.lastCode(phone),
    businessRefusal: { code: 'isv.BUSINESS_LIMIT_CONTROL', message: '触发号码天级流控Permits:10' },
    signatureRefusal: 'SignatureDoesNotMatch',
  },
] as const;

describe.each(providers)('$provider', ({ provider, fake, codeOf, expectTemplate, businessRefusal, signatureRefusal }) => {
  const on = () => servers[provider]!.server;
  afterEach(() => {
    fake().behaviour.refuseWith = null;
    fake().behaviour.hang = false;
  });

  it('delivers a code that logs the user in, and the code is in no response', async () => {
    const phone = randomPhone();
    const api = client(on().url);
    const sent = await api.post('/auth/sms/send', { phone });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, message: '验证码已发送', data: { expiresInSeconds: 300, resendAfterSeconds: 60 } });
    expect(sent.body.data).not.toHaveProperty('devCode');
    const code = codeOf(phone)!;
    expect(code).toMatch(/^\d{6}$/);
    expectTemplate(phone, code);
    expect(JSON.stringify(sent.body)).not.toContain(code);

    const login = await api.post('/auth/login/phone', { phone, code });
    expect(login.status).toBe(200);
    expect(login.body.data.user.phone).toBe(phone);
    expect(JSON.stringify(login.body)).not.toContain(code);

    const sentLog = logLines(provider).find((l) => l.msg === 'sms.sent' && l.phone === `${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(sentLog).toMatchObject({ provider });
    expect(logLines(provider).some((l) => l.msg === 'sms.dev_code')).toBe(false);
    expectCleanLogs(provider, fake(), [phone]);
  });

  it('a business refusal answers 短信发送失败 with no limit used up, and the live code stays valid', async () => {
    const phone = randomPhone();
    const api = client(on().url);
    const first = await api.post('/auth/sms/send', { phone });
    expect(first.status).toBe(200);
    const live = codeOf(phone)!;
    // As if the 60-second interval had passed: the user asks for another code, which the provider refuses.
    await on()
      .database.db.update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(smsCodes.phone, phone));

    fake().behaviour.refuseWith = businessRefusal;
    for (let i = 0; i < 4; i++) {
      const failed = await api.post('/auth/sms/send', { phone });
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({ success: false, code: 'SMS_SEND_FAILED', message: '短信发送失败，请稍后重试' });
    }
    // Four refusals: no 60-second wait, no image check (3 free sends), and only the delivered row remains.
    expect(await rowsFor(provider, phone)).toHaveLength(1);
    const failedLogs = logLines(provider).filter(
      (l) => l.msg === 'sms.send_failed' && l.phone === `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    );
    expect(failedLogs).toHaveLength(4);
    expect(failedLogs[0]).toMatchObject({ level: 'warn', provider, providerCode: businessRefusal.code });

    // The code delivered before the refusals still logs in.
    const login = await api.post('/auth/login/phone', { phone, code: live });
    expect(login.status).toBe(200);

    fake().behaviour.refuseWith = null;
    const retried = await api.post('/auth/sms/send', { phone });
    expect(retried.status).toBe(200);
    expect(codeOf(phone)).not.toBe(live);
    expectCleanLogs(provider, fake(), [phone]);
  });

  it('a provider that does not answer within SMS_TIMEOUT_MS: 短信发送失败, and an immediate retry is not told to wait', async () => {
    const phone = randomPhone();
    const api = client(on().url);
    fake().behaviour.hang = true;
    const started = Date.now();
    const failed = await api.post('/auth/sms/send', { phone });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('短信发送失败，请稍后重试');
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5000);
    expect(await rowsFor(provider, phone)).toHaveLength(0);
    expect(
      logLines(provider)
        .filter((l) => l.msg === 'sms.send_failed')
        .at(-1),
    ).toMatchObject({ provider, providerCode: 'TIMEOUT' });

    fake().behaviour.hang = false;
    const retried = await api.post('/auth/sms/send', { phone });
    expect(retried.status).toBe(200);
    expect((await api.post('/auth/login/phone', { phone, code: codeOf(phone)! })).status).toBe(200);
    expectCleanLogs(provider, fake(), [phone]);
  });

  it(`a wrong key: the fake refuses with ${signatureRefusal}, the user reads 短信发送失败, and the daily counts are unchanged`, async () => {
    const name = `${provider}-wrong-key`;
    const phone = randomPhone();
    const api = client(servers[name]!.server.url);
    const before = fake().delivered.length;
    for (let i = 0; i < 4; i++) {
      const failed = await api.post('/auth/sms/send', { phone });
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({ success: false, code: 'SMS_SEND_FAILED', message: '短信发送失败，请稍后重试' });
    }
    expect(fake().outcomes.at(-1)).toBe(signatureRefusal);
    expect(fake().delivered.length).toBe(before);
    expect(await rowsFor(name, phone)).toHaveLength(0);
    expect(
      logLines(name)
        .filter((l) => l.msg === 'sms.send_failed')
        .at(-1),
    ).toMatchObject({ level: 'warn', provider, providerCode: signatureRefusal });
    // Aliyun's refusal repeats the string to sign, phone and code included: none of it reaches the log.
    expectCleanLogs(name, fake(), [phone]);
  });
});
