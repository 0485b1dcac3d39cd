import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { authSessions, pointsLedger, users, wechatAccessTokens, wechatScenes } from '../../db/schema';
import { createLogger } from '../../server/logger';
import { createMpClient } from '../../server/integrations/wechat/mp';
import { sandboxOpenid } from '../../server/integrations/wechat';
import { eventXml, pushEvent, signedQuery, startFakeWechat } from '../fixtures/fake-wechat';
import { client, login, randomIp, randomPhone, startTestServer, type TestServer, startSecondApiProcess } from './harness';
import { openSocket } from './socket';

/**
 * WeChat login and binding (issue 23, ADR 0038) against a fake Official Account API: scenes,
 * signed pushes, the once-only login, binding, and the sandbox that plays the phone.
 */

const APPID = 'wx_fake_appid';
const TOKEN = 'callbackToken123';
let fake: Awaited<ReturnType<typeof startFakeWechat>>;
let mp: TestServer;
let sandbox: TestServer;

beforeAll(async () => {
  fake = await startFakeWechat({ appid: APPID, secret: 'fake-secret' });
  [mp, sandbox] = await Promise.all([
    startTestServer({
      WECHAT_LOGIN: 'mp',
      WECHAT_MP_APPID: APPID,
      WECHAT_MP_SECRET: 'fake-secret',
      WECHAT_MP_TOKEN: TOKEN,
      WECHAT_API_BASE: fake.url,
    }),
    startTestServer({ PUBLIC_BASE_URL: 'https://liuxue.example.com' }),
  ]);
});
afterAll(async () => {
  await Promise.all([mp?.close(), sandbox?.close()]);
  await fake?.close();
});

type Scene = { sceneStr: string; qrUrl: string; expiresAt: string; sceneSecret: string };
const newOpenid = () => `o${randomBytes(14).toString('base64url').slice(0, 27)}`;

async function loginScene(server = mp, ip = randomIp()) {
  const res = await client(server.url, { ip }).post<Scene>('/auth/wechat/scene');
  expect(res.status).toBe(200);
  return res.body.data;
}
const scan = (scene: Scene, openid: string, event: 'SCAN' | 'subscribe' = 'SCAN') =>
  pushEvent(mp.url, TOKEN, eventXml({ openid, event, eventKey: event === 'SCAN' ? scene.sceneStr : `qrscene_${scene.sceneStr}` }));
const loginWith = (scene: Pick<Scene, 'sceneStr' | 'sceneSecret'>, server = mp) =>
  client(server.url).post('/auth/login/wechat', { sceneStr: scene.sceneStr, sceneSecret: scene.sceneSecret });
const sceneRow = async (scene: Scene, server = mp) =>
  (await server.database.db.select().from(wechatScenes).where(eq(wechatScenes.sceneStr, scene.sceneStr)))[0]!;
const userByOpenid = async (openid: string, server = mp) => server.database.db.select().from(users).where(eq(users.wechatOpenid, openid));

describe('login with the Official Account (WECHAT_LOGIN=mp)', () => {
  it('scene → signed SCAN push → login: a new account without a phone, with the welcome points only', async () => {
    const scene = await loginScene();
    expect(scene.qrUrl).toMatch(/^http:\/\/weixin\.qq\.com\/q\/gQ/);
    expect(scene.sceneSecret).toMatch(/^wxs_/);
    expect(Date.parse(scene.expiresAt) - Date.now()).toBeGreaterThan(290_000);
    expect(fake.state.qrCodes.find((q) => q.sceneStr === scene.sceneStr)).toMatchObject({ actionName: 'QR_STR_SCENE', expireSeconds: 300 });
    const stored = await sceneRow(scene);
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(scene.sceneSecret);

    const openid = newOpenid();
    fake.state.profiles.set(openid, { nickname: '小明', unionid: 'union-xm' });
    expect(await scan(scene, openid)).toEqual({ status: 200, text: 'success' });
    expect(await sceneRow(scene)).toMatchObject({ status: 'scanned', openid, nickname: '小明', unionid: 'union-xm' });

    const res = await loginWith(scene);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('登录成功');
    expect(res.body.data).toMatchObject({
      isNewUser: true,
      // The welcome notice's amount: what this account received (no first phone login reward).
      welcomePoints: 100,
      user: { phone: null, wechat_nickname: '小明', username: '小明', total_points: 100 },
    });
    expect(Object.keys(res.body.data).sort()).toEqual([
      'accessToken',
      'accessTokenExpiresAt',
      'isNewUser',
      'refreshToken',
      'refreshTokenExpiresAt',
      'user',
      'welcomePoints',
    ]);
    const [user] = await userByOpenid(openid);
    expect(user).toMatchObject({ phone: null, wechatUnionid: 'union-xm' });
    const ledger = await mp.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user!.id));
    expect(ledger.map((r) => r.idempotencyKey)).toEqual(['welcome']);
    expect((await sceneRow(scene)).status).toBe('used');

    const me = await client(mp.url).get('/user/info', res.body.data.accessToken);
    expect(me.body.data).toMatchObject({ phone: null, wechat_nickname: '小明' });
  });

  it('subscribe with qrscene_ logs in too; the same WeChat again is the same account, rewarded once', async () => {
    const openid = newOpenid();
    const first = await loginScene();
    expect((await scan(first, openid, 'subscribe')).text).toBe('success');
    const a = await loginWith(first);
    expect(a.status).toBe(200);
    // user/info gives no nickname (most accounts since 2021): the placeholder.
    expect(a.body.data).toMatchObject({ isNewUser: true, user: { wechat_nickname: '微信用户' } });

    const second = await loginScene();
    await scan(second, openid);
    const b = await loginWith(second);
    expect(b.body.data).toMatchObject({ isNewUser: false, welcomePoints: 0, user: { id: a.body.data.user.id, total_points: 100 } });
    expect(await userByOpenid(openid)).toHaveLength(1);
    const ledger = await mp.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, a.body.data.user.id));
    expect(ledger).toHaveLength(1);
  });

  it('one new WeChat logging in with two codes at once gets one account and one welcome', async () => {
    const openid = newOpenid();
    const scenes = await Promise.all([loginScene(), loginScene(), loginScene()]);
    for (const scene of scenes) await scan(scene, openid);
    const results = await Promise.all(scenes.map((scene) => loginWith(scene)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.data.isNewUser)).toHaveLength(1);
    const [user, ...others] = await userByOpenid(openid);
    expect(others).toHaveLength(0);
    expect(new Set(results.map((r) => r.body.data.user.id))).toEqual(new Set([user!.id]));
    expect(await mp.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user!.id))).toHaveLength(1);
  });

  it('a login before the scan is refused with 尚未扫码 and spends nothing', async () => {
    const scene = await loginScene();
    const early = await loginWith(scene);
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'WECHAT_NOT_SCANNED', message: '尚未扫码，请用微信扫描二维码' });
    await scan(scene, newOpenid());
    expect((await loginWith(scene)).status).toBe(200);
  });

  it('a forged signature and an old timestamp are refused and change nothing', async () => {
    const scene = await loginScene();
    const xml = eventXml({ openid: newOpenid(), event: 'SCAN', eventKey: scene.sceneStr });
    const forged = await pushEvent(mp.url, TOKEN, xml, { signature: 'f'.repeat(40) });
    expect(forged.status).toBe(403);
    const otherToken = await pushEvent(mp.url, 'notOurToken', xml);
    expect(otherToken.status).toBe(403);
    const old = await pushEvent(mp.url, TOKEN, xml, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.status).toBe(403);
    const future = await pushEvent(mp.url, TOKEN, xml, { timestamp: Math.floor(Date.now() / 1000) + 301 });
    expect(future.status).toBe(403);
    expect(await sceneRow(scene)).toMatchObject({ status: 'pending', openid: null, scannedAt: null });
    expect((await loginWith(scene)).body.code).toBe('WECHAT_NOT_SCANNED');
  });

  it('a scene logs in once: the replay is refused and makes no session', async () => {
    const scene = await loginScene();
    const openid = newOpenid();
    await scan(scene, openid);
    const first = await loginWith(scene);
    expect(first.status).toBe(200);
    const sessionsBefore = await mp.database.db.select().from(authSessions).where(eq(authSessions.userId, first.body.data.user.id));
    const replays = await Promise.all([loginWith(scene), loginWith(scene), loginWith(scene)]);
    for (const replay of replays)
      expect(replay.body).toMatchObject({ code: 'WECHAT_SCENE_INVALID', message: '二维码已使用，请刷新二维码' });
    const sessionsAfter = await mp.database.db.select().from(authSessions).where(eq(authSessions.userId, first.body.data.user.id));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    // A second scan of a used code is ignored too.
    await scan(scene, newOpenid());
    expect(await sceneRow(scene)).toMatchObject({ status: 'used', openid });
  });

  it('concurrent logins with one scanned scene: exactly one succeeds', async () => {
    const scene = await loginScene();
    await scan(scene, newOpenid());
    const results = await Promise.all(Array.from({ length: 5 }, () => loginWith(scene)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('a scene without its secret, or with a wrong one, is refused and still works for its owner', async () => {
    const scene = await loginScene();
    await scan(scene, newOpenid());
    const api = client(mp.url);
    expect((await api.post('/auth/login/wechat', { sceneStr: scene.sceneStr })).body).toMatchObject({ code: 'VALIDATION_ERROR' });
    for (const sceneSecret of ['wxs_wrong', scene.sceneSecret.slice(0, -1), `${scene.sceneSecret}x`, '']) {
      const res = await api.post('/auth/login/wechat', { sceneStr: scene.sceneStr, sceneSecret });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('二维码无效，请刷新后重试');
    }
    // Another scene's secret is no key to this one.
    const other = await loginScene();
    expect((await loginWith({ sceneStr: scene.sceneStr, sceneSecret: other.sceneSecret })).body.code).toBe('WECHAT_SCENE_INVALID');
    expect((await sceneRow(scene)).status).toBe('scanned');
    expect((await loginWith(scene)).status).toBe(200);
  });

  it('an expired scene is refused, scanned or not, and a scan after expiry is ignored', async () => {
    const scanned = await loginScene();
    await scan(scanned, newOpenid());
    const late = await loginScene();
    const past = new Date(Date.now() - 1000);
    for (const s of [scanned, late])
      await mp.database.db.update(wechatScenes).set({ expiresAt: past }).where(eq(wechatScenes.sceneStr, s.sceneStr));
    expect((await loginWith(scanned)).body).toMatchObject({ code: 'WECHAT_SCENE_INVALID', message: '二维码已过期，请刷新二维码' });
    await scan(late, newOpenid());
    expect(await sceneRow(late)).toMatchObject({ status: 'pending', openid: null });
    expect((await loginWith(late)).body.message).toBe('二维码已过期，请刷新二维码');
    expect((await sceneRow(scanned)).status).toBe('scanned');
  });

  it('a socket listening to the scene hears its state, then the scan (never who scanned)', async () => {
    const scene = await loginScene();
    const ws = await openSocket(mp.url);
    ws.send('SCAN_LOGIN_LISTEN', { sceneStr: scene.sceneStr });
    expect((await ws.next((m) => m.type === 'SCAN_LOGIN_STATUS')).data).toEqual({ sceneStr: scene.sceneStr, status: 'pending' });
    const bystander = await openSocket(mp.url);
    const openid = newOpenid();
    await scan(scene, openid);
    const pushed = await ws.next((m) => m.type === 'SCAN_LOGIN_STATUS' && m.data.status === 'scanned');
    expect(pushed.data).toEqual({ sceneStr: scene.sceneStr, status: 'scanned' });
    expect(pushed.meta.eventId).toBeTruthy();
    expect(JSON.stringify(ws.messages)).not.toContain(openid);
    await new Promise((r) => setTimeout(r, 200));
    expect(bystander.messages.some((m) => m.type === 'SCAN_LOGIN_STATUS')).toBe(false);
    // A listen after the scan is answered with the scanned state at once.
    const late = await openSocket(mp.url);
    late.send('SCAN_LOGIN_LISTEN', { sceneStr: scene.sceneStr });
    expect((await late.next((m) => m.type === 'SCAN_LOGIN_STATUS')).data.status).toBe('scanned');
    for (const s of [ws, bystander, late]) s.close();
  });

  // Two processes need a shared database: PostgreSQL (CI sets TEST_DATABASE_URL and runs this suite on it).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'the scan pushed to one process reaches the login page listening on another',
    async () => {
      const other = await startSecondApiProcess({
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        JWT_SECRET: mp.config.jwtSecret,
        WECHAT_LOGIN: 'sandbox',
      });
      try {
        const otherUrl = other.url;
        const scene = await loginScene();
        const ws = await openSocket(otherUrl);
        ws.send('SCAN_LOGIN_LISTEN', { sceneStr: scene.sceneStr });
        expect((await ws.next((m) => m.type === 'SCAN_LOGIN_STATUS')).data.status).toBe('pending');
        await scan(scene, newOpenid());
        await ws.next((m) => m.type === 'SCAN_LOGIN_STATUS' && m.data.status === 'scanned');
        ws.close();
      } finally {
        await other.stop();
      }
    },
    60_000,
  );

  it('answers the console URL check only when signed with our token', async () => {
    const get = async (query: Record<string, string>) => {
      const res = await fetch(`${mp.url}/api/v1/wechat/mp/callback?${new URLSearchParams(query)}`);
      return { status: res.status, text: await res.text() };
    };
    expect(await get({ ...signedQuery(TOKEN), echostr: '1234567890123' })).toEqual({ status: 200, text: '1234567890123' });
    expect((await get({ ...signedQuery('wrongToken'), echostr: '42' })).status).toBe(403);
    expect((await get({ ...signedQuery(TOKEN, { timestamp: Math.floor(Date.now() / 1000) - 600 }), echostr: '42' })).status).toBe(403);
    expect((await get({ echostr: '42' })).status).toBe(403);
  });

  it('acknowledges signed pushes it does not act on, unreadable or oversized ones included, without changes', async () => {
    const scene = await loginScene();
    const before = await sceneRow(scene);
    for (const xml of [
      eventXml({ openid: newOpenid(), event: 'unsubscribe' }),
      eventXml({ openid: newOpenid(), event: 'subscribe' }),
      eventXml({ openid: newOpenid(), event: 'subscribe', eventKey: scene.sceneStr }),
      '<xml><ToUserName>x</ToUserName>',
      'not xml at all',
      `<xml>${'<a>'.repeat(5000)}</xml>`,
    ]) {
      expect(await pushEvent(mp.url, TOKEN, xml)).toEqual({ status: 200, text: 'success' });
    }
    const huge = await pushEvent(mp.url, TOKEN, `<xml><Content><![CDATA[${'x'.repeat(70 * 1024)}]]></Content></xml>`);
    expect(huge.status).toBe(413);
    expect(await sceneRow(scene)).toEqual(before);
  });

  it('fetches the access token once for ten concurrent scenes, and once across two processes sharing the database', async () => {
    await mp.database.db.delete(wechatAccessTokens);
    fake.state.tokenDelayMs = 150;
    const before = fake.state.tokenFetches;
    const scenes = await Promise.all(Array.from({ length: 10 }, () => loginScene()));
    expect(new Set(scenes.map((s) => s.sceneStr)).size).toBe(10);
    expect(fake.state.tokenFetches - before).toBe(1);

    // Two clients stand for two processes: only the database (the row and its advisory lock) is shared.
    await mp.database.db.delete(wechatAccessTokens);
    const make = () =>
      createMpClient({ db: mp.database.db, appid: APPID, secret: 'fake-secret', apiBase: fake.url, logger: createLogger('silent') });
    const [one, two] = [make(), make()];
    const tokens = await Promise.all([
      ...Array.from({ length: 5 }, () => one.accessToken()),
      ...Array.from({ length: 5 }, () => two.accessToken()),
    ]);
    expect(new Set(tokens).size).toBe(1);
    expect(fake.state.tokenFetches - before).toBe(2);
    fake.state.tokenDelayMs = 0;
  });

  it('refreshes the token five minutes before it expires, and once more when WeChat calls it stale', async () => {
    await loginScene();
    const before = fake.state.tokenFetches;
    await loginScene();
    expect(fake.state.tokenFetches).toBe(before);
    await mp.database.db.update(wechatAccessTokens).set({ expiresAt: new Date(Date.now() + 4 * 60_000) });
    await loginScene();
    expect(fake.state.tokenFetches).toBe(before + 1);
    fake.invalidateTokens();
    const scene = await loginScene();
    expect(scene.qrUrl).toMatch(/weixin\.qq\.com/);
    expect(fake.state.tokenFetches).toBe(before + 2);
  });

  it('limits scenes per network', async () => {
    const ip = randomIp();
    const results = await Promise.all(Array.from({ length: 31 }, () => client(mp.url, { ip }).post('/auth/wechat/scene')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(30);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: '获取二维码过于频繁，请稍后再试' });
  });

  it('refuses the sandbox phone', async () => {
    const scene = await loginScene();
    const api = client(mp.url);
    const look = await api.get(`/wechat/sandbox/scene?${new URLSearchParams({ sceneStr: scene.sceneStr, t: 'x' })}`);
    expect(look.body).toMatchObject({ code: 'NOT_FOUND', message: '沙箱微信登录未启用' });
    const press = await api.post('/wechat/sandbox/scan', { sceneStr: scene.sceneStr, t: 'x', nickname: '测试微信用户' });
    expect(press.status).toBe(404);
    expect((await sceneRow(scene)).status).toBe('pending');
  });
});

describe('binding WeChat to a signed-in account', () => {
  const bindScene = async (accessToken: string) => {
    const res = await client(mp.url).post<Scene>('/user/wechat/bind-scene', {}, accessToken);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const bind = (scene: Scene, accessToken: string) =>
    client(mp.url).post('/user/wechat/bind', { sceneStr: scene.sceneStr, sceneSecret: scene.sceneSecret }, accessToken);

  it('needs a session', async () => {
    expect((await client(mp.url).post('/user/wechat/bind-scene')).status).toBe(401);
    expect((await client(mp.url).post('/user/wechat/unbind')).status).toBe(401);
  });

  it('a scanned bind scene sets the openid and nickname; the WeChat then logs into the phone account', async () => {
    const me = await login(mp.url);
    const scene = await bindScene(me.accessToken);
    const openid = newOpenid();
    fake.state.profiles.set(openid, { nickname: '小红' });
    expect((await bind(scene, me.accessToken)).body.code).toBe('WECHAT_NOT_SCANNED');
    await scan(scene, openid);
    const res = await bind(scene, me.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: me.user.id, phone: me.phone, wechat_nickname: '小红' });
    expect((await userByOpenid(openid))[0]!.id).toBe(me.user.id);
    expect((await bind(scene, me.accessToken)).body.message).toBe('二维码已使用，请刷新二维码');

    const loginViaWechat = await loginScene();
    await scan(loginViaWechat, openid);
    expect((await loginWith(loginViaWechat)).body.data).toMatchObject({ isNewUser: false, user: { id: me.user.id } });
  });

  it('a login scene cannot bind and a bind scene cannot log in, nor serve another user', async () => {
    const me = await login(mp.url);
    const other = await login(mp.url);
    const mine = await bindScene(me.accessToken);
    await scan(mine, newOpenid());
    expect((await loginWith(mine)).body.code).toBe('WECHAT_SCENE_INVALID');
    expect((await bind(mine, other.accessToken)).body.code).toBe('WECHAT_SCENE_INVALID');
    const loginCode = await loginScene();
    await scan(loginCode, newOpenid());
    expect((await bind(loginCode, me.accessToken)).body.code).toBe('WECHAT_SCENE_INVALID');
    expect((await bind(mine, me.accessToken)).status).toBe(200);
  });

  it('a WeChat that another (WeChat-only) account holds answers with the merge to confirm, changing nothing until then (ADR 0039)', async () => {
    const openid = newOpenid();
    const wechatUser = await loginScene();
    await scan(wechatUser, openid);
    const owner = (await loginWith(wechatUser)).body.data.user;

    const me = await login(mp.url);
    const scene = await bindScene(me.accessToken);
    await scan(scene, openid);
    const res = await bind(scene, me.accessToken);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_MERGE_REQUIRED', data: { wechatAccount: { points: owner.total_points } } });
    const [meRow] = await mp.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(meRow).toMatchObject({ wechatOpenid: null, wechatNickname: null });
    expect((await userByOpenid(openid))[0]!.id).toBe(owner.id);
    expect((await sceneRow(scene)).status).toBe('scanned');

    // Confirmed by the phone account that scanned: it keeps its session and now holds the WeChat.
    const merged = await client(mp.url).post('/user/account-merge', { mergeTicket: res.body.data.mergeTicket }, me.accessToken);
    expect(merged.status).toBe(200);
    expect(merged.body.data.accessToken).toBeUndefined();
    expect(merged.body.data.user.total_points).toBe(me.user.total_points + owner.total_points);
    expect((await userByOpenid(openid))[0]!.id).toBe(me.user.id);
    const [closed] = await mp.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(closed).toMatchObject({ mergedIntoUserId: me.user.id, pointsCents: 0 });
    // The WeChat now logs into the phone account.
    const again = await loginScene();
    await scan(again, openid);
    expect((await loginWith(again)).body.data.user.id).toBe(me.user.id);
  });

  it('a WeChat whose account has its own phone is refused: two phones are never merged', async () => {
    const openid = newOpenid();
    const holderScene = await loginScene();
    await scan(holderScene, openid);
    const holder = (await loginWith(holderScene)).body.data;
    await mp.database.db.update(users).set({ phone: randomPhone() }).where(eq(users.id, holder.user.id));

    const me = await login(mp.url);
    const scene = await bindScene(me.accessToken);
    await scan(scene, openid);
    const res = await bind(scene, me.accessToken);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', message: '该微信已绑定其他手机号账号，请先在该账号解绑微信后再试' });
    expect((await userByOpenid(openid))[0]!.id).toBe(holder.user.id);
  });

  it('unbinding needs a phone: a WeChat-only account is refused, a phone account unbinds', async () => {
    const wechatOnly = await loginScene();
    await scan(wechatOnly, newOpenid());
    const { accessToken } = (await loginWith(wechatOnly)).body.data;
    const refused = await client(mp.url).post('/user/wechat/unbind', {}, accessToken);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'PHONE_REQUIRED', message: '请先绑定手机号后再解绑微信' });
    expect(await userByOpenid((await sceneRow(wechatOnly)).openid!)).toHaveLength(1);

    const me = await login(mp.url);
    const scene = await bindScene(me.accessToken);
    const openid = newOpenid();
    await scan(scene, openid);
    await bind(scene, me.accessToken);
    const unbound = await client(mp.url).post('/user/wechat/unbind', {}, me.accessToken);
    expect(unbound.status).toBe(200);
    expect(unbound.body.data).toMatchObject({ wechat_nickname: null, phone: me.phone });
    expect(await userByOpenid(openid)).toHaveLength(0);
  });

  it('a WeChat-only account reads and edits its profile like any other', async () => {
    const scene = await loginScene();
    await scan(scene, newOpenid());
    const { accessToken } = (await loginWith(scene)).body.data;
    const saved = await client(mp.url).put('/user/profile', { username: '新名字', phone: '' }, accessToken);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ username: '新名字', phone: null });
  });
});

describe('the sandbox (WECHAT_LOGIN=sandbox, the embedded default)', () => {
  const sandboxApi = () => client(sandbox.url);
  const ticketOf = (scene: Scene) => new URL(scene.qrUrl).searchParams.get('t')!;

  it('the QR code opens the local phone page; confirming as a test user logs in, the same name into the same account', async () => {
    const scene = await loginScene(sandbox);
    const url = new URL(scene.qrUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`https://liuxue.example.com/sandbox-wechat/${scene.sceneStr}`);
    const t = ticketOf(scene);
    const look = await sandboxApi().get(`/wechat/sandbox/scene?${new URLSearchParams({ sceneStr: scene.sceneStr, t })}`);
    expect(look.body.data).toMatchObject({ sceneStr: scene.sceneStr, purpose: 'login', status: 'pending', nickname: null });

    const ws = await openSocket(sandbox.url);
    ws.send('SCAN_LOGIN_LISTEN', { sceneStr: scene.sceneStr });
    await ws.next((m) => m.type === 'SCAN_LOGIN_STATUS');
    const nickname = `测试微信用户${randomBytes(3).toString('hex')}`;
    const pressed = await sandboxApi().post('/wechat/sandbox/scan', { sceneStr: scene.sceneStr, t, nickname });
    expect(pressed.status).toBe(200);
    expect(pressed.body.data).toMatchObject({ status: 'scanned', nickname });
    await ws.next((m) => m.type === 'SCAN_LOGIN_STATUS' && m.data.status === 'scanned');
    ws.close();
    const again = await sandboxApi().post('/wechat/sandbox/scan', { sceneStr: scene.sceneStr, t, nickname: '别人' });
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: '二维码已被扫描' });

    const first = await loginWith(scene, sandbox);
    expect(first.body.data).toMatchObject({ isNewUser: true, user: { wechat_nickname: nickname, phone: null } });
    expect((await userByOpenid(sandboxOpenid(nickname), sandbox))[0]!.id).toBe(first.body.data.user.id);

    const next = await loginScene(sandbox);
    await sandboxApi().post('/wechat/sandbox/scan', { sceneStr: next.sceneStr, t: ticketOf(next), nickname });
    expect((await loginWith(next, sandbox)).body.data).toMatchObject({ isNewUser: false, user: { id: first.body.data.user.id } });
  });

  it('refuses a link without its signature, or signed for another scene', async () => {
    const scene = await loginScene(sandbox);
    const other = await loginScene(sandbox);
    for (const t of ['', 'x'.repeat(64), ticketOf(other)]) {
      const look = await sandboxApi().get(`/wechat/sandbox/scene?${new URLSearchParams({ sceneStr: scene.sceneStr, t })}`);
      expect(look.status).toBe(404);
      const press = await sandboxApi().post('/wechat/sandbox/scan', { sceneStr: scene.sceneStr, t, nickname: '测试微信用户' });
      expect(press.status).toBe(404);
    }
    expect((await sceneRow(scene, sandbox)).status).toBe('pending');
    const expired = await loginScene(sandbox);
    await sandbox.database.db
      .update(wechatScenes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(wechatScenes.sceneStr, expired.sceneStr));
    const late = await sandboxApi().post('/wechat/sandbox/scan', {
      sceneStr: expired.sceneStr,
      t: ticketOf(expired),
      nickname: '测试微信用户',
    });
    expect(late.body).toMatchObject({ code: 'CONFLICT', message: '二维码已过期，请在电脑上刷新二维码' });
  });

  it('binds through the sandbox phone too, and has no Official Account callback', async () => {
    const me = await login(sandbox.url);
    const scene = (await client(sandbox.url).post<Scene>('/user/wechat/bind-scene', {}, me.accessToken)).body.data;
    const look = await sandboxApi().get(`/wechat/sandbox/scene?${new URLSearchParams({ sceneStr: scene.sceneStr, t: ticketOf(scene) })}`);
    expect(look.body.data.purpose).toBe('bind');
    await sandboxApi().post('/wechat/sandbox/scan', {
      sceneStr: scene.sceneStr,
      t: ticketOf(scene),
      nickname: `绑定用户${randomBytes(3).toString('hex')}`,
    });
    const bound = await client(sandbox.url).post(
      '/user/wechat/bind',
      { sceneStr: scene.sceneStr, sceneSecret: scene.sceneSecret },
      me.accessToken,
    );
    expect(bound.body.data.wechat_nickname).toMatch(/^绑定用户/);

    const callback = await pushEvent(sandbox.url, TOKEN, eventXml({ openid: newOpenid(), event: 'SCAN', eventKey: scene.sceneStr }));
    expect(callback.status).toBe(404);
    const [row] = await sandbox.database.db
      .select()
      .from(users)
      .where(and(eq(users.id, me.user.id)));
    expect(row!.wechatOpenid).toMatch(/^o_sandbox_/);
  });
});
