import { Router } from 'express';
import { detectRequestSchema, pageIdentifierSchema, reduceRequestSchema, reduceSaveSchema } from '../../contracts/detection';
import { z } from '../../contracts/zod';
import { detectText, latestAiRate } from '../domain/ai/detection';
import { reduceText, saveReduction } from '../domain/ai/reduction';
import { AI_INPUT_LIMITS } from '../../contracts/ai-operation-constants';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../contracts/limits';
import { extractText } from '../ai/cv/extract-text';
import { DomainError } from '../domain/errors';
import { multipartBody, type MultipartRequest } from './body';
import { abortOnClose, authenticate, authOf, freeToolLimit, ok, parse, route, type ApiDeps, workspaceFor } from './kit';
import { sse } from './sse';

const pageParams = z.object({ pageIdentifier: pageIdentifierSchema });
const reductionParams = z.object({ id: z.string().uuid('降AI率结果不存在或已过期，请重新处理') });

/**
 * 查AI率 and 降AI率 (issue 14): check a text (charged as AI check, refused texts free), read a
 * page's latest rate, reduce a text's AI rate as an event stream (charged as AI reduce, refunded on
 * failure or when the client goes away) and save the kept text into a work. Paid work runs through
 * deps.ai (ADR 0035).
 */
export function detectionRoutes(deps: ApiDeps) {
  const router = Router();
  const { db, ai: engine } = deps;
  const auth = authenticate(deps);

  router.post(
    '/ai/detect',
    auth,
    route(async (req, res) => {
      const request = parse(detectRequestSchema, req.body);
      ok(res, await detectText({ db, engine }, await workspaceFor(deps, res), request, abortOnClose(res)), '检测完成');
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
    freeToolLimit(deps, 'extract-text'),
    multipartBody({ maxFileBytes: UPLOAD_FILE_LIMIT_BYTES - 1, tooLargeMessage: '文件必须小于 5MB!', maxFields: 2 }),
    route(async (req, res) => {
      const { file, extraFiles } = req as unknown as MultipartRequest;
      if (!file || file.buffer.length === 0) throw new DomainError('FILE_INVALID', '文件无效，请重新上传', { field: 'file' });
      const extracted = await extractText(file.buffer, { signal: abortOnClose(res), owner: authOf(res).userId });
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
      const request = parse(reduceRequestSchema, req.body);
      let stream: ReturnType<typeof sse> | null = null;
      // 400 (too short), 402 and 429 answer as JSON before onStart: nothing has started, nothing is charged.
      const outcome = await reduceText(
        { db, engine },
        await workspaceFor(deps, res),
        request,
        {
          onStart: (data) => {
            stream = sse(res);
            stream.send('start', data);
          },
          onProgress: (event) => stream?.send(event.event, event.data),
        },
        abortOnClose(res),
      );
      const out = stream as ReturnType<typeof sse> | null;
      if (!out) return;
      if (outcome.status === 'succeeded')
        out.send('done', {
          reductionId: outcome.reductionId,
          points: outcome.points,
          result: outcome.result,
          ...(outcome.uncharged && { uncharged: outcome.uncharged }),
        });
      else out.send('error', { code: outcome.code, message: outcome.message, pointsRefunded: outcome.pointsRefunded });
      out.end();
    }),
  );

  router.post(
    '/ai/reduce/:id/save',
    auth,
    route(async (req, res) => {
      const { id } = parse(reductionParams, req.params);
      ok(res, await saveReduction(db, await workspaceFor(deps, res), id, parse(reduceSaveSchema, req.body)), '已保存');
    }),
  );

  return router;
}
