import { Router } from 'express';
import { detectRequestSchema, pageIdentifierSchema, reduceRequestSchema, reduceSaveSchema } from '../../contracts/detection';
import { centsToPoints } from '../../contracts/constants';
import { z } from '../../contracts/zod';
import { createProvider, isProviderError, type ChatProvider, type ProviderTuning } from '../ai/providers';
import { modelRewriter } from '../ai/reducer/model-rewriter';
import { reduceAiRate } from '../ai/reducer/reduce';
import { selectedModelOf } from '../domain/ai/operations';
import { detectText, latestAiRate } from '../domain/ai/detection';
import { finishReduction, saveReduction, startReduction } from '../domain/ai/reduction';
import { AI_INPUT_LIMITS } from '../../contracts/ai-operation-constants';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../contracts/limits';
import { extractText } from '../ai/cv/extract-text';
import { DomainError } from '../domain/errors';
import { multipartBody, type MultipartRequest } from './body';
import { authenticate, authOf, ok, parse, route, type ApiDeps } from './kit';
import { sse } from './sse';

const pageParams = z.object({ pageIdentifier: pageIdentifierSchema });
const reductionParams = z.object({ id: z.string().uuid('降AI率结果不存在或已过期，请重新处理') });

/**
 * 查AI率 and 降AI率 (issue 14): check a text (charged as AI check, refused texts free), read a
 * page's latest rate, reduce a text's AI rate as an event stream (charged as AI reduce, refunded on
 * failure or when the client goes away) and save the kept text into a work.
 */
export function detectionRoutes(deps: ApiDeps, options: { provider?: ChatProvider; tuning?: ProviderTuning } = {}) {
  const router = Router();
  const { db, config } = deps;
  const auth = authenticate(deps);
  // With a language model configured, it rewrites; without one, the local rewriter does (issue 14).
  const provider = options.provider ?? createProvider(config, options.tuning);
  const modelFor = async (userId: string) => {
    if (provider.kind === 'offline') return null;
    const ids = provider.models().map((m) => m.id);
    const chosen = await selectedModelOf(db, userId);
    return chosen && ids.includes(chosen) ? chosen : ids[0]!;
  };

  router.post(
    '/ai/detect',
    auth,
    route(async (req, res) => {
      ok(res, await detectText(db, authOf(res).userId, parse(detectRequestSchema, req.body)), '检测完成');
    }),
  );

  // Also answered at /api/ai-rate/{pageIdentifier}, the address spec §7 names (server.ts).
  router.get(
    '/ai-rate/:pageIdentifier',
    auth,
    route(async (req, res) => {
      ok(res, await latestAiRate(db, authOf(res).userId, parse(pageParams, req.params).pageIdentifier));
    }),
  );

  // A document's text for the check (pdf, doc, docx, txt; the content decides): the CV reader's
  // extraction, in a worker with a time limit. Free: the check that follows is what is charged.
  router.post(
    '/ai/extract-text',
    auth,
    multipartBody({ maxFileBytes: UPLOAD_FILE_LIMIT_BYTES - 1, tooLargeMessage: '文件必须小于 5MB!', maxFields: 2 }),
    route(async (req, res) => {
      const { file, extraFiles } = req as unknown as MultipartRequest;
      if (!file || file.buffer.length === 0) throw new DomainError('FILE_INVALID', '文件无效，请重新上传', { field: 'file' });
      const aborted = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) aborted.abort();
      });
      const extracted = await extractText(file.buffer, { signal: aborted.signal });
      // Tabs mark column gaps in a CV; in an essay they are spaces.
      const text = extracted.text.replace(/\t/g, ' ').trim();
      const limit = AI_INPUT_LIMITS.essay;
      ok(
        res,
        { text: text.slice(0, limit), format: extracted.format, truncated: text.length > limit },
        extraFiles > 0 ? '一次只能上传一个文件，仅处理第一个文件' : '已读取文件',
      );
    }),
  );

  router.post(
    '/ai/reduce',
    auth,
    route(async (req, res) => {
      const userId = authOf(res).userId;
      const request = parse(reduceRequestSchema, req.body);
      // 400 (too short) and 402 answer as JSON: nothing has started, nothing is charged.
      const model = await modelFor(userId);
      const started = await startReduction(db, userId, request, model ? 'model' : 'local');
      const controller = new AbortController();
      res.on('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      const stream = sse(res);
      stream.send('start', { reductionId: started.row.id, pointsReserved: centsToPoints(started.row.pointsCents), mode: request.mode });
      try {
        const result = await reduceAiRate(request.text, {
          mode: request.mode,
          target: request.target,
          protectedTerms: request.protectedTerms,
          model: model ? modelRewriter(provider, model, config.AI_TIMEOUT_MS) : undefined,
          signal: controller.signal,
          onEvent: (event) => stream.send(event.event, event.data),
        });
        await finishReduction(db, started, { status: 'succeeded', result });
        stream.send('done', { reductionId: started.row.id, points: centsToPoints(started.row.pointsCents), result });
      } catch (error) {
        const cancelled = controller.signal.aborted;
        const message = cancelled
          ? '已停止，积分已退还'
          : isProviderError(error)
            ? `${error.message}，积分已退还`
            : '降AI率失败，积分已退还，请稍后重试';
        if (!cancelled && !isProviderError(error)) deps.logger.error('ai.reduce_failed', { reductionId: started.row.id, err: error });
        await finishReduction(db, started, { status: cancelled ? 'cancelled' : 'failed', message });
        stream.send('error', {
          code: cancelled ? 'CANCELLED' : 'INTERNAL',
          message,
          pointsRefunded: centsToPoints(started.row.pointsCents),
        });
      }
      stream.end();
    }),
  );

  router.post(
    '/ai/reduce/:id/save',
    auth,
    route(async (req, res) => {
      const { id } = parse(reductionParams, req.params);
      ok(res, await saveReduction(db, authOf(res).userId, id, parse(reduceSaveSchema, req.body)), '已保存');
    }),
  );

  return router;
}
