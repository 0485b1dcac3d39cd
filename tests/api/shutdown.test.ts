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
