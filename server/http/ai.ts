import { Router } from 'express';
import { AI_OPERATIONS, generateRequestSchema, selectModelSchema, type GenerateRequest } from '../../contracts/ai-operations';
import { centsToPoints } from '../../contracts/constants';
import { factCheckRequestSchema } from '../../contracts/fact-check';
import { z } from '../../contracts/zod';
import { generate } from '../domain/ai/generation';
import { aiPrices } from '../domain/ai/prices';
import { AI_OPERATION_STATUSES, listOperations, selectModel, toOperationDto } from '../domain/ai/operations';
import { factCheck } from '../domain/ai/fact-check';
import { validationError } from '../domain/errors';
import { abortOnClose, authenticate, authOf, freeToolLimit, ok, parse, route, type ApiDeps, workspaceFor } from './kit';
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

/** AI operations (issue 11, ADR 0026): generate over SSE, cancel, records, models. Paid work runs in deps.ai (ADR 0035). */
export function aiRoutes(deps: ApiDeps) {
  const router = Router();
  const { db, logger, ai: engine } = deps;
  const auth = authenticate(deps);
  const provider = engine.provider;
  const modelIds = () => provider.models().map((m) => m.id);

  router.get(
    '/ai/models',
    auth,
    route(async (_req, res) => {
      const selectedModelId = provider.models().length > 0 ? await engine.modelFor(authOf(res).userId) : null;
      ok(res, { models: provider.models(), selectedModelId });
    }),
  );

  router.get(
    '/ai/prices',
    auth,
    route(async (_req, res) => {
      ok(res, await aiPrices(db, provider.kind === 'offline'));
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
      ok(res, await listOperations(db, await workspaceFor(deps, res), parse(listQuery, req.query)));
    }),
  );

  router.post(
    '/ai/operations/:id/cancel',
    auth,
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      const { row, settling } = await engine.cancel(authOf(res).userId, id);
      ok(res, toOperationDto(row), settling ? '已停止生成，按已生成的字数结算，其余积分退还' : '已停止生成，积分已退还');
    }),
  );

  // Fact check (issue 13): free, no model; the student is the caller's own or a 404. Rate-limited per user.
  router.post(
    '/ai/fact-check',
    auth,
    freeToolLimit(deps, 'fact-check'),
    route(async (req, res) => {
      const input = parse(factCheckRequestSchema, req.body);
      ok(res, await factCheck(db, await workspaceFor(deps, res), input));
    }),
  );

  router.post(
    '/ai/generate',
    auth,
    route(async (req, res) => {
      const ws = await workspaceFor(deps, res);
      const request: GenerateRequest = parse(generateRequestSchema, req.body);
      let stream: ReturnType<typeof sse> | null = null;
      let operationId = '';
      let sseBeat: NodeJS.Timeout | undefined;
      // 400, 402 and 429 are thrown before onStart: ordinary JSON answers, nothing charged.
      const result = await generate(
        { db, engine, logger },
        ws,
        request,
        {
          onStart: (op, queuedAhead) => {
            stream = sse(res);
            operationId = op.id;
            // `queuedAhead`: the operations waiting before this one (0 when a slot is free).
            stream.send('start', {
              operationId: op.id,
              pointsReserved: centsToPoints(op.pointsReservedCents),
              status: op.status,
              queuedAhead,
            });
            sseBeat = setInterval(() => stream?.comment(), SSE_HEARTBEAT_MS);
          },
          onRunning: () => stream?.send('running', { operationId }),
          onDelta: (text) => stream?.send('delta', { text }),
        },
        // The client going away (closed page, 停止) stops the model; what it delivered is settled.
        abortOnClose(res),
      ).finally(() => clearInterval(sseBeat));
      const out = stream as ReturnType<typeof sse> | null;
      if (!out) return;
      if (result.status === 'succeeded') {
        // savedToWork: the work's newest version is this answer, as the page reads it too.
        // ADR 0041: a model's review after the grammar and fact checks, and what they took back.
        const review = result.review
          ? { reviewText: result.review.text, droppedEdits: result.review.dropped, checkNote: result.review.note }
          : {};
        out.send('done', { operation: toOperationDto(result.op), savedToWork: result.savedToWork, ...review });
      } else {
        out.send('error', {
          code: result.op.errorCode,
          message: result.op.errorMessage,
          // A stop pays for what it delivered (ADR 0035); the rest comes back.
          pointsRefunded: centsToPoints(result.op.pointsReservedCents - result.op.pointsChargedCents),
          operation: toOperationDto(result.op),
        });
      }
      out.end();
    }),
  );

  return router;
}
