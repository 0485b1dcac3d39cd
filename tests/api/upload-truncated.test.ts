import net from 'node:net';
import { login, type TestServer } from './harness';
import { startWebTestServer, webSessionCookie } from './web-server';

/**
 * Issue 22: a multipart body that ends inside its file part (no closing boundary) made busboy's
 * file stream emit an `error` nobody listened to, and the process exited. Each upload path, the
 * web's passthrough included, must answer 4xx (or close) and keep serving.
 */
let server: TestServer;
let token: string;
let cookie: string;
beforeAll(async () => {
  server = await startWebTestServer();
  const session = await login(server.url);
  token = session.accessToken;
  cookie = await webSessionCookie(server, session);
}, 180_000);
afterAll(() => server?.close());

/** What would have killed a real process (vitest catches it, so the test must look for it). */
const uncaught: Error[] = [];
const monitor = (error: Error) => uncaught.push(error);
beforeAll(() => void process.on('uncaughtExceptionMonitor', monitor));
afterAll(() => void process.off('uncaughtExceptionMonitor', monitor));

const TRUNCATED = Buffer.from(
  '--XB\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello',
);

/**
 * Sends `head` and `body` over a raw socket and reads until the server closes it (or `abortAfter`
 * bytes of the body, when the client gives up mid-upload). Resolves with the status line's code,
 * or null when the connection ended without an answer.
 */
function rawRequest(path: string, auth: Record<string, string>, body: Buffer, declaredLength = body.length, abort = false) {
  return new Promise<{ status: number | null; text: string }>((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : null, text: Buffer.from(text, 'latin1').toString('utf8') });
    });
    const headers = [
      `POST ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: multipart/form-data; boundary=XB',
      `Content-Length: ${declaredLength}`,
      'Connection: close',
      ...Object.entries(auth).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    socket.write(headers);
    socket.write(body);
    if (abort) setTimeout(() => socket.destroy(), 100);
    // A server that never answers is a failure too; the test's timeout would hide which path.
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

const stillUp = async () => {
  // An error thrown on a later tick still belongs to this request.
  await new Promise((r) => setTimeout(r, 50));
  expect(uncaught.map((e) => e.message)).toEqual([]);
  const res = await fetch(`${server.url}/api/v1/packages`);
  expect(res.status).toBe(200);
};

const PATHS = [
  { path: '/api/v1/ai/extract-text', auth: () => ({ Authorization: `Bearer ${token}` }) },
  { path: '/api/v1/ai/auto-cv-detection', auth: () => ({ Authorization: `Bearer ${token}` }) },
  { path: '/resources/api/ai/auto-cv-detection', auth: () => ({ Cookie: cookie }) },
  { path: '/resources/api/ai/extract-text', auth: () => ({ Cookie: cookie }) },
];

describe('a multipart body that ends inside the file part', () => {
  it.each(PATHS)('$path answers 400 上传格式错误 and the server keeps serving', async ({ path, auth }) => {
    const res = await rawRequest(path, auth(), TRUNCATED);
    expect(res.status).toBe(400);
    expect(res.text).toContain('上传格式错误，请重新上传');
    await stillUp();
  });

  it.each(PATHS)('$path: a client that goes away mid-upload leaves the server up', async ({ path, auth }) => {
    // Declares more than it sends, then closes: the request never completes.
    const res = await rawRequest(path, auth(), TRUNCATED, TRUNCATED.length + 10_000, true);
    expect(res.status === null || (res.status >= 400 && res.status < 500)).toBe(true);
    await stillUp();
  });

  it('a declared length longer than the body, then the client half-closes: answered or closed, never a crash', async () => {
    const res = await new Promise<string>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(text));
      socket.write(
        `POST /api/v1/ai/extract-text HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=XB\r\nContent-Length: 9999\r\n\r\n`,
      );
      socket.end(TRUNCATED);
      setTimeout(() => socket.destroy(), 10_000).unref();
    });
    expect(res === '' || /^HTTP\/1\.1 4\d\d/.test(res)).toBe(true);
    await stillUp();
  });

  it('a complete upload still works after all that', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello world, this is a plain text file.'], { type: 'text/plain' }), 'a.txt');
    const res = await fetch(`${server.url}/api/v1/ai/extract-text`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
  });
});
