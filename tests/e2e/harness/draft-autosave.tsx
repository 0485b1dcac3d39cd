/**
 * A page for draft-autosave.spec.ts: the writing studio's shape in miniature (a reducer whose form
 * is a new object on each change, the student applied while rendering, the draft saved from that
 * form through useDraftAutosave), so React's scheduling can be driven exactly.
 */
import { useCallback, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { DRAFT_STATUS_TEXT, useDraftAutosave } from '../../../app/hooks/use-draft-autosave';

type State = { appliedStudent: string; form: { student: string }; edits: number };
type Action = { type: 'studentApplied'; student: string } | { type: 'edited' };

function reducer(state: State, action: Action): State {
  if (action.type === 'studentApplied') return { ...state, appliedStudent: action.student, form: { student: action.student } };
  return { ...state, edits: state.edits + 1 };
}

declare global {
  interface Window {
    pageErrors: string[];
    saves: string[];
    /** An edit outside any event (a lower-priority update), then another student rendered at once. */
    editThenSwitchStudent: () => void;
  }
}

let edit = () => {};
let setStudent: (student: string) => void = () => {};

function Studio({ student }: { student: string }) {
  const [state, dispatch] = useReducer(reducer, { appliedStudent: 'A', form: { student: 'A' }, edits: 0 });
  if (state.appliedStudent !== student) dispatch({ type: 'studentApplied', student });
  const { form } = state;
  const persist = useCallback(() => {
    window.saves.push(form.student);
    return 'saved' as const;
  }, [form]);
  const draft = useDraftAutosave(persist, 50);
  edit = () => dispatch({ type: 'edited' });
  return (
    <p data-testid="studio">
      {state.appliedStudent} · {state.edits} · {DRAFT_STATUS_TEXT[draft.status]}
    </p>
  );
}

function App() {
  const [student, set] = useState('A');
  setStudent = set;
  return <Studio student={student} />;
}

window.pageErrors = [];
window.saves = [];
window.addEventListener('error', (event) => window.pageErrors.push(String(event.message)));
window.editThenSwitchStudent = () =>
  setTimeout(() => {
    edit();
    try {
      flushSync(() => setStudent('B'));
    } catch (error) {
      window.pageErrors.push(String(error));
    }
  }, 0);
createRoot(document.getElementById('root')!).render(<App />);
