import { login, startTestServer, type TestServer } from './harness';

/**
 * Issue 22: a lone UTF-16 surrogate (`\ud800` in the JSON text) is valid JSON, but PostgreSQL
 * refuses it in text and jsonb, so it answered 500. It is refused up front with 400, like NUL.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await login(server.url)).accessToken;
});
afterAll(() => server?.close());

const post = (path: string, body: string | Uint8Array, contentType = 'application/json') =>
  fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    body: body as BodyInit,
  });

/** Each body carries `S` where a lone surrogate escape goes. */
const WRITES = [
  { path: '/client-profiles', body: (s: string) => `{"name":"王${s}"}` },
  { path: '/client-profiles', body: (s: string) => `{"name":"王小明","data":{"notes":"x${s}y"}}` },
  { path: '/works', body: (s: string) => `{"title":"PS${s}","type":"free","content":{"blocks":[]}}` },
  {
    path: '/works',
    body: (s: string) =>
      `{"title":"PS","type":"free","content":{"blocks":[{"id":"b1","type":"paragraph","content":[{"type":"text","text":"${s}","styles":{}}]}]}}`,
  },
  { path: '/user-operation-logs', body: (s: string) => `{"operation_type":"x","operation_result":"fail","metadata":{"note":"${s}"}}` },
  { path: '/user-operation-logs', body: (s: string) => `{"operation_type":"x","operation_result":"fail","metadata":{"${s}":1}}` },
];
const LONE = ['\\ud800', '\\uDBFF', '\\udc00', '\\uDfFf', '\\ud800\\u0041', '\\ud83d', '\\ude00\\ud83d', '\\ud800\\ud800\\udc00x'];

describe('a lone surrogate in a JSON body', () => {
  it.each(WRITES.flatMap((w) => LONE.map((s) => ({ ...w, s }))))('$path with $s: 400 请求内容包含无效字符', async ({ path, body, s }) => {
    const res = await post(path, body(s));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message: '请求内容包含无效字符' });
  });

  it('a valid pair, any hex case, and an escaped backslash before u are accepted and stored as sent', async () => {
    const res = await post('/client-profiles', '{"name":"王\\ud83d\\uDE00","data":{"notes":"C:\\\\ud800 \\uD83D\\ude00"}}');
    expect(res.status).toBe(201);
    const created = (await res.json()).data;
    expect(created.name).toBe('王😀');
    const read = await fetch(`${server.url}/api/v1/client-profiles/${created.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await read.json()).data.data.notes).toBe('C:\\ud800 😀');
  });

  it('raw surrogate bytes (invalid UTF-8) never reach the database as a lone surrogate: no 500', async () => {
    const raw = Buffer.concat([Buffer.from('{"name":"王'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);
    const res = await post('/client-profiles', raw);
    expect(res.status).toBeLessThan(500);
  });

  it('a UTF-16 body cannot carry one past the check either', async () => {
    const text = Buffer.from('{"name":"王X"}', 'utf16le');
    // The X's code unit becomes a lone high surrogate.
    const at = text.indexOf(Buffer.from('X', 'utf16le'));
    text.writeUInt16LE(0xd800, at);
    const res = await post('/client-profiles', text, 'application/json; charset=utf-16le');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
