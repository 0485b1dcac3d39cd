import { blockingFailure, parseShortage } from './failure-modals';

describe('blockingFailure', () => {
  it('reads a 402 shortage from data.shortage', () => {
    const body = {
      success: false,
      code: 'INSUFFICIENT_POINTS',
      message: '积分不足',
      data: { shortage: { required: 30, available: 12.5 } },
    };
    expect(blockingFailure(402, body)).toEqual({ kind: 'shortage', required: 30, available: 12.5 });
  });

  it('parses required and available from the message when data lacks them', () => {
    const body = { success: false, message: '积分不足，本次需要30.5积分，当前余额2.25积分' };
    expect(blockingFailure(402, body)).toEqual({ kind: 'shortage', required: 30.5, available: 2.25 });
  });

  it('detects a shortage by its message whatever the status', () => {
    expect(blockingFailure(400, { message: '积分不足，本次需要8积分，当前余额0积分' })).toEqual({
      kind: 'shortage',
      required: 8,
      available: 0,
    });
  });

  it('detects a shortage from data.shortage whatever the status, filling a missing number from the message', () => {
    expect(blockingFailure(400, { message: '本次需要 8 积分', data: { shortage: { available: 1 } } })).toEqual({
      kind: 'shortage',
      required: 8,
      available: 1,
    });
  });

  it('leaves numbers it cannot find empty rather than inventing them', () => {
    expect(blockingFailure(402, null)).toEqual({ kind: 'shortage', required: null, available: null });
    expect(parseShortage({ shortage: { required: 'x' } }, '积分不足')).toEqual({ required: null, available: null });
  });

  it('a 429 is the busy modal with the server message, or the queue message', () => {
    expect(blockingFailure(429, { message: '兑换码错误次数过多，请一小时后再试' })).toEqual({
      kind: 'busy',
      message: '兑换码错误次数过多，请一小时后再试',
    });
    expect(blockingFailure(429, null)).toEqual({ kind: 'busy', message: '你前面还有1人在排队，请稍后再试' });
  });

  it('a message containing 服务器资源不足 is the busy modal too', () => {
    expect(blockingFailure(503, { message: '服务器资源不足，请稍后再试' })).toEqual({
      kind: 'busy',
      message: '服务器资源不足，请稍后再试',
    });
  });

  it('other failures open no modal', () => {
    expect(blockingFailure(400, { message: '兑换码不存在，请检查后重试' })).toBeNull();
    expect(blockingFailure(500, { message: '服务器错误，请稍后重试' })).toBeNull();
  });
});
