import {
  AI_OPERATION_SOURCES,
  AI_OPERATION_WORK_TYPES,
  isOfflineUnavailable,
  isWritingOperation,
  OFFLINE_UNAVAILABLE_MESSAGE,
  type GenerateRequest,
} from '../../../contracts/ai-operations';
import { STUDENT_REQUIRED } from '../../../contracts/ai-operation-constants';
import type { Database } from '../../../db/client';
import type { Logger } from '../../logger';
import { offlineDraftFor } from '../../ai/offline-drafts';
import { checkModelReview, type CheckedReview } from '../../ai/grammar/model-review';
import { buildPrompt, type StudentProfile } from '../../ai/prompts';
import { getProfile } from '../archives/profiles';
import { documentFromText } from '../works/document-from-text';
import { getWork, saveGeneratedContent } from '../works/works';
import { DomainError, validationError } from '../errors';
import type { AiEngine, PaidOutcome } from './engine';
import { getOperation, inputCharsOf } from './operations';
import { type Workspace } from '../orgs/workspace';

type OperationRow = Awaited<ReturnType<typeof getOperation>>;

export type GenerationListener = {
  /** Reserved and admitted (`queuedAhead` waiting before it): the page may show its charge. */
  onStart: (op: OperationRow, queuedAhead: number) => void;
  onRunning: () => void;
  onDelta: (text: string) => void;
};

/**
 * `review`: a model's revision or polish after the grammar and fact checks (ADR 0041), when they
 * took something back or have something to say; the page reads this text instead of the stream.
 */
export type GenerationResult = PaidOutcome<string> & { savedToWork: boolean; review?: CheckedReview };

/**
 * POST /api/v1/ai/generate (issue 11, ADR 0026): a document or a selection tool's proposal from the
 * model, streamed to the listener, paid through the engine's lifecycle. A refusal before the work
 * (400, 402, 429) is thrown; anything after ends as the outcome.
 */
export async function generate(
  deps: { db: Database; engine: AiEngine; logger: Logger },
  ws: Workspace,
  request: GenerateRequest,
  listener: GenerationListener,
  signal: AbortSignal,
): Promise<GenerationResult> {
  const { db, engine } = deps;
  const userId = ws.userId;
  const offline = engine.provider.kind === 'offline';
  // ADR 0040: a tool the offline engine cannot do is refused before anything is admitted or reserved.
  if (offline && isOfflineUnavailable(request.operation)) throw new DomainError('CONFLICT', OFFLINE_UNAVAILABLE_MESSAGE);
  const work = request.workId ? await getWork(db, ws, request.workId) : null;
  // A document written from the archive alone needs a student: the request's, else the work's.
  const needsStudent = STUDENT_REQUIRED[request.operation];
  const clientProfileId = request.clientProfileId ?? (needsStudent ? (work?.clientProfileId ?? undefined) : undefined);
  if (needsStudent && !clientProfileId) throw validationError(needsStudent, 'clientProfileId');
  let profile: StudentProfile | null = null;
  if (clientProfileId) profile = await getProfile(db, ws, clientProfileId);
  // Only a document written for the work's type replaces its text; any other operation (a
  // selection tool, a review, another type's document) is only linked to it (ADR 0026).
  const savesIntoWork = !!work && isWritingOperation(request.operation) && AI_OPERATION_WORK_TYPES[request.operation] === work.type;
  // 继续生成: the answer continues this text; a saved work holds both.
  const continueFrom = 'continueFrom' in request.input ? request.input.continueFrom : undefined;
  const model = await engine.modelFor(userId, request.modelId);
  const prompt = buildPrompt(request, profile);
  const provider = engine.provider;

  const outcome = await engine.run({
    userId,
    orgId: ws.orgId,
    operation: request.operation,
    source: AI_OPERATION_SOURCES[request.operation],
    basis: 'output',
    inputChars: inputCharsOf(request.input),
    model,
    clientProfileId,
    workId: request.workId,
    promptVersion: prompt.version,
    signal,
    failureMessage: 'AI 生成失败，请稍后重试',
    onAdmitted: listener.onStart,
    onRunning: listener.onRunning,
    work: async (ctx) => {
      const offlineDraft = provider.kind === 'offline' ? await offlineDraftFor(request.operation, request.input, profile) : undefined;
      let output = '';
      for await (const delta of provider.stream({
        model,
        messages: prompt.messages,
        signal: ctx.signal,
        timeoutMs: engine.timeoutMs,
        offlineDraft,
        continueFrom,
      })) {
        output += delta;
        listener.onDelta(delta);
        ctx.delivered(delta.length);
      }
      return output;
    },
    outputChars: (output) => output.length,
    // ADR 0040: the offline engine's work is a template from the archive, not a model's: free.
    free: offline,
  });

  let savedToWork = false;
  if (outcome.status === 'succeeded' && savesIntoWork && work && outcome.result.trim()) {
    try {
      const content = documentFromText(`${continueFrom ?? ''}${outcome.result}`);
      await saveGeneratedContent(db, ws, work.id, { content, operationId: outcome.op.id });
      savedToWork = true;
    } catch (err) {
      // The text reached the page and was paid for; the page can still save it itself.
      deps.logger.warn('ai.save_to_work_failed', { operationId: outcome.op.id, err });
    }
  }
  let review: CheckedReview | undefined;
  if (outcome.status === 'succeeded' && !offline && (request.operation === 'revision' || request.operation === 'polish')) {
    try {
      const essay = (request.input as { essay: string }).essay;
      review = (await checkModelReview(request.operation, essay, outcome.result)) ?? undefined;
    } catch (err) {
      deps.logger.warn('ai.review_check_failed', { operationId: outcome.op.id, err });
    }
  }
  // The row as it ended (a stop's settle records what was delivered after the status flip).
  const op = await getOperation(db, userId, outcome.op.id);
  return { ...outcome, op, savedToWork, ...(review ? { review } : {}) };
}
