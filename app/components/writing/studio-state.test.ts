import { describe, expect, it } from 'vitest';
import { initialStudioState, studioReducer, type StudioState } from './studio-state';

type Form = { topic: string };
const OP = '11111111-2222-4333-8444-555555555555';
const start = (): StudioState<Form> => initialStudioState<Form>({ topic: '' }, null, null);

describe('the writing studio reducer', () => {
  it('a form change clears the message that kept it from being generated', () => {
    const rejected = studioReducer(start(), { type: 'requestRejected', message: '请填写题目' });
    const changed = studioReducer(rejected, { type: 'formChanged', update: (f) => ({ ...f, topic: 'Data science' }) });
    expect(rejected.formError).toBe('请填写题目');
    expect(changed).toMatchObject({ form: { topic: 'Data science' }, formError: null });
  });

  it('an edit of a page already changed is the same state, so typing and streaming render nothing more', () => {
    const edited = studioReducer(start(), { type: 'edited' });
    expect(edited.dirty).toBe(true);
    expect(studioReducer(edited, { type: 'edited' })).toBe(edited);
  });

  it('restoring keeps what the draft does not bring and marks the page clean and restored', () => {
    const edited = studioReducer({ ...start(), workId: 'w1' }, { type: 'edited' });
    const restored = studioReducer(edited, { type: 'restored', restored: { form: { topic: 'from draft' }, stopped: 'half' } });
    expect(restored).toMatchObject({ workId: 'w1', form: { topic: 'from draft' }, stopped: 'half', dirty: false, restored: true });
  });

  it('a draft restored after the user typed fills only the fields they left alone (issue 28)', () => {
    type Two = { program: string; school: string; focus: string[] };
    const initial = initialStudioState<Two>({ program: '', school: '', focus: [] }, null, null);
    const typed = studioReducer(initial, { type: 'formChanged', update: (f) => ({ ...f, program: 'MSc Typed' }) });
    const restored = studioReducer(typed, {
      type: 'restored',
      restored: { form: { program: 'MSc Draft', school: 'Draft University', focus: ['科研'] } },
    });
    expect(restored.form).toEqual({ program: 'MSc Typed', school: 'Draft University', focus: ['科研'] });
    // Untouched, the draft comes back whole.
    const whole = studioReducer(initial, { type: 'restored', restored: { form: { program: 'MSc Draft', school: 'X', focus: [] } } });
    expect(whole.form).toEqual({ program: 'MSc Draft', school: 'X', focus: [] });
  });

  it('a generation saved by the server is clean and names no operation; one kept in the page is changed and named', () => {
    const saved = studioReducer(start(), { type: 'generated', stopped: null, savedToWork: true, operationId: OP });
    const kept = studioReducer(start(), { type: 'generated', stopped: 'partial text', savedToWork: false, operationId: OP });
    expect(saved).toMatchObject({ dirty: false, operationIds: [], stopped: null });
    expect(kept).toMatchObject({ dirty: true, operationIds: [OP], stopped: 'partial text' });
  });

  it('an operation used twice is named once, and a save links it to the work', () => {
    let state = studioReducer(start(), { type: 'operationUsed', operationId: OP });
    state = studioReducer(state, { type: 'operationUsed', operationId: OP });
    expect(state.operationIds).toEqual([OP]);
    state = studioReducer(studioReducer(state, { type: 'saveStarted' }), { type: 'saved', workId: 'w2' });
    expect(state).toMatchObject({ workId: 'w2', operationIds: [], dirty: false, saving: false });
  });

  it('a failed save says why and stops saving', () => {
    const state = studioReducer(studioReducer(start(), { type: 'saveStarted' }), { type: 'saveFailed', message: '网络错误' });
    expect(state).toMatchObject({ saving: false, formError: '网络错误' });
  });

  it('a new review drops the decisions made on the last one', () => {
    const decided = studioReducer(start(), { type: 'decided', decisions: { a: 'accepted' } });
    const next = studioReducer(decided, { type: 'reviewStarted', review: { kind: 'revision', status: 'running', text: '', essay: 'x' } });
    expect(next.decisions).toEqual({});
    expect(next.review?.status).toBe('running');
  });

  it('facts: checking keeps the findings shown until the answer replaces them; a failure clears them', () => {
    const found = studioReducer(start(), { type: 'factsFound', items: [{ text: 'MIT', kind: 'school' } as never] });
    const checking = studioReducer(found, { type: 'factsChecking' });
    expect(checking.facts).toMatchObject({ status: 'checking', items: found.facts.items });
    expect(studioReducer(checking, { type: 'factsFailed', message: 'x' }).facts).toEqual({ status: 'error', items: [], message: 'x' });
  });

  it('another student applied refills the form from the archive', () => {
    const state = studioReducer(start(), {
      type: 'studentApplied',
      studentId: 's1',
      applyStudent: (f) => ({ ...f, topic: 'from archive' }),
    });
    expect(state).toMatchObject({ appliedStudent: 's1', form: { topic: 'from archive' } });
  });
});
