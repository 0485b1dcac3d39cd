import { Stack, Text } from '@chakra-ui/react';
import { useReducer, useRef, useState } from 'react';
import { DEFAULT_REDUCE_MODE, DEFAULT_REDUCE_TARGET } from '../../../contracts/detection-constants';
import type { AiPrice } from '../../../contracts/ai-operations';
import { FormAlert } from '~/components/ui/form-alert';
import { useHydrated } from '~/hooks/use-hydrated';
import { refreshPoints } from '~/hooks/use-points-balance';
import { cacheAiRate } from '~/services/browser/ai-rate-cache.client';
import { REDUCE_AI_PAGE_ID } from '~/services/detection';
import { keptText, runReduction, saveReduction } from '~/services/browser/reduce.client';
import { ReduceSavedAlert, ReduceSaveBar, ReduceSummary, SentenceDiff } from './reduce-result';
import { ReduceProgressBar, ReduceRunControls, ReduceSettings, type ReduceSettingsValue } from './reduce-settings';
import { initialReduceState, reduceReducer } from './reduce-state';
import { ProgressMask, useProgressMask } from '~/components/ui/progress-mask';

type Work = { id: string; title: string } | null;

/** A 降AI率 run and the saving of what it kept; the answers go into the page's state as named actions. */
function useReduction({ text, work, userId }: { text: string; work: Work; userId: string }) {
  const [state, dispatch] = useReducer(reduceReducer, initialReduceState);
  const stopper = useRef<AbortController | null>(null);

  async function start(settings: ReduceSettingsValue) {
    const controller = new AbortController();
    stopper.current = controller;
    dispatch({ type: 'started' });
    try {
      const outcome = await runReduction(
        {
          text,
          mode: settings.mode,
          target: Number(settings.target) || undefined,
          protectedTerms: settings.terms
            .split(/[,，、\n]/)
            .map((t) => t.trim())
            .filter(Boolean),
          workId: work?.id,
        },
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (event.event === 'round') dispatch({ type: 'roundStarted', round: event.data.round, rounds: event.data.rounds });
            else if (event.event === 'sentence') dispatch({ type: 'sentenceRewritten' });
            else if (event.event === 'score') dispatch({ type: 'scored', aiRate: event.data.aiRate });
          },
        },
      );
      if (outcome.status === 'done') {
        dispatch({ type: 'finished', done: outcome, title: work ? `${work.title}（降AI率）` : '降AI率后的文本' });
        cacheAiRate(userId, work?.id ?? REDUCE_AI_PAGE_ID, {
          aiRate: outcome.result.after.aiRate,
          writingId: work?.id ?? outcome.reductionId,
          timestamp: Date.now(),
          original: text,
          modified: outcome.result.text,
          label: outcome.result.after.label,
        });
      } else if (outcome.status === 'error') dispatch({ type: 'failed', message: `${outcome.message}` });
      else dispatch({ type: 'failed', message: '已停止，积分已退还' });
    } catch (failure) {
      dispatch({ type: 'failed', message: failure instanceof Error ? failure.message : '降AI率失败，请稍后重试' });
    } finally {
      stopper.current = null;
      dispatch({ type: 'ended' });
      // The reservation moved the balance (charged or refunded since): the header shows it.
      refreshPoints();
    }
  }

  async function save(into: 'work' | 'new') {
    const { done, rejected, title } = state;
    if (!done) return;
    dispatch({ type: 'saveStarted' });
    try {
      const kept = keptText(done.result, rejected);
      const answer = await saveReduction(
        done.reductionId,
        into === 'work' && work ? { text: kept, workId: work.id } : { text: kept, title: title.trim() || '降AI率后的文本', type: 'reduce' },
      );
      dispatch({ type: 'saved', saved: answer });
      // The page's last check is now the text kept, at the rate it was saved with.
      // So is the saved work's, when it is opened here.
      if (answer.aiRate !== null) {
        const entry = {
          aiRate: answer.aiRate,
          writingId: answer.workId,
          timestamp: Date.now(),
          original: text,
          modified: kept,
          ...(answer.aiLabel ? { label: answer.aiLabel } : {}),
        };
        for (const key of new Set([work?.id ?? REDUCE_AI_PAGE_ID, answer.workId])) cacheAiRate(userId, key, entry);
      }
    } catch (failure) {
      dispatch({ type: 'saveFailed', message: failure instanceof Error ? failure.message : '保存失败，请重试' });
    }
  }

  return { state, dispatch, start, save, stop: () => stopper.current?.abort() };
}

function ReduceWaitMask() {
  const value = useProgressMask({ running: true });
  return <ProgressMask value={value} label="正在准备降AI率…" hint="先检测全文，再改写 AI 特征最明显的句子。" testId="reduce-waiting" />;
}

/**
 * 降AI率 on the page (issue 14): mode and target, progress as the rounds stream in, each rewritten
 * sentence beside its original to take or leave, the new rate, and saving what was kept into the
 * opened work (a new version) or a new work. Needs JavaScript (it streams); the check does not.
 */
export function ReducePanel({
  text,
  work,
  userId,
  onApply,
  price,
}: {
  text: string;
  work: Work;
  userId: string;
  onApply: (text: string) => void;
  /** 降AI率's price (GET /ai/prices), shown before it runs (ADR 0040). */
  price?: AiPrice | null;
}) {
  const hydrated = useHydrated();
  const [settings, setSettings] = useState<ReduceSettingsValue>({
    mode: DEFAULT_REDUCE_MODE,
    target: String(DEFAULT_REDUCE_TARGET),
    terms: '',
  });
  const reduction = useReduction({ text, work, userId });
  const { state, dispatch } = reduction;
  const { running, progress, done, rejected } = state;

  return (
    <Stack gap="4" data-testid="reduce-panel">
      <Text color="gray.600" fontSize="sm">
        改写 AI 特征明显的句子并重新检测，直到低于目标 AI
        率或达到该模式的轮数。数字、人名、学校、日期和保护词保持不变；每一句改写都可以接受或拒绝。
      </Text>
      <ReduceSettings value={settings} onChange={setSettings} disabled={running} />
      <ReduceRunControls
        text={text}
        price={price}
        running={running}
        disabled={!hydrated || running || !text.trim()}
        onStart={() => reduction.start(settings)}
        onStop={reduction.stop}
      />
      {/* Waiting for the first round: the progress mask; then each round's own progress as it streams. */}
      {running && !done && (progress ? <ReduceProgressBar progress={progress} /> : <ReduceWaitMask />)}
      <FormAlert testId="reduce-error">{state.error}</FormAlert>

      {done && (
        <Stack gap="4" data-testid="reduce-result">
          <ReduceSummary done={done} />
          <SentenceDiff
            result={done.result}
            rejected={rejected}
            onDecide={(index, take) => dispatch({ type: 'sentenceDecided', index, take })}
            onDecideAll={(indexes) => dispatch({ type: 'allDecided', rejected: indexes })}
          />
          <ReduceSaveBar
            work={work}
            title={state.title}
            saving={state.saving}
            onTitle={(title) => dispatch({ type: 'titleChanged', title })}
            onApply={() => onApply(keptText(done.result, rejected))}
            onSave={reduction.save}
          />
          {state.saved && <ReduceSavedAlert saved={state.saved} />}
        </Stack>
      )}
    </Stack>
  );
}
