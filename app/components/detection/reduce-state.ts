import type { ReduceResultData } from '../../../contracts/detection-constants';
import type { ReduceSaved } from '~/services/browser/reduce.client';

export type ReduceProgress = { round: number; rounds: number; rewritten: number; aiRate: number | null };
export type ReduceDone = { reductionId: string; points: number; result: ReduceResultData; uncharged?: string };

/** A 降AI率 run on the page: its progress, its result with the sentences left out, and saving it. */
export type ReduceState = {
  running: boolean;
  progress: ReduceProgress | null;
  done: ReduceDone | null;
  /** The indexes of the rewritten sentences the user turned down. */
  rejected: ReadonlySet<number>;
  error: string | null;
  /** The new work's title when saved as one. */
  title: string;
  saving: boolean;
  saved: ReduceSaved | null;
};

export type ReduceAction =
  | { type: 'started' }
  | { type: 'roundStarted'; round: number; rounds: number }
  | { type: 'sentenceRewritten' }
  | { type: 'scored'; aiRate: number }
  | { type: 'finished'; done: ReduceDone; title: string }
  | { type: 'failed'; message: string }
  | { type: 'ended' }
  | { type: 'sentenceDecided'; index: number; take: boolean }
  /** `rejected`: the sentences turned down, all at once (none: every one taken). */
  | { type: 'allDecided'; rejected: number[] }
  | { type: 'titleChanged'; title: string }
  | { type: 'saveStarted' }
  | { type: 'saved'; saved: ReduceSaved }
  | { type: 'saveFailed'; message: string };

export const initialReduceState: ReduceState = {
  running: false,
  progress: null,
  done: null,
  rejected: new Set(),
  error: null,
  title: '',
  saving: false,
  saved: null,
};

const withProgress = (state: ReduceState, change: (p: ReduceProgress) => Partial<ReduceProgress>): ReduceState =>
  state.progress ? { ...state, progress: { ...state.progress, ...change(state.progress) } } : state;

export function reduceReducer(state: ReduceState, action: ReduceAction): ReduceState {
  switch (action.type) {
    case 'started':
      return {
        ...state,
        running: true,
        done: null,
        saved: null,
        error: null,
        rejected: new Set(),
        progress: { round: 0, rounds: 0, rewritten: 0, aiRate: null },
      };
    case 'roundStarted':
      return withProgress(state, () => ({ round: action.round, rounds: action.rounds }));
    case 'sentenceRewritten':
      return withProgress(state, (p) => ({ rewritten: p.rewritten + 1 }));
    case 'scored':
      return withProgress(state, () => ({ aiRate: action.aiRate }));
    case 'finished':
      return { ...state, done: action.done, title: action.title };
    case 'failed':
      return { ...state, error: action.message };
    case 'ended':
      return { ...state, running: false };
    case 'sentenceDecided': {
      const rejected = new Set(state.rejected);
      if (action.take) rejected.delete(action.index);
      else rejected.add(action.index);
      return { ...state, rejected };
    }
    case 'allDecided':
      return { ...state, rejected: new Set(action.rejected) };
    case 'titleChanged':
      return { ...state, title: action.title };
    case 'saveStarted':
      return { ...state, saving: true, error: null };
    case 'saved':
      return { ...state, saved: action.saved, saving: false };
    case 'saveFailed':
      return { ...state, error: action.message, saving: false };
  }
}
