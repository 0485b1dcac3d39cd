import { SESSION_CACHE_MS, SessionCache, type LiveSession } from './session-cache';

const user = (id: string, pointsCents = 0) => ({ revokedAt: null, user: { id, pointsCents } }) as unknown as LiveSession;

function setup() {
  let now = 1_000_000;
  const cache = new SessionCache(() => now);
  const loads: string[] = [];
  const load = (sessionId: string, value: LiveSession | undefined) => () => {
    loads.push(sessionId);
    return Promise.resolve(value);
  };
  return { cache, loads, load, advance: (ms: number) => (now += ms) };
}

describe('session cache', () => {
  it('reads a session once within SESSION_CACHE_MS, concurrent misses included, and again after it', async () => {
    const { cache, loads, load, advance } = setup();
    const first = await Promise.all([1, 2, 3].map(() => cache.read('s1', 'u1', load('s1', user('u1')))));
    expect(first.every((row) => row === first[0])).toBe(true);
    advance(SESSION_CACHE_MS - 1);
    await cache.read('s1', 'u1', load('s1', user('u1')));
    expect(loads).toEqual(['s1']);
    advance(1);
    await cache.read('s1', 'u1', load('s1', user('u1')));
    expect(loads).toEqual(['s1', 's1']);
  });

  it('never answers for another user than the token names', async () => {
    const { cache, loads, load } = setup();
    await cache.read('s1', 'u1', load('s1', user('u1')));
    expect(await cache.read('s1', 'u2', load('s1', undefined))).toBeUndefined();
    expect(loads).toEqual(['s1', 's1']);
  });

  it('reads a user afresh while a request of theirs that changes things runs, and forgets them when it ends', async () => {
    const { cache, loads, load } = setup();
    await cache.read('s1', 'u1', load('s1', user('u1', 100)));
    await cache.read('s2', 'u2', load('s2', user('u2')));
    cache.beginChange('u1');
    cache.beginChange('u1');
    expect((await cache.read('s1', 'u1', load('s1', user('u1', 90))))!.user.pointsCents).toBe(90);
    cache.endChange('u1');
    // One of the two changes still runs.
    expect((await cache.read('s1', 'u1', load('s1', user('u1', 80))))!.user.pointsCents).toBe(80);
    cache.endChange('u1');
    expect((await cache.read('s1', 'u1', load('s1', user('u1', 70))))!.user.pointsCents).toBe(70);
    expect((await cache.read('s1', 'u1', load('s1', user('u1', 60))))!.user.pointsCents).toBe(70);
    // The other user's session stayed.
    await cache.read('s2', 'u2', load('s2', user('u2')));
    expect(loads.filter((id) => id === 's2')).toHaveLength(1);
  });

  it('forgets the user an event is about, and everyone on clear()', async () => {
    const { cache, loads, load } = setup();
    await cache.read('s1', 'u1', load('s1', user('u1')));
    await cache.read('s2', 'u2', load('s2', user('u2')));
    cache.forgetAudience({ kind: 'order', userId: 'u1', orderNo: 'X' });
    cache.forgetAudience({ kind: 'everyone' });
    await cache.read('s1', 'u1', load('s1', user('u1')));
    await cache.read('s2', 'u2', load('s2', user('u2')));
    expect(loads).toEqual(['s1', 's2', 's1']);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('does not keep a failed read', async () => {
    const { cache } = setup();
    await expect(cache.read('s1', 'u1', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    expect(await cache.read('s1', 'u1', () => Promise.resolve(user('u1')))).toBeTruthy();
  });

  it('holds at most 20,000 sessions, dropping the oldest read', async () => {
    const { cache, loads, load } = setup();
    for (let i = 0; i <= 20_000; i++) await cache.read(`s${i}`, `u${i}`, load(`s${i}`, user(`u${i}`)));
    expect(cache.size).toBe(20_000);
    await cache.read('s0', 'u0', load('s0', user('u0')));
    expect(loads.filter((id) => id === 's0')).toHaveLength(2);
  });
});
