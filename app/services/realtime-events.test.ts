import { createPushSpreader, pointsEvent, realtimeActions } from './realtime-events';
import type { ServerMessage } from './realtime-client';

const message = (type: string, data: unknown = {}, meta: ServerMessage['meta'] = { timestamp: 1 }) =>
  ({ kind: 'message', message: { type, data, meta } }) as const;

describe('what the shell does on realtime notices', () => {
  it('a system notification revalidates the loaders (the queue and banner read the new list)', () => {
    expect(realtimeActions(message('SYSTEM_NOTIFICATION', { id: 'n1' }))).toEqual({
      revalidate: true,
      maintenance: null,
      points: null,
      invitation: null,
    });
  });

  it('maintenance messages revalidate and refetch the maintenance status at once', () => {
    for (const type of ['MAINTENANCE_NOTIFICATION', 'SYSTEM_MAINTENANCE', 'MAINTENANCE_END_NOTIFICATION']) {
      expect(realtimeActions(message(type, { id: 'm1' }))).toEqual({
        revalidate: true,
        maintenance: 'push',
        points: null,
        invitation: null,
      });
    }
  });

  it('an invitation to an organisation is told, with who sent it; one without a name is ignored', () => {
    expect(
      realtimeActions(message('ORG_INVITATION', { orgName: '留学工作室', invitedBy: '张老师', role: 'consultant' })).invitation,
    ).toEqual({
      orgName: '留学工作室',
      invitedBy: '张老师',
    });
    expect(realtimeActions(message('ORG_INVITATION', { invitedBy: '张老师' })).invitation).toBeNull();
  });

  it('a reconnect revalidates and rechecks maintenance (after its 5 s debounce)', () => {
    expect(realtimeActions({ kind: 'reconnected' })).toEqual({
      revalidate: true,
      maintenance: 'reconnect',
      points: null,
      invitation: null,
    });
  });

  it('a paid order refreshes the balance with the bus event id; other statuses and messages do nothing', () => {
    expect(realtimeActions(message('PAYMENT_STATUS', { orderNo: 'LX1', status: 'PAID' }, { timestamp: 1, eventId: 'e1' }))).toEqual({
      revalidate: false,
      maintenance: null,
      points: { eventId: 'e1' },
      invitation: null,
    });
    expect(pointsEvent({ type: 'PAYMENT_STATUS', data: { orderNo: 'LX1', status: 'success' } })).toEqual({
      eventId: 'PAYMENT_STATUS:LX1:success',
    });
    expect(pointsEvent({ type: 'PAYMENT_STATUS', data: { orderNo: 'LX1', status: 'PENDING' } })).toBeNull();
    expect(pointsEvent({ type: 'PAYMENT_STATUS', data: null })).toBeNull();
    const none = { revalidate: false, maintenance: null, points: null, invitation: null };
    for (const type of ['PONG', 'CONNECT', 'ERROR', 'AUTH']) expect(realtimeActions(message(type))).toEqual(none);
    expect(realtimeActions({ kind: 'state', state: 'connected' })).toEqual(none);
    expect(realtimeActions({ kind: 'reconnect-failed' })).toEqual(none);
    expect(realtimeActions({ kind: 'sent', message: { type: 'PING', data: {}, meta: { timestamp: 1 } } })).toEqual(none);
  });

  it('any event that says pointsChanged (finished AI actions, later) refreshes the balance', () => {
    expect(
      realtimeActions(message('AI_OPERATION_FINISHED', { id: 'op1', pointsChanged: true }, { timestamp: 1, eventId: 'e9' })).points,
    ).toEqual({
      eventId: 'e9',
    });
    expect(pointsEvent({ type: 'AI_OPERATION_FINISHED', data: { pointsChanged: true } })).toEqual({ eventId: undefined });
  });
});

describe('work after a push is spread over 1–4 s', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('runs once per burst, at least 1 s after the last push, at most 4 s after the first that needs it', async () => {
    const work = vi.fn();
    let r = 0.5;
    const spreader = createPushSpreader(work, { random: () => r });
    spreader.push(); // due at 2.5 s
    await vi.advanceTimersByTimeAsync(1000);
    spreader.push(); // 1 s later: the run at 2.5 s is still 1.5 s away, so it stays
    await vi.advanceTimersByTimeAsync(1499);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);

    r = 0;
    spreader.push(); // due at 1 s from now
    await vi.advanceTimersByTimeAsync(500);
    spreader.push(); // the run would come 0.5 s after this push: moved to 1 s after it
    await vi.advanceTimersByTimeAsync(999);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(2);

    r = 1;
    spreader.push();
    await vi.advanceTimersByTimeAsync(3999);
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(3);
    spreader.push();
    spreader.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(work).toHaveBeenCalledTimes(3);
  });
});
