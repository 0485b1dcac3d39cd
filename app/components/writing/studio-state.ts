import type { UnsupportedFact } from '../../../contracts/fact-check-constants';
import { withOperation } from '~/services/writing';
import type { Decision, Review } from './review-panel';
import type { Facts } from './studio-model';

/** What a writing page holds besides the editor's document: the draft saves most of it. */
export type StudioState<F> = {
  form: F;
  /** The form as the page began, before the user touched it: what a late draft may still fill. */
  pristine: F;
  /** What keeps the form from being generated or the work from being saved. */
  formError: string | null;
  workId: string | null;
  /** Operations whose text is in the document since the last save (the save names them, ADR 0030). */
  operationIds: string[];
  /** A stopped generation's text as it arrived: 继续生成 continues it. */
  stopped: string | null;
  /** Changed since the work was last saved. */
  dirty: boolean;
  /** The draft or the work has been read into the editor: autosave may write from now on. */
  restored: boolean;
  /** The student whose archive last filled the form. */
  appliedStudent: string | null;
  saving: boolean;
  facts: Facts;
  review: Review | null;
  decisions: Record<string, Decision>;
};

/** What the draft (or the opened work) brings back. */
export type Restored<F> = Partial<
  Pick<StudioState<F>, 'form' | 'workId' | 'operationIds' | 'stopped' | 'appliedStudent' | 'review' | 'decisions'>
>;

export type StudioAction<F> =
  | { type: 'restored'; restored: Restored<F> }
  | { type: 'formChanged'; update: (form: F) => F }
  /** Another student picked: `applyStudent` refills the form from the archive. */
  | { type: 'studentApplied'; studentId: string; applyStudent: (form: F) => F }
  | { type: 'requestRejected'; message: string }
  | { type: 'requestAccepted' }
  | { type: 'edited' }
  /** Text of an operation entered the document: the next save names it. */
  | { type: 'operationUsed'; operationId: string | null | undefined }
  | { type: 'generated'; stopped: string | null; savedToWork: boolean; operationId: string | null }
  | { type: 'saveStarted' }
  | { type: 'saved'; workId: string }
  | { type: 'saveFailed'; message: string }
  | { type: 'factsCleared' }
  | { type: 'factsChecking' }
  | { type: 'factsFound'; items: UnsupportedFact[] }
  | { type: 'factsFailed'; message: string }
  /** A review starts over: earlier decisions no longer apply. */
  | { type: 'reviewStarted'; review: Review }
  | { type: 'reviewChanged'; review: Review | null }
  | { type: 'decided'; decisions: Record<string, Decision> };

export function initialStudioState<F>(form: F, workId: string | null, appliedStudent: string | null): StudioState<F> {
  return {
    form,
    pristine: form,
    formError: null,
    workId,
    operationIds: [],
    stopped: null,
    dirty: false,
    restored: false,
    appliedStudent,
    saving: false,
    facts: { status: 'idle', items: [] },
    review: null,
    decisions: {},
  };
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The restored form, but every field the user changed from `pristine` keeps its `current` value. */
export function keepEdits<F>(pristine: F, current: F, restored: F): F {
  if (same(current, pristine)) return restored;
  if (!current || !restored || typeof current !== 'object' || typeof restored !== 'object') return current;
  const merged = { ...restored } as Record<string, unknown>;
  const was = pristine as Record<string, unknown>;
  for (const [key, value] of Object.entries(current as Record<string, unknown>)) {
    if (!same(value, was[key])) merged[key] = value;
  }
  return merged as F;
}

export function studioReducer<F>(state: StudioState<F>, action: StudioAction<F>): StudioState<F> {
  switch (action.type) {
    case 'restored': {
      // The draft comes in once the editor has loaded: a field the user has changed by then keeps
      // what they entered (issue 28: typing was overwritten by a late draft).
      const form = action.restored.form === undefined ? state.form : keepEdits(state.pristine, state.form, action.restored.form);
      return { ...state, ...action.restored, form, dirty: false, restored: true };
    }
    case 'formChanged':
      return { ...state, form: action.update(state.form), formError: null };
    case 'studentApplied':
      return { ...state, appliedStudent: action.studentId, form: action.applyStudent(state.form) };
    case 'requestRejected':
      return { ...state, formError: action.message };
    case 'requestAccepted':
      return { ...state, formError: null };
    case 'edited':
      // Every keystroke and every streamed piece lands here: the same state renders nothing.
      return state.dirty ? state : { ...state, dirty: true };
    case 'operationUsed':
      return { ...state, operationIds: withOperation(state.operationIds, action.operationId) };
    case 'generated':
      // Saved by the server as the work's newest version, the text needs no save of its own.
      return action.savedToWork
        ? { ...state, stopped: action.stopped, dirty: false }
        : { ...state, stopped: action.stopped, dirty: true, operationIds: withOperation(state.operationIds, action.operationId) };
    case 'saveStarted':
      return { ...state, saving: true };
    case 'saved':
      // Linked to the work now: the next save names only what comes after.
      return { ...state, workId: action.workId, operationIds: [], dirty: false, formError: null, saving: false };
    case 'saveFailed':
      return { ...state, formError: action.message, saving: false };
    case 'factsCleared':
      return { ...state, facts: { status: 'idle', items: [] } };
    case 'factsChecking':
      return { ...state, facts: { ...state.facts, status: 'checking' } };
    case 'factsFound':
      return { ...state, facts: { status: 'done', items: action.items } };
    case 'factsFailed':
      return { ...state, facts: { status: 'error', items: [], message: action.message } };
    case 'reviewStarted':
      return { ...state, review: action.review, decisions: {} };
    case 'reviewChanged':
      return { ...state, review: action.review };
    case 'decided':
      return { ...state, decisions: action.decisions };
  }
}
