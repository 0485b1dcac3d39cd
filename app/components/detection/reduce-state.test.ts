import { describe, expect, it } from 'vitest';
import { initialReduceState, reduceReducer, type ReduceDone } from './reduce-state';

const done = { reductionId: 'r1', points: 3 } as ReduceDone;

describe('the 降AI率 panel reducer', () => {
  it('a start clears the last result and decisions and shows progress from round 0', () => {
    const before = { ...initialReduceState, done, rejected: new Set([1]), error: 'x', saved: { workId: 'w', title: 't', aiRate: null } };
    const started = reduceReducer(before, { type: 'started' });
    expect(started).toMatchObject({
      running: true,
      done: null,
      saved: null,
      error: null,
      progress: { round: 0, rewritten: 0, aiRate: null },
    });
    expect(started.rejected.size).toBe(0);
  });

  it('rounds, rewritten sentences and scores add up in the progress', () => {
    let state = reduceReducer(initialReduceState, { type: 'started' });
    state = reduceReducer(state, { type: 'roundStarted', round: 1, rounds: 3 });
    state = reduceReducer(state, { type: 'sentenceRewritten' });
    state = reduceReducer(state, { type: 'sentenceRewritten' });
    state = reduceReducer(state, { type: 'scored', aiRate: 42.5 });
    expect(state.progress).toEqual({ round: 1, rounds: 3, rewritten: 2, aiRate: 42.5 });
  });

  it('progress events before a start change nothing', () => {
    expect(reduceReducer(initialReduceState, { type: 'sentenceRewritten' })).toBe(initialReduceState);
  });

  it('sentences are turned down and taken back one by one or all at once', () => {
    let state = reduceReducer(initialReduceState, { type: 'sentenceDecided', index: 2, take: false });
    state = reduceReducer(state, { type: 'sentenceDecided', index: 5, take: false });
    state = reduceReducer(state, { type: 'sentenceDecided', index: 2, take: true });
    expect([...state.rejected]).toEqual([5]);
    expect([...reduceReducer(state, { type: 'allDecided', rejected: [] }).rejected]).toEqual([]);
    expect([...reduceReducer(state, { type: 'allDecided', rejected: [1, 3] }).rejected]).toEqual([1, 3]);
  });

  it('a save clears the last error and ends saved or with the reason', () => {
    const saving = reduceReducer({ ...initialReduceState, error: 'old' }, { type: 'saveStarted' });
    expect(saving).toMatchObject({ saving: true, error: null });
    expect(reduceReducer(saving, { type: 'saveFailed', message: '保存失败' })).toMatchObject({ saving: false, error: '保存失败' });
    const saved = { workId: 'w', title: 't', aiRate: 12 };
    expect(reduceReducer(saving, { type: 'saved', saved })).toMatchObject({ saving: false, saved });
  });
});
