import { createOrderFollower } from './order-follower';

describe('createOrderFollower', () => {
  it('acts on the first final status, from either source, and never twice', () => {
    const seen: string[] = [];
    const follower = createOrderFollower((outcome, source) => seen.push(`${outcome}:${source}`));
    expect(follower.report('pending', 'poll')).toBe(false);
    expect(follower.report('PENDING', 'socket')).toBe(false);
    expect(follower.report('PAID', 'socket')).toBe(true);
    expect(follower.report('paid', 'poll')).toBe(false);
    expect(follower.report('EXPIRED', 'socket')).toBe(false);
    expect(seen).toEqual(['paid:socket']);
    expect(follower.settled).toBe(true);
  });

  it('takes the poll when it comes first, and ignores garbage', () => {
    const seen: string[] = [];
    const follower = createOrderFollower((outcome, source) => seen.push(`${outcome}:${source}`));
    expect(follower.report(undefined, 'socket')).toBe(false);
    expect(follower.report(42, 'socket')).toBe(false);
    expect(follower.report('expired', 'poll')).toBe(true);
    expect(follower.report('PAID', 'socket')).toBe(false);
    expect(seen).toEqual(['expired:poll']);
  });
});
