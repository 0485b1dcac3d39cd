import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { pointsLedger } from '../../db/schema';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { client, login, startTestServer, type TestServer } from './harness';

/** ADR 0040: nothing is charged for work that delivered nothing useful; every price is known before. */
const AI_ESSAY = readFileSync(new URL('../fixtures/detection/ai-essay-en.txt', import.meta.url), 'utf8');
const AI_DRAFT = readFileSync(new URL('../fixtures/detection/ai-draft-edited-en.txt', import.meta.url), 'utf8');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const balanceOf = async (token: string) => (await client(server.url).get('/user/info', token)).body.data.total_points as number;
const consumptions = (userId: string) =>
  server.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.type, 'consumption')));

async function post(path: string, token: string, body: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream'))
    return { status: res.status, json: await res.json(), events: [] as { event: string; data: any }[] };
  const text = await res.text();
  const events = text
    .split('\n\n')
    .map((frame) => ({ event: /^event: (.+)$/m.exec(frame)?.[1], data: /^data: (.+)$/m.exec(frame)?.[1] }))
    .filter((f) => f.event && f.data)
    .map((f) => ({ event: f.event!, data: JSON.parse(f.data!) }));
  return { status: res.status, json: null, events };
}

describe('honest charging with the offline engine (no language model)', () => {
  it('改写, 重写, 扩写 and 译为英文 are refused before any reservation: balance unchanged, no consumption row, no operation', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    for (const body of [
      { operation: 'rephrase', input: { selectedText: '我在实验室做了两年研究。' } },
      { operation: 'rewrite', input: { selectedText: '我在实验室做了两年研究。' } },
      { operation: 'expand', input: { selectedText: '我在实验室做了两年研究。' } },
      { operation: 'translate', input: { selectedText: '我在实验室做了两年研究。', targetLanguage: 'en' } },
    ]) {
      const res = await post('/ai/generate', me.accessToken, body);
      expect(res.status, body.operation).toBe(409);
      expect(res.json.message).toBe('离线模式（未接入 AI 语言模型）无法完成此操作，未扣积分；接入 AI 服务后可用');
    }
    expect(await balanceOf(me.accessToken)).toBe(before);
    expect(await consumptions(me.user.id)).toEqual([]);
    expect((await client(server.url).get('/ai/operations', me.accessToken)).body.data.total).toBe(0);
  });

  it('the offline engine’s own work (a template draft, 精简) is free: no reservation, 0 points', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    const res = await post('/ai/generate', me.accessToken, { operation: 'shorten', input: { selectedText: 'In order to learn, I read.' } });
    expect(res.events.at(-1)).toMatchObject({ event: 'done', data: { operation: { status: 'succeeded', points: 0, pointsReserved: 0 } } });
    expect(await balanceOf(me.accessToken)).toBe(before);
    expect(await consumptions(me.user.id)).toEqual([]);
  });

  it('GET /ai/prices: every button’s price before it runs; offline tools unavailable or free with the reason', async () => {
    const me = await login(server.url);
    const res = await client(server.url).get('/ai/prices', me.accessToken);
    expect(res.status).toBe(200);
    const of = (op: string) => res.body.data.items.find((i: { operation: string }) => i.operation === op);
    expect(res.body.data.offline).toBe(true);
    expect(of('rephrase')).toMatchObject({ available: false, points: 0, note: expect.stringContaining('离线模式') });
    expect(of('translate')).toMatchObject({ available: false });
    expect(of('shorten')).toMatchObject({ available: true, free: true, points: 0, note: '离线引擎，未接入 AI 语言模型' });
    expect(of('ps')).toMatchObject({ available: true, free: true, points: 0 });
    expect(of('reduce')).toMatchObject({ available: true, free: false, points: 5, pointsPer1000Chars: 5 });
    expect(of('detect')).toMatchObject({ points: 2, pointsPer1000Chars: 0 });
  });
});

describe('降AI率 that misses', () => {
  it('drops < 10 points and misses the target: the reservation is refunded, the ledger row says why, the balance unchanged', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    const res = await post('/ai/reduce', me.accessToken, { text: AI_ESSAY, mode: 'light', target: 5 });
    expect(res.status).toBe(200);
    expect(res.events[0]!.data.pointsReserved).toBeGreaterThan(0);
    const done = res.events.at(-1)!;
    expect(done.event).toBe('done');
    const { before: b, after: a } = done.data.result;
    expect(b.aiRate - a.aiRate).toBeLessThan(10);
    expect(a.aiRate).toBeGreaterThan(5);
    expect(done.data.points).toBe(0);
    expect(done.data.uncharged).toMatch(/^降AI率未达标.*未扣积分/);
    expect(await balanceOf(me.accessToken)).toBe(before);
    const [row] = await consumptions(me.user.id);
    expect(row).toMatchObject({ source: 'ai_reduce', status: 'failed', errorMessage: done.data.uncharged });
    // The result can still be saved (its sentences are kept), free like any save.
    const saved = await client(server.url).post(
      `/ai/reduce/${done.data.reductionId}/save`,
      { text: done.data.result.text, title: '未达标' },
      me.accessToken,
    );
    expect(saved.status).toBe(200);
    expect(await balanceOf(me.accessToken)).toBe(before);
  });

  it('a run that drops ≥ 10 points or meets the target is charged as before', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    const res = await post('/ai/reduce', me.accessToken, { text: AI_DRAFT, mode: 'balanced' });
    const done = res.events.at(-1)!;
    const { before: b, after: a, target } = done.data.result;
    expect(b.aiRate - a.aiRate >= 10 || a.aiRate <= target).toBe(true);
    expect(done.data.uncharged).toBeUndefined();
    expect(done.data.points).toBe(res.events[0]!.data.pointsReserved);
    expect(done.data.points).toBeGreaterThan(0);
    expect(await balanceOf(me.accessToken)).toBeCloseTo(before - done.data.points, 2);
    const [row] = await consumptions(me.user.id);
    expect(row).toMatchObject({ source: 'ai_reduce', status: 'success' });
  });

  it('concurrent misses and hits leave the ledger exact', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    const runs = await Promise.all([
      post('/ai/reduce', me.accessToken, { text: AI_ESSAY, mode: 'light', target: 5 }),
      post('/ai/reduce', me.accessToken, { text: AI_DRAFT, mode: 'balanced' }),
      post('/ai/reduce', me.accessToken, { text: AI_ESSAY, mode: 'light', target: 5 }),
    ]);
    const charged = runs.reduce((sum, r) => sum + (r.events.at(-1)!.data.points as number), 0);
    expect(runs[0]!.events.at(-1)!.data.points).toBe(0);
    expect(await balanceOf(me.accessToken)).toBeCloseTo(before - charged, 2);
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });
});
