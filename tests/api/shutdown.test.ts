import http from 'node:http';
import type { RequestHandler } from 'express';
import { startTestServer } from './harness';

/**
 * A stand-in for the Remix handler that behaves like a loader: it waits, then calls the API on the
 * same listener, as the real web layer does.
 */
let arrived = 0;
const slowPage =
  ({ apiUrl }: { apiUrl: string }): RequestHandler =>
  (_req, res, next) => {
    arrived++;
    setTimeout(() => {
      fetch(`${apiUrl}/api/v1/auth/sms/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"phone":"1"}' })
        .then((r) => res.status(200).send(`api said ${r.status}`))
        .catch(next);
    }, 300);
  };

describe('graceful shutdown', () => {
  it('lets in-flight pages finish their API calls, refuses new pages, then closes', async () => {
    const server = await startTestServer({}, { web: slowPage });
    const inFlight = [1, 2, 3].map(() => fetch(`${server.url}/dash/overview`));
    await vi.waitFor(() => expect(arrived).toBe(3));
    const closed = server.close();
    // Draining has begun once /healthz says so; the listener stays open for the pages in flight.
    await vi.waitFor(async () => expect((await fetch(`${server.url}/healthz`)).status).toBe(503));
    const late = await fetch(`${server.url}/dash/overview`);
    expect(late.status).toBe(503);
    const responses = await Promise.all(inFlight);
    // Each page reached the API (a 400 for the bad phone) although shutdown had begun.
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await Promise.all(responses.map((r) => r.text()))).toEqual(['api said 400', 'api said 400', 'api said 400']);
    await closed;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});

describe('graceful shutdown with keep-alive clients (issue 22)', () => {
  /**
   * One request on a keep-alive agent of one socket: 'ok' when the whole answer came, 'refused'
   * when the connection was refused (nothing was sent: clean), anything else is a reset.
   */
  const one = (port: number, agent: http.Agent, path: string) =>
    new Promise<string>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('close', () => resolve(res.complete ? 'ok' : `incomplete answer ${res.statusCode}`));
      });
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED' ? 'refused' : `${e.code ?? ''} ${e.message}`));
    });

  it('resets nothing: every request is answered, or refused before it is sent', async () => {
    const server = await startTestServer();
    const CLIENTS = 8;
    const outcomes = { ok: 0, refused: 0, resets: [] as string[] };
    let stop = false;
    const loop = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // Bounded: stops at the first refusal (the server is gone), or after this many.
      for (let n = 0; n < 20_000 && !stop; n++) {
        const result = await one(server.port, agent, n % 3 === 0 ? '/healthz' : '/api/v1/packages');
        if (result === 'ok') outcomes.ok++;
        else if (result === 'refused') {
          outcomes.refused++;
          break;
        } else outcomes.resets.push(result);
      }
      agent.destroy();
    };
    const loops = Array.from({ length: CLIENTS }, loop);
    // Every client is busy on its keep-alive socket before the shutdown begins.
    await vi.waitFor(() => expect(outcomes.ok).toBeGreaterThan(CLIENTS * 20), { timeout: 10_000 });
    const answeredBefore = outcomes.ok;
    await server.close();
    await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 5_000))]);
    stop = true;
    await Promise.all(loops);
    expect(outcomes.resets).toEqual([]);
    // Each client was answered during the drain and then refused, cleanly.
    expect(outcomes.ok).toBeGreaterThan(answeredBefore);
    expect(outcomes.refused).toBe(CLIENTS);
  }, 60_000);
});
