import { UPDATE_LOG_CACHE_MS, UpdateLogService, type LatestUpdateLogs } from './update-log-service';

const log = (id: string) => ({
  id,
  version: '1.0.0',
  title: `更新 ${id}`,
  update_type: 'FEATURE' as const,
  importance: 1,
  publish_time: '2026-11-27T10:00:00.000Z',
  date: '2026-11-27T10:00:00.000Z',
  html: '<p>内容</p>',
});

describe('the update-log service (spec §9: cached 5 min)', () => {
  it('asks once per 5 minutes; concurrent callers share one request', async () => {
    let now = 0;
    let answer: LatestUpdateLogs = { logs: [log('a')], unread: ['a'] };
    const load = vi.fn(async () => answer);
    const service = new UpdateLogService(load, () => now);
    const [first, second] = await Promise.all([service.get(), service.get()]);
    expect(first).toEqual({ logs: [log('a')], unread: ['a'] });
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);

    answer = { logs: [log('b'), log('a')], unread: ['b', 'a'] };
    now = UPDATE_LOG_CACHE_MS - 1;
    expect((await service.get()).logs.map((l) => l.id)).toEqual(['a']);
    now = UPDATE_LOG_CACHE_MS;
    expect((await service.get()).logs.map((l) => l.id)).toEqual(['b', 'a']);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('an opened log stops being unread at once, and listeners hear of it', async () => {
    const service = new UpdateLogService(async () => ({ logs: [log('a'), log('b')], unread: ['a', 'b'] }));
    await service.get();
    const heard = vi.fn();
    service.subscribe(heard);
    service.markRead('a');
    expect(service.current().unread).toEqual(['b']);
    expect(heard).toHaveBeenCalledTimes(1);
    service.markRead('a');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('a failed fetch gives an empty list and is not cached (spec §8)', async () => {
    let fail = true;
    const service = new UpdateLogService(async () => {
      if (fail) throw new Error('down');
      return { logs: [log('a')], unread: [] };
    });
    expect(await service.get()).toEqual({ logs: [], unread: [] });
    fail = false;
    expect((await service.get()).logs).toHaveLength(1);
  });
});
