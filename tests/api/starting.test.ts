import net from 'node:net';
import { DatabaseUnavailableError } from '../../db/client';
import { startTestServer } from './harness';

/** A free port, released at once: the server under test must listen on a port known beforehand. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A balancer sends traffic to an instance as soon as it listens, which is before its database is
 * open (so /healthz can say "starting"). Until then every answer must be one a balancer passes on
 * to another instance (503), never a page's 404 (issue 27, ADR 0057; seen in the scale test).
 */
describe('an instance still starting', () => {
  it('answers pages and the API 503, then gives up when the database never answers', async () => {
    // A "database" that accepts connections and never says a word: the open waits for its timeout.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const dbPort = (silent.address() as net.AddressInfo).port;
    const port = await freePort();
    const starting = startTestServer({ PORT: String(port), DATABASE_URL: `postgresql://x@127.0.0.1:${dbPort}/x` });
    const outcome = starting.then(
      () => 'started',
      (error: unknown) => error,
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      // Waits for the listener (it opens once the fact dictionary is loaded), then asks at once.
      let page: Response | undefined;
      for (const until = Date.now() + 10_000; !page && Date.now() < until;) {
        page = await fetch(`${base}/dash/overview`).catch(() => new Promise<undefined>((resolve) => setTimeout(resolve, 20)));
      }
      expect(page?.status).toBe(503);
      expect(page?.headers.get('retry-after')).toBe('1');
      expect(await page?.text()).toBe('服务启动中，请稍后刷新页面');
      const api = await fetch(`${base}/api/v1/user/info`);
      expect(api.status).toBe(503);
      expect(await api.json()).toMatchObject({ success: false, code: 'STARTING' });
      expect((await fetch(`${base}/healthz`)).status).toBe(503);
      expect(await outcome).toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      silent.close();
      await outcome;
    }
  });
});
