import { ModalQueue } from './modal-queue';

describe('ModalQueue', () => {
  it('shows one modal at a time, in the order asked', () => {
    const queue = new ModalQueue<string>(() => 0);
    queue.push('a', 'first');
    queue.push('b', 'second');
    expect(queue.current()?.payload).toBe('first');
    queue.close(queue.current()!.id);
    expect(queue.current()?.payload).toBe('second');
    queue.close(queue.current()!.id);
    expect(queue.current()).toBeNull();
  });

  it('drops a key already open or waiting', () => {
    const queue = new ModalQueue<string>(() => 0);
    expect(queue.push('busy', 'one')).toBe(true);
    expect(queue.push('busy', 'two')).toBe(false);
    expect(queue.size).toBe(1);
  });

  it('accepts a throttled key at most once per interval, even after it closed', () => {
    let now = 1000;
    const queue = new ModalQueue<string>(() => now);
    expect(queue.push('shortage', 'a', { throttleMs: 2000 })).toBe(true);
    queue.close(queue.current()!.id);
    now += 1999;
    expect(queue.push('shortage', 'b', { throttleMs: 2000 })).toBe(false);
    now += 1;
    expect(queue.push('shortage', 'c', { throttleMs: 2000 })).toBe(true);
    expect(queue.current()?.payload).toBe('c');
  });

  it('tells subscribers about every change, and stops when they leave', () => {
    const queue = new ModalQueue<string>(() => 0);
    const seen: Array<string | undefined> = [];
    const leave = queue.subscribe(() => seen.push(queue.current()?.payload));
    queue.push('a', 'x');
    queue.close(queue.current()!.id);
    queue.close(999);
    leave();
    queue.push('b', 'y');
    expect(seen).toEqual(['x', undefined]);
  });

  it('closeKey removes a modal by key, open or waiting, and the next one shows', () => {
    const queue = new ModalQueue<string>(() => 0);
    queue.push('a', 'first');
    queue.push('b', 'second');
    queue.push('c', 'third');
    queue.closeKey('b');
    expect(queue.size).toBe(2);
    queue.closeKey('a');
    expect(queue.current()?.payload).toBe('third');
    queue.closeKey('missing');
    expect(queue.size).toBe(1);
    // The key can be queued again.
    expect(queue.push('a', 'again')).toBe(true);
  });
});
