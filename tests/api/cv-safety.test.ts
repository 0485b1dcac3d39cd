import { timeLimit } from '../fixtures/event-loop';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CV_FILE_MESSAGES } from '../../server/ai/cv/errors';
import { PDF_LIMITS } from '../../server/ai/cv/pdf-scan';
import { compoundFile, pdfDeflateBomb, pdfWithOperators } from '../fixtures/cv/generate';
import { login, startTestServer, type Envelope, type TestServer } from './harness';
import { withoutLibreOffice } from '../fixtures/without-libreoffice';

/**
 * Issue 22: reading a CV must never stall the server for other users. Parsing runs in the
 * extraction worker, a PDF is weighed before it is read, one user holds one extraction slot, and
 * a .doc reads without LibreOffice.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FIXTURES = path.resolve('tests/fixtures/cv');

async function upload(route: 'auto-cv-detection' | 'extract-text', token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/ai/${route}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as Envelope<Record<string, any>>;
  return { status: res.status, body, ms: performance.now() - started };
}

/**
 * How long another request takes, again and again every 20 ms until `work` settles. Each figure
 * counts from when the request was due, so a stall of the event loop between two requests (the
 * client runs in the server's process) counts too.
 */
async function latenciesWhile(work: Promise<unknown>) {
  let settled = false;
  void work.finally(() => (settled = true)).catch(() => {});
  const latencies: number[] = [];
  let due = performance.now();
  while (!settled) {
    const res = await fetch(`${server.url}/api/v1/system/notifications/active/list`);
    await res.json();
    const answered = performance.now();
    latencies.push(answered - due);
    due = answered + 20;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

describe('a hostile CV does not stall other requests', () => {
  it.each([
    ['100,000 × a on one line', 'a'.repeat(100_000)],
    ['a 100,000-character line with a GPA', `GPA 3.8/4.0 ${'a'.repeat(100_000)}`],
  ])('%s: read within the limit while other requests answer within timeLimit(100 ms)', async (name, text) => {
    const me = await login(server.url);
    // Warm: the first request of a route and the first upload pay for compiling their code paths.
    await latenciesWhile(
      upload('auto-cv-detection', me.accessToken, Buffer.from('张三\n教育背景\n2020.09-2024.06 北京大学 本科\nGPA 3.8'), 'warm.txt'),
    );
    const detection = upload('auto-cv-detection', me.accessToken, Buffer.from(text), 'cv.txt');
    const latencies = await latenciesWhile(detection);
    const { status, body, ms } = await detection;
    expect(status, JSON.stringify(body)).toBe(200);
    if (name.includes('GPA')) expect(body.data.detected.gpa).toMatchObject({ value: 3.8, scale: 4 });
    expect(ms).toBeLessThan(20_000);
    expect(latencies.length).toBeGreaterThan(2);
    expect(Math.max(...latencies)).toBeLessThan(timeLimit(100));
  });
});

describe('PDFs weighed before they are read', () => {
  it.each([
    ['a stream bomb (208 KB inflating to 200 MB)', () => pdfDeflateBomb(200 * 1024 * 1024), 'pdf-inflate'],
    ['3 million text operators', () => pdfWithOperators(3_000_000), 'pdf-operators'],
  ])('%s: refused fast with a Chinese message', async (_name, make, reason) => {
    const me = await login(server.url);
    const { status, body, ms } = await upload('extract-text', me.accessToken, make(), 'essay.pdf');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'FILE_INVALID', message: '文件内容过于复杂，无法读取', data: { reason } });
    expect(ms).toBeLessThan(3_000);
  });
});

describe('the extraction slots', () => {
  it('one user cannot hold both: another user’s file is read promptly, and a third file of theirs gets 429', async () => {
    const [heavyUser, other] = await Promise.all([login(server.url), login(server.url)]);
    // Just under the PDF limits: each holds a slot for a few seconds.
    const heavy = pdfWithOperators(PDF_LIMITS.maxOperators - 10_000, 'abcdef');
    const started = performance.now();
    const finished: number[] = [];
    const heavyOnes = ['a.pdf', 'b.pdf', 'c.pdf'].map((name) =>
      upload('extract-text', heavyUser.accessToken, heavy, name).then((result) => {
        if (result.status === 200) finished.push(performance.now() - started);
        return result;
      }),
    );
    // The other user's CV comes in once the heavy user's files hold the slots (or wait for one).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = await upload('extract-text', other.accessToken, readFileSync(path.join(FIXTURES, 'en-stats.utf16.txt')), 'cv.txt');
    const otherDone = performance.now() - started;
    expect(mine.status).toBe(200);
    const results = await Promise.all(heavyOnes);
    // One reading, one waiting, the third refused.
    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 429]);
    expect(results.find((result) => result.status === 429)!.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: '你有文件正在读取，请稍后再试',
    });
    expect(otherDone).toBeLessThan(Math.min(...finished));
  });
});

describe('.doc without LibreOffice', () => {
  it('a .doc CV is read in process and detected', async () => {
    const me = await login(server.url);
    const { status, body } = await withoutLibreOffice(() =>
      upload('auto-cv-detection', me.accessToken, readFileSync(path.join(FIXTURES, 'zh-master-accounting.doc')), 'cv.doc'),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      format: 'doc',
      detected: { name: { value: '赵雨桐' } },
      profileData: { currentSchool: '上海财经大学' },
    });
  });

  it('a .doc nothing can read: a clear Chinese error, not 500', async () => {
    const me = await login(server.url);
    const fib = Buffer.alloc(2048, 0x41);
    fib.writeUInt16LE(0xa5ec, 0);
    fib.writeUInt16LE(0x00c1, 2);
    fib.writeUInt16LE(0, 0x0a);
    const broken = compoundFile({ WordDocument: fib, '1Table': Buffer.alloc(512, 0x42) });
    const { status, body } = await withoutLibreOffice(() => upload('auto-cv-detection', me.accessToken, broken, 'cv.doc'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'FILE_INVALID', message: CV_FILE_MESSAGES.docUnreadable });
  });
});
