import { Router } from 'express';
import {
  AI_OPERATION_WORK_TYPES,
  AI_OPERATIONS,
  generateRequestSchema,
  isWritingOperation,
  selectModelSchema,
  type GenerateRequest,
} from '../../contracts/ai-operations';
import { centsToPoints } from '../../contracts/constants';
import { factCheckRequestSchema } from '../../contracts/fact-check';
import { z } from '../../contracts/zod';
import { offlineDraftFor } from '../ai/offline-drafts';
import { buildPrompt, type StudentProfile } from '../ai/prompts';
import { createProvider, isProviderError, PROVIDER_ERROR_MESSAGES, type ChatProvider, type ProviderTuning } from '../ai/providers';
import {
  admit,
  AI_OPERATION_STATUSES,
  cancelOperation,
  finish,
  getOperation,
  heartbeat,
  HEARTBEAT_MS,
  inputCharsOf,
  listOperations,
  positionOf,
  reserveFor,
  selectedModelOf,
  selectModel,
  toOperationDto,
  waitForSlot,
  type Outcome,
} from '../domain/ai/operations';
import { factCheck } from '../domain/ai/fact-check';
import { getProfile } from '../domain/archives/profiles';
import { DomainError, validationError } from '../domain/errors';
import { documentFromText } from '../domain/works/document-from-text';
import { getWork, saveGeneratedContent } from '../domain/works/works';
import { authenticate, authOf, ok, parse, route, type ApiDeps } from './kit';
import { sse } from './sse';

const idParams = z.object({ id: z.string().uuid('操作记录不存在') });
const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  operation: z.enum(AI_OPERATIONS, { error: '操作类型无效' }).optional(),
  status: z.enum(AI_OPERATION_STATUSES, { error: '状态无效' }).optional(),
});

/** Comments keep proxies and the browser from closing an idle stream while the model thinks. */
const SSE_HEARTBEAT_MS = 15_000;

export type AiRouteOptions = { provider?: ChatProvider; tuning?: ProviderTuning };

/** Wakes this process's waiting operations when one of its own finishes (others are polled). */
function createWakeup() {
  let waiters: Array<() => void> = [];
  return {
    next: () => new Promise<void>((resolve) => waiters.push(resolve)),
    wakeAll: () => {
      const now = waiters;
      waiters = [];
      for (const w of now) w();
    },
  };
}

/** AI operations (issue 11, ADR 0026): generate over SSE, cancel, records, models. */
export function aiRoutes(deps: ApiDeps, options: AiRouteOptions = {}) {
  const router = Router();
  const { db, config, logger, events } = deps;
  const auth = authenticate(deps);
  const provider = options.provider ?? createProvider(config, options.tuning);
  const limits = { maxConcurrent: config.AI_MAX_CONCURRENT, maxQueue: config.AI_MAX_QUEUE };
  const wakeup = createWakeup();
  /** This process's operations, so the cancel endpoint can abort at once (others notice at their heartbeat). */
  const running = new Map<string, AbortController>();

  const modelIds = () => provider.models().map((m) => m.id);

  router.get(
    '/ai/models',
    auth,
    route(async (_req, res) => {
      const models = provider.models();
      const chosen = await selectedModelOf(db, authOf(res).userId);
      const selectedModelId = chosen && modelIds().includes(chosen) ? chosen : (models[0]?.id ?? null);
      ok(res, { models, selectedModelId });
    }),
  );

  router.put(
    '/ai/models/selected',
    auth,
    route(async (req, res) => {
      const { modelId } = parse(selectModelSchema, req.body);
      if (!modelIds().includes(modelId)) throw validationError('模型不存在', 'modelId');
      await selectModel(db, authOf(res).userId, modelId);
      ok(res, { models: provider.models(), selectedModelId: modelId }, '已切换模型');
    }),
  );

  router.get(
    '/ai/operations',
    auth,
    route(async (req, res) => {
      ok(res, await listOperations(db, authOf(res).userId, parse(listQuery, req.query)));
    }),
  );

  router.post(
    '/ai/operations/:id/cancel',
    auth,
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      const { row, settling } = await cancelOperation(db, authOf(res).userId, id);
      running.get(id)?.abort();
      ok(res, toOperationDto(row), settling ? '已停止生成，按已生成的字数结算，其余积分退还' : '已停止生成，积分已退还');
    }),
  );

  // Fact check (issue 13): free, no model; the student is the caller's own or a 404.
  router.post(
    '/ai/fact-check',
    auth,
    route(async (req, res) => {
      const input = parse(factCheckRequestSchema, req.body);
      ok(res, await factCheck(db, authOf(res).userId, input));
    }),
  );

  router.post(
    '/ai/generate',
    auth,
    route(async (req, res) => {
      const userId = authOf(res).userId;
      const request: GenerateRequest = parse(generateRequestSchema, req.body);
      let profile: StudentProfile | null = null;
      if (request.clientProfileId) profile = await getProfile(db, userId, request.clientProfileId);
      const work = request.workId ? await getWork(db, userId, request.workId) : null;
      // Only a document written for the work's type replaces its text; any other operation (a
      // selection tool, a review, another type's document) is only linked to it (ADR 0026).
      const savesIntoWork = !!work && isWritingOperation(request.operation) && AI_OPERATION_WORK_TYPES[request.operation] === work.type;
      // 继续生成: the answer continues this text; a saved work holds both.
      const continueFrom = 'continueFrom' in request.input ? request.input.continueFrom : undefined;
      const chosen = request.modelId ?? (await selectedModelOf(db, userId));
      if (request.modelId && !modelIds().includes(request.modelId)) throw validationError('模型不存在', 'modelId');
      const model = chosen && modelIds().includes(chosen) ? chosen : modelIds()[0];
      if (!model) throw new DomainError('INTERNAL_ERROR', 'AI 服务未配置模型');

      const prompt = buildPrompt(request, profile);
      const inputChars = inputCharsOf(request.input);
      // 429 and 402 are ordinary JSON answers: nothing has started, nothing is charged.
      let op = await admit(db, limits, {
        userId,
        operation: request.operation,
        clientProfileId: request.clientProfileId,
        workId: request.workId,
        model,
        providerKind: provider.kind,
        inputChars,
        promptVersion: prompt.version,
      });
      try {
        const reservation = await reserveFor(db, op, inputChars);
        op = { ...op, reservationId: reservation.id, pointsReservedCents: reservation.cents };
      } catch (error) {
        await finish(db, op, { status: 'failed', outputChars: 0, errorCode: 'INSUFFICIENT_POINTS', errorMessage: '积分不足' });
        wakeup.wakeAll();
        throw error;
      }

      const controller = new AbortController();
      running.set(op.id, controller);
      // The client going away (closed page, 停止) aborts the provider request and refunds.
      res.on('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      const stream = sse(res);
      // `queuedAhead`: the operations waiting before this one (0 when a slot is free).
      stream.send('start', {
        operationId: op.id,
        pointsReserved: centsToPoints(op.pointsReservedCents),
        status: op.status,
        queuedAhead: await positionOf(db, op),
      });
      const sseBeat = setInterval(() => stream.comment(), SSE_HEARTBEAT_MS);
      const rowBeat = setInterval(() => {
        heartbeat(db, op.id).then(
          (alive) => {
            // Cancelled through the endpoint on another process.
            if (!alive) controller.abort();
          },
          (err: unknown) => logger.warn('ai.heartbeat_failed', { operationId: op.id, err }),
        );
      }, HEARTBEAT_MS);
      const deadline = setTimeout(() => controller.abort('timeout'), config.AI_TIMEOUT_MS);

      let output = '';
      let outcome: Outcome;
      try {
        const started = await waitForSlot(db, limits, op, controller.signal, wakeup);
        if (!started) throw new DomainError('CONFLICT', PROVIDER_ERROR_MESSAGES.CANCELLED);
        stream.send('running', { operationId: op.id });
        const offlineDraft = provider.kind === 'offline' ? offlineDraftFor(request.operation, request.input, profile) : undefined;
        for await (const delta of provider.stream({
          model,
          messages: prompt.messages,
          signal: controller.signal,
          timeoutMs: config.AI_TIMEOUT_MS,
          offlineDraft,
          continueFrom,
        })) {
          output += delta;
          stream.send('delta', { text: delta });
        }
        outcome = { status: 'succeeded', outputChars: output.length };
      } catch (error) {
        const timedOut = controller.signal.reason === 'timeout';
        const code = timedOut ? 'TIMEOUT' : isProviderError(error) ? error.code : controller.signal.aborted ? 'CANCELLED' : 'INTERNAL';
        const cancelled = code === 'CANCELLED';
        if (!isProviderError(error) && !controller.signal.aborted) logger.error('ai.operation_failed', { operationId: op.id, err: error });
        const message =
          code === 'INTERNAL' ? 'AI 生成失败，请稍后重试' : PROVIDER_ERROR_MESSAGES[code as keyof typeof PROVIDER_ERROR_MESSAGES];
        outcome = { status: cancelled ? 'cancelled' : 'failed', outputChars: output.length, errorCode: code, errorMessage: message };
      } finally {
        clearInterval(sseBeat);
        clearInterval(rowBeat);
        clearTimeout(deadline);
        running.delete(op.id);
      }

      let done = await finish(db, op, outcome);
      wakeup.wakeAll();
      let savedToWork = false;
      if (done.status === 'succeeded' && savesIntoWork && work && output.trim()) {
        try {
          const content = documentFromText(`${continueFrom ?? ''}${output}`);
          await saveGeneratedContent(db, userId, work.id, { content, operationId: op.id });
          savedToWork = true;
        } catch (err) {
          // The text reached the page and was paid for; the page can still save it itself.
          logger.warn('ai.save_to_work_failed', { operationId: op.id, err });
        }
      }
      done = await getOperation(db, userId, op.id);
      // pointsChanged: the header refetches the balance (spec §4); the reservation moved it, whatever the end.
      events
        .publish({
          audience: { kind: 'user', userId },
          type: 'AI_OPERATION_FINISHED',
          data: { operationId: op.id, status: done.status, pointsChanged: done.pointsReservedCents > 0 },
        })
        .catch((err: unknown) => logger.warn('ai.publish_failed', { operationId: op.id, err }));
      if (done.status === 'succeeded') {
        // savedToWork: the work's newest version is this answer, as the page reads it too.
        stream.send('done', { operation: toOperationDto(done), savedToWork });
      } else {
        stream.send('error', {
          code: done.errorCode,
          message: done.errorMessage,
          // A stop pays the per-character part of what it delivered; the rest comes back.
          pointsRefunded: centsToPoints(done.pointsReservedCents - done.pointsChargedCents),
          operation: toOperationDto(done),
        });
      }
      stream.end();
    }),
  );

  return router;
}
