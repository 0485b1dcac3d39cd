import { useRef, useState } from 'react';
import type { ProfileMatch, ProfileMergeField } from '../../../contracts/archives';
import { notifyInfo } from '~/services/toasts';
import {
  AUTO_PROFILE_FAILED,
  AutoProfileCancelled,
  createStudent,
  startAutoProfile,
  type AutoProfilePhase,
  type AutoProfileRun,
  type CreatedStudent,
  type MatchChoice,
} from '~/services/browser/auto-profile.client';
import { ApiRequestError } from '~/services/errors';

export type NewStudentStep =
  | { kind: 'form' }
  | { kind: 'running'; phase: AutoProfilePhase; startedAt: number }
  /** The CV may be a student who exists (ADR 0044): the consultant chooses before anything is written. */
  | { kind: 'match'; matches: ProfileMatch[]; selected: number; replace: ReadonlySet<ProfileMergeField>; startedAt: number }
  /** The CV was read but names nobody, and the form was left blank: the consultant types the name. */
  | { kind: 'name'; startedAt: number }
  | { kind: 'created'; student: CreatedStudent; picked: boolean };

export type NewStudentErrors = { nickname?: string; file?: string; form?: string };

const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiRequestError ? error.message : fallback);

/**
 * The steps of 新建学生 (a plain create, or 智能建档 from a CV with its questions and its cancel).
 * `announce` tells the pages listening of the student; true when one took it.
 */
export function useAutoProfile(announce: (student: CreatedStudent) => boolean) {
  const [step, setStep] = useState<NewStudentStep>({ kind: 'form' });
  const [errors, setErrors] = useState<NewStudentErrors>({});
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = useRef<AutoProfileRun | null>(null);
  /** Answers the run's question when the CV may be a student who exists. */
  const decide = useRef<((choice: MatchChoice | null) => void) | null>(null);
  /** Answers the run's question when the CV names nobody. */
  const giveName = useRef<((name: string | null) => void) | null>(null);

  const running = step.kind === 'running';

  const created = (student: CreatedStudent) => setStep({ kind: 'created', student, picked: announce(student) });
  /** Back to the empty form (the dialog closed). */
  const reset = () => {
    setErrors({});
    setStep({ kind: 'form' });
    setConfirmingCancel(false);
    run.current = null;
    decide.current = null;
    giveName.current = null;
  };

  const createPlain = async (name: string) => {
    setBusy(true);
    try {
      created(await createStudent(name));
    } catch (error) {
      setErrors({ form: errorMessage(error, '创建失败，请重试') });
    } finally {
      setBusy(false);
    }
  };

  const createFromCv = async (file: File, name: string) => {
    const startedAt = Date.now();
    setStep({ kind: 'running', phase: 'uploading', startedAt });
    const current = startAutoProfile({
      file,
      nickname: name,
      onPhase: (phase) => setStep((s) => (s.kind === 'running' && s.phase !== phase ? { ...s, phase } : s)),
      chooseMatch: (matches) =>
        new Promise<MatchChoice | null>((resolve) => {
          decide.current = resolve;
          setStep({ kind: 'match', matches, selected: 0, replace: new Set(), startedAt });
        }),
      askName: () =>
        new Promise<string | null>((resolve) => {
          giveName.current = resolve;
          setStep({ kind: 'name', startedAt });
        }),
    });
    run.current = current;
    try {
      const student = await current.result;
      if (run.current !== current) return;
      if (student.warning) notifyInfo(student.warning);
      setConfirmingCancel(false);
      created(student);
    } catch (error) {
      if (run.current !== current || error instanceof AutoProfileCancelled) return;
      setConfirmingCancel(false);
      setStep({ kind: 'form' });
      setErrors({ form: errorMessage(error, AUTO_PROFILE_FAILED) });
    }
  };

  /** The run goes on to generate once its question is answered. */
  const resume = (startedAt: number) => {
    setStep({ kind: 'running', phase: 'generating', startedAt });
  };
  const answerMatch = (choice: MatchChoice) => {
    const answer = decide.current;
    if (step.kind !== 'match' || !answer) return;
    decide.current = null;
    resume(step.startedAt);
    answer(choice);
  };
  const answerName = (asked: string) => {
    const answer = giveName.current;
    const name = asked.trim();
    if (step.kind !== 'name' || !answer) return;
    if (!name) return setErrors({ nickname: '请输入学生姓名' });
    if (name.length > 50) return setErrors({ nickname: '学生昵称不能超过50个字符' });
    setErrors({});
    giveName.current = null;
    resume(step.startedAt);
    answer(name);
  };

  // Once the CV has been read (generating, or the choice it offers), its data was returned and 智能建档 is paid (ADR 0035).
  const cvRead =
    step.kind === 'match' || step.kind === 'name' || (step.kind === 'running' && (step.phase === 'generating' || step.phase === 'done'));
  const cancelRun = async () => {
    const current = run.current;
    if (!current) return;
    const charged = cvRead;
    setBusy(true);
    try {
      const waiting = decide.current;
      const waitingForName = giveName.current;
      decide.current = null;
      giveName.current = null;
      const cancelling = current.cancel();
      // A run waiting for the choice or the name ends as cancelled once the detection is.
      waiting?.(null);
      waitingForName?.(null);
      const student = await cancelling;
      run.current = null;
      setConfirmingCancel(false);
      if (student) {
        // Too late: the profile was created before the cancel arrived.
        created(student);
        notifyInfo('档案已创建，无法取消');
        return;
      }
      setStep({ kind: 'form' });
      notifyInfo(charged ? '已取消，未创建档案（简历已识别，本次智能建档已计费）' : '已取消智能建档，未扣除积分');
    } catch (error) {
      setConfirmingCancel(false);
      setErrors({ form: errorMessage(error, '取消失败，请稍后再试') });
    } finally {
      setBusy(false);
    }
  };

  return {
    step,
    setStep,
    errors,
    setErrors,
    confirmingCancel,
    setConfirmingCancel,
    busy,
    running,
    cvRead,
    reset,
    createPlain,
    createFromCv,
    answerMatch,
    answerName,
    cancelRun,
  };
}
