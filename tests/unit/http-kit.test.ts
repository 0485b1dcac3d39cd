import net, { type AddressInfo } from 'node:net';
import express from 'express';
import { jsonBody, jsonBodyProblem, multipartBody, type MultipartRequest } from '../../server/http/body';
import { errorHandler, ok, requireRole } from '../../server/http/kit';
import { createLogger } from '../../server/logger';

/** A bare Express app with the API kit's pieces, over real HTTP. */
async function serve(setup: (app: express.Express) => void) {
  const app = express();
  setup(app);
  app.use(errorHandler(createLogger('silent')));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((r) => server.close(r)) };
}

describe('requireRole', () => {
  it('answers 403 没有权限访问 to other roles and lets the role through', async () => {
    const app = await serve((a) =>
      a.get(
        '/console',
        (req, res, next) => {
          res.locals.auth = { user: { role: req.get('x-role') } };
          next();
        },
        requireRole('admin'),
        (_req, res) => ok(res, { open: true }),
      ),
    );
    const user = await fetch(`${app.url}/console`, { headers: { 'x-role': 'user' } });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ success: false, code: 'FORBIDDEN', message: '没有权限访问' });
    const admin = await fetch(`${app.url}/console`, { headers: { 'x-role': 'admin' } });
    expect(admin.status).toBe(200);
    await app.close();
  });
});

describe('jsonBody', () => {
  it('finds excessive nesting and NUL escapes without parsing, ignoring brackets inside strings', () => {
    expect(jsonBodyProblem(Buffer.from('[[[1]]]'), 3)).toBeNull();
    expect(jsonBodyProblem(Buffer.from('[[[[1]]]]'), 3)).toBe('too-deep');
    expect(jsonBodyProblem(Buffer.from('{"a":"[[[[[[\\"[[[["}'), 3)).toBeNull();
    expect(jsonBodyProblem(Buffer.from('{"a":"x\\u0000y"}'), 3)).toBe('nul');
    expect(jsonBodyProblem(Buffer.from('{"a":"x\\\\u0000y"}'), 3)).toBeNull();
  });

  it('finds lone surrogate escapes (any hex case), accepts valid pairs, in O(n)', () => {
    const problem = (text: string) => jsonBodyProblem(Buffer.from(text), 32);
    for (const lone of [
      '\\ud800',
      '\\uDBFF',
      '\\udc00',
      '\\uDfFf',
      '\\ud800\\u0041',
      '\\ud800x',
      '\\ude00\\ud83d',
      '\\ud800\\ud800\\udc00',
      '\\ud800\\',
    ]) {
      expect(problem(`{"a":"${lone}"}`), lone).toBe('lone-surrogate');
      expect(problem(`{"${lone}":1}`), lone).toBe('lone-surrogate');
    }
    expect(problem('{"a":"\\ud83d\\ude00 \\uD83D\\uDE00 \\u4e2d"}')).toBeNull();
    // An escaped backslash followed by "ud800" is text, not an escape.
    expect(problem('{"a":"\\\\ud800"}')).toBeNull();
    expect(problem('{"a":"\\\\\\ud800"}')).toBe('lone-surrogate');
    // Outside strings nothing is an escape.
    expect(problem('{"a":1}')).toBeNull();
    const pairs = `{"a":"${'\\ud83d\\ude00'.repeat(150_000)}"}`;
    const started = performance.now();
    expect(problem(pairs)).toBeNull();
    expect(problem(`${pairs.slice(0, -2)}\\ud83d"}`)).toBe('lone-surrogate');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses deep JSON with 400 quickly, bad JSON with 400 and a foreign charset with 415', async () => {
    const app = await serve((a) => a.post('/x', jsonBody(), (req, res) => ok(res, req.body)));
    const post = (body: string, type = 'application/json') =>
      fetch(`${app.url}/x`, { method: 'POST', headers: { 'content-type': type }, body });
    const started = Date.now();
    const deep = await post('['.repeat(900_000) + ']'.repeat(900_000));
    expect(deep.status).toBe(400);
    expect((await deep.json()).message).toBe('请求内容嵌套层级过深');
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await post('{"a":')).status).toBe(400);
    const latin1 = await post('{"a":1}', 'application/json; charset=latin1');
    expect(latin1.status).toBe(415);
    expect((await latin1.json()).message).toMatch(/UTF-8/);
    // UTF-16 could carry a raw lone surrogate past the byte scan: only UTF-8 is read.
    const utf16 = await fetch(`${app.url}/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-16le' },
      body: Buffer.from('{"a":1}', 'utf16le'),
    });
    expect(utf16.status).toBe(415);
    expect((await (await post('{"a":1}', 'application/json; charset=UTF-8')).json()).data).toEqual({ a: 1 });
    const lone = await post('{"username":"a\\ud800b"}');
    expect(lone.status).toBe(400);
    expect((await lone.json()).message).toBe('请求内容包含无效字符');
    const nul = await post('{"username":"a\\u0000b"}');
    expect(nul.status).toBe(400);
    expect((await nul.json()).message).toBe('请求内容包含无效字符');
    expect((await (await post('{"a":[1,{"b":2}]}')).json()).data).toEqual({ a: [1, { b: 2 }] });
    await app.close();
  });
});

describe('multipartBody', () => {
  const upload = () =>
    serve((a) =>
      a.post('/upload', multipartBody({ maxFileBytes: 1024, tooLargeMessage: '文件必须小于 5MB!' }), (req, res) => {
        const { body, file, extraFiles } = req as unknown as MultipartRequest;
        ok(res, { body, file: file && { name: file.filename, size: file.buffer.length, type: file.mimeType }, extraFiles });
      }),
    );

  it('keeps the first file and the fields, counts the extra files', async () => {
    const app = await upload();
    const form = new FormData();
    form.append('nickname', '小红');
    form.append('file', new Blob(['%PDF-1.4 x'], { type: 'application/pdf' }), '成绩单.pdf');
    form.append('file', new Blob(['second']), 'b.txt');
    const res = await fetch(`${app.url}/upload`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({
      body: { nickname: '小红' },
      file: { name: '成绩单.pdf', size: 10, type: 'application/pdf' },
      extraFiles: 1,
    });
    await app.close();
  });

  it('refuses a file over the limit with 413 and the given message, and non-multipart with 415', async () => {
    const app = await upload();
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(5000)]), 'big.pdf');
    const big = await fetch(`${app.url}/upload`, { method: 'POST', body: form });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe('文件必须小于 5MB!');
    const plain = await fetch(`${app.url}/upload`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(plain.status).toBe(415);
    await app.close();
  });

  it('ends the parse once, with 400, for a body cut inside the file part and for a client that goes away', async () => {
    const reached: string[] = [];
    const uncaught: Error[] = [];
    const monitor = (error: Error) => uncaught.push(error);
    process.on('uncaughtExceptionMonitor', monitor);
    const app = await serve((a) => {
      a.post('/upload', multipartBody({ maxFileBytes: 1024, tooLargeMessage: '文件必须小于 5MB!' }), (_req, res) => {
        reached.push('handler');
        ok(res, null);
      });
      a.use((error: Error, _req: express.Request, _res: express.Response, next: express.NextFunction) => {
        reached.push(`error:${error.message}`);
        next(error);
      });
    });
    const port = Number(new URL(app.url).port);
    const part = '--XB\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
    const send = (declared: number, goAway: boolean) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (c: string) => (text += c));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
        socket.write(
          `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=XB\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n${part}`,
        );
        if (goAway) setTimeout(() => socket.destroy(), 50);
      });
    const cut = await send(Buffer.byteLength(part), false);
    expect(cut).toMatch(/^HTTP\/1\.1 400/);
    expect(cut).toContain('上传格式错误，请重新上传');
    expect(reached).toEqual(['error:上传格式错误，请重新上传']);
    reached.length = 0;
    expect(await send(Buffer.byteLength(part) + 1000, true)).toBe('');
    // The parse ends although the body never did: nothing waits forever holding the chunks.
    await vi.waitFor(() => expect(reached).toEqual(['error:上传格式错误，请重新上传']));
    await new Promise((r) => setTimeout(r, 100));
    expect(reached).toHaveLength(1);
    process.off('uncaughtExceptionMonitor', monitor);
    expect(uncaught).toEqual([]);
    await app.close();
  });
});
