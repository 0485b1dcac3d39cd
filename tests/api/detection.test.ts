import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { aiDetections } from '../../db/schema';
import { ledgerMismatches } from '../../server/domain/points/ledger';
import { client, login, startTestServer, type TestServer } from './harness';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/detection/${name}`, import.meta.url), 'utf8');
const AI_ESSAY = fixture('ai-essay-en.txt');
const HUMAN_ESSAY = fixture('human-essay-en.txt');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const balanceOf = async (token: string) => (await client(server.url).get('/user/info', token)).body.data.total_points as number;

describe('POST /api/v1/ai/detect (查AI率)', () => {
  it('checks a text, charges AI check once, keeps the rate for the page and the work', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    const work = (await api.post('/works', { title: 'PS', type: 'ps', content: { blocks: [] } }, me.accessToken)).body.data;
    const before = await balanceOf(me.accessToken);

    const res = await api.post('/ai/detect', { text: AI_ESSAY, workId: work.id, pageIdentifier: 'reduce-ai' }, me.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.data;
    expect(result).toMatchObject({ label: 'ai', language: 'en', writingId: work.id, workId: work.id, points: 2 });
    expect(result.aiRate).toBeGreaterThan(50);
    expect(result.band.low).toBeLessThanOrEqual(result.aiRate);
    expect(result.band.high).toBeGreaterThanOrEqual(result.aiRate);
    expect(result.sentences.length).toBeGreaterThan(5);
    expect(result.sentences[0]).toMatchObject({ text: expect.any(String), aiRate: expect.any(Number) });
    expect(result.reasons.length).toBeGreaterThan(0);
    expect(result.modelVersion).toMatch(/^aigc-/);
    expect(await balanceOf(me.accessToken)).toBe(before - 2);

    // The work keeps its last rate; the page and the work answer GET /api/ai-rate/… (outside /v1, as the spec has it).
    // The work keeps the rate as shown (one decimal) and the label it was given, so its badge agrees with the check.
    expect((await api.get(`/works/${work.id}`, me.accessToken)).body.data).toMatchObject({ aiRate: result.aiRate, aiLabel: 'ai' });
    // The result carries the model's thresholds; each sentence its label and, when suspicious, its reasons.
    expect(result.thresholds).toEqual({ mixed: expect.any(Number), ai: expect.any(Number) });
    expect(result.thresholds.ai).toBeGreaterThan(result.thresholds.mixed);
    expect(result.sentences.filter((s: { label: string }) => s.label === 'ai').length).toBeGreaterThan(0);
    for (const s of result.sentences) if (s.label !== 'human') expect(s.reasons.length).toBeGreaterThan(0);
    const latest = { aiRate: result.aiRate, writingId: work.id, label: 'ai', checkedAt: result.created_at };
    for (const id of ['reduce-ai', work.id]) {
      const viaSpec = await fetch(`${server.url}/api/ai-rate/${id}`, { headers: { authorization: `Bearer ${me.accessToken}` } });
      expect(viaSpec.status).toBe(200);
      expect((await viaSpec.json()).data).toEqual(latest);
      expect((await api.get(`/ai-rate/${id}`, me.accessToken)).body.data).toEqual(latest);
    }

    // A later check of the human essay on the same page replaces what the page reads; without a work, writingId is the check's id.
    const human = (await api.post('/ai/detect', { text: HUMAN_ESSAY, pageIdentifier: 'reduce-ai' }, me.accessToken)).body.data;
    expect(human).toMatchObject({ label: 'human', workId: null, writingId: human.id });
    expect(human.aiRate).toBeLessThan(40);
    expect((await api.get('/ai-rate/reduce-ai', me.accessToken)).body.data).toMatchObject({
      aiRate: human.aiRate,
      writingId: human.id,
      label: 'human',
    });
    // The text itself is not kept.
    const rows = await server.database.db.select().from(aiDetections).where(eq(aiDetections.userId, me.user.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('greenhouse');
  });

  it('refuses without charging: a text too short, an empty one, a stranger’s work; nobody reads another’s rate', async () => {
    const me = await login(server.url);
    const other = await login(server.url);
    const api = client(server.url);
    const before = await balanceOf(me.accessToken);

    const short = await api.post('/ai/detect', { text: 'Hello there, this is short.' }, me.accessToken);
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: '文本过短，无法可靠判断',
      data: { field: 'text', reason: 'TEXT_TOO_SHORT' },
    });
    expect((await api.post('/ai/detect', { text: '   ' }, me.accessToken)).body.message).toBe('请输入要检测的文本');
    expect((await api.post('/ai/detect', { text: 'x'.repeat(20_001) }, me.accessToken)).body.message).toBe('检测文本不能超过20000个字符');
    expect((await api.post('/ai/detect', { text: AI_ESSAY, pageIdentifier: '../etc' }, me.accessToken)).body.message).toBe('页面标识无效');
    const theirs = (await api.post('/works', { title: 'x', type: 'ps', content: { blocks: [] } }, other.accessToken)).body.data;
    const stranger = await api.post('/ai/detect', { text: AI_ESSAY, workId: theirs.id }, me.accessToken);
    expect(stranger.status).toBe(404);
    expect(await balanceOf(me.accessToken)).toBe(before);

    await api.post('/ai/detect', { text: AI_ESSAY, pageIdentifier: 'private-page' }, other.accessToken);
    expect((await api.get('/ai-rate/private-page', me.accessToken)).status).toBe(404);
    expect((await api.get(`/ai-rate/${theirs.id}`, me.accessToken)).status).toBe(404);
    expect((await api.get('/ai-rate/never-checked', me.accessToken)).body).toMatchObject({ code: 'NOT_FOUND', message: '还没有检测记录' });
    expect((await fetch(`${server.url}/api/ai-rate/reduce-ai`)).status).toBe(401);
    expect((await api.post('/ai/detect', { text: AI_ESSAY })).status).toBe(401);
  });

  it('402 with the shortage when the balance is short: no result, no record', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    // Spend the balance down to under one check's price.
    const balance = await balanceOf(me.accessToken);
    const { reserve } = await import('../../server/domain/points/spending');
    await reserve(server.database.db, {
      userId: me.user.id,
      source: 'ai_check',
      cents: Math.round(balance * 100) - 100,
      key: `drain:${me.user.id}`,
    });
    const res = await api.post('/ai/detect', { text: AI_ESSAY }, me.accessToken);
    expect(res.status).toBe(402);
    expect(res.body.data.shortage).toEqual({ required: 2, available: 1 });
    expect(res.body.data.aiRate).toBeUndefined();
    expect(await server.database.db.select().from(aiDetections).where(eq(aiDetections.userId, me.user.id))).toEqual([]);
  });

  it('reads an uploaded document by its content, free: docx and pdf; anything else refused with the spec’s words', async () => {
    const me = await login(server.url);
    const before = await balanceOf(me.accessToken);
    const upload = async (name: string, bytes: Buffer | string) => {
      const form = new FormData();
      form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
      const res = await fetch(`${server.url}/api/v1/ai/extract-text`, {
        method: 'POST',
        headers: { authorization: `Bearer ${me.accessToken}` },
        body: form,
      });
      return { status: res.status, body: await res.json() };
    };
    const docx = await upload('cv.docx', readFileSync(new URL('../fixtures/cv/zh-undergrad-cs.docx', import.meta.url)));
    expect(docx.status).toBe(200);
    expect(docx.body.data).toMatchObject({ format: 'docx', truncated: false });
    expect(docx.body.data.text).toContain('浙江大学');
    expect(docx.body.data.text).not.toContain('\t');
    const pdf = await upload('essay.pdf', readFileSync(new URL('../fixtures/cv/en-msc-finance.pdf', import.meta.url)));
    expect(pdf.body.data.format).toBe('pdf');
    // The name says .txt, the content is a PNG: refused by content.
    const png = await upload('essay.txt', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(png.status).toBe(415);
    expect(png.body.message).toBe('仅支持pdf, doc, docx和txt格式的文件');
    const long = await upload('long.txt', HUMAN_ESSAY.repeat(20));
    expect(long.body.data.truncated).toBe(true);
    expect(long.body.data.text.length).toBe(20_000);
    expect(await balanceOf(me.accessToken)).toBe(before);
    expect((await fetch(`${server.url}/api/v1/ai/extract-text`, { method: 'POST' })).status).toBe(401);
  });

  it('answers with honest evidence (issue 24): no 100.0% or point band, true sentence reasons, whole content words', async () => {
    const me = await login(server.url);
    const api = client(server.url);
    const res = await api.post('/ai/detect', { text: AI_ESSAY }, me.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = res.body.data;
    expect(r.label).toBe('ai');
    // The essay that was shown as 100.0% with a band of 100.0%–100.0%.
    expect(r.aiRate).toBeLessThanOrEqual(99.9);
    expect(r.band.high).toBeGreaterThan(r.band.low);
    expect(r.band.low).toBeLessThan(r.aiRate);
    const sentences = r.sentences as { text: string; aiRate: number; reasons?: string[] }[];
    for (const s of sentences) expect(s.aiRate).toBeLessThanOrEqual(99.9);
    // “句首…连接词” only on a sentence that starts with one.
    const connectiveStart = /^(?:moreover|furthermore|additionally|ultimately|in conclusion|however|overall|finally)\b/i;
    const withStart = sentences.filter((s) => (s.reasons ?? []).some((x) => /句首.*连接词/.test(x)));
    expect(withStart.length).toBeGreaterThan(0);
    for (const s of withStart) expect(s.text).toMatch(connectiveStart);
    // Quoted evidence: whole words of the text, never function words.
    const quoted = [
      ...[...r.reasons, ...sentences.flatMap((s) => s.reasons ?? [])]
        .filter((x: string) => /措辞/.test(x))
        .join(' ')
        .matchAll(/“([^”]+)”/g),
    ].map((m) => m[1]!);
    expect(quoted.length).toBeGreaterThan(5);
    for (const q of quoted) {
      expect(['the', 'is', 'was', 'making', 'what', 'then', 'my', 'and'], q).not.toContain(q);
      expect(AI_ESSAY.toLowerCase(), q).toMatch(new RegExp(`(?<![a-z'])${q}(?![a-z'])`));
    }
  });

  it('the ledger matches every balance afterwards', async () => {
    expect(await ledgerMismatches(server.database.db)).toEqual([]);
  });
});
