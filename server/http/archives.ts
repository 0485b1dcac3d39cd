import { Router } from 'express';
import {
  autoImportSchema,
  cvDetectionFieldsSchema,
  globalSearchQuerySchema,
  profileCreateSchema,
  profileListQuerySchema,
  profileUpdateSchema,
} from '../../contracts/archives';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../contracts/limits';
import { z } from '../../contracts/zod';
import { extractCvWithModel } from '../ai/cv/model-extract';
import { cancelDetection, detectCv, importDetection } from '../domain/archives/auto-profile';
import { DomainError } from '../domain/errors';
import { createProfile, deleteProfile, getProfile, globalSearch, listProfiles, updateProfile } from '../domain/archives/profiles';
import { multipartBody, type MultipartRequest } from './body';
import { abortOnClose, authenticate, authOf, ok, parse, route, type ApiDeps, workspaceFor } from './kit';

const idParams = z.object({ id: z.string().uuid('学生档案不存在') });
/** A CV read by the model within the new-student dialog's wait (its mask runs 40 s). */
const CV_MODEL_TIMEOUT_MS = 90_000;

/** Student archives (spec §7 /client-profiles, /ai/global-search): every call is the owner's own. */
export function archiveRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;
  const auth = authenticate(deps);
  // The configured language model reads CVs (in the AI queue); without one (the offline engine) the rules do.
  const readWithModel =
    deps.ai.provider.kind === 'offline'
      ? undefined
      : (text: string, model: string, signal: AbortSignal) =>
          extractCvWithModel(deps.ai.provider, text, {
            model,
            signal,
            timeoutMs: CV_MODEL_TIMEOUT_MS,
            onFailure: (reason) => deps.logger.warn('cv.model_extraction_failed', { reason, fallback: 'rules' }),
          });

  router.post(
    '/client-profiles',
    auth,
    route(async (req, res) => {
      const input = parse(profileCreateSchema, req.body);
      ok(res, await createProfile(db, await workspaceFor(deps, res), input), '创建成功', 201);
    }),
  );

  router.get(
    '/client-profiles',
    auth,
    route(async (req, res) => {
      ok(res, await listProfiles(db, await workspaceFor(deps, res), parse(profileListQuerySchema, req.query)));
    }),
  );

  router.get(
    '/client-profiles/:id',
    auth,
    route(async (req, res) => {
      ok(res, await getProfile(db, await workspaceFor(deps, res), parse(idParams, req.params).id));
    }),
  );

  router.put(
    '/client-profiles/:id',
    auth,
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      ok(res, await updateProfile(db, await workspaceFor(deps, res), id, parse(profileUpdateSchema, req.body)), '保存成功');
    }),
  );

  router.delete(
    '/client-profiles/:id',
    auth,
    route(async (req, res) => {
      await deleteProfile(db, await workspaceFor(deps, res), parse(idParams, req.params).id);
      ok(res, null, '已删除');
    }),
  );

  // 新建学生 from a CV (spec §7): read and detect (charged when the data is returned), then import.
  router.post(
    '/ai/auto-cv-detection',
    auth,
    // "Under 5 MB" (spec §5): busboy admits a file of exactly its limit.
    multipartBody({ maxFileBytes: UPLOAD_FILE_LIMIT_BYTES - 1, tooLargeMessage: '文件必须小于 5MB!', maxFields: 5 }),
    route(async (req, res) => {
      const { file, body, extraFiles } = req as unknown as MultipartRequest;
      if (!file || file.buffer.length === 0) throw new DomainError('FILE_INVALID', '文件无效，请重新上传', { field: 'file' });
      const { nickname } = parse(cvDetectionFieldsSchema, body);
      // The client going away (a cancelled upload) before the answer stops the work and refunds it.
      const detection = await detectCv(
        { db, engine: deps.ai },
        { ws: await workspaceFor(deps, res), file, nickname, signal: abortOnClose(res), readWithModel },
      );
      ok(res, { ...detection, extraFilesIgnored: extraFiles }, extraFiles > 0 ? '一次只能上传一个文件，仅处理第一个文件' : '识别完成');
    }),
  );

  router.post(
    '/ai/auto-cv-detection/:id/cancel',
    auth,
    route(async (req, res) => {
      await cancelDetection(db, { userId: authOf(res).userId, detectionId: parse(idParams, req.params).id });
      ok(res, null, '已取消，未创建学生档案（识别结果已返回，本次智能建档已计费）');
    }),
  );

  router.post(
    '/client-profiles/auto-import',
    auth,
    route(async (req, res) => {
      const input = parse(autoImportSchema, req.body);
      const ws = await workspaceFor(deps, res);
      // Without a detection (spec §3: the detected data plus name) it is a manual creation: free.
      if (input.detectionId === undefined) return ok(res, await createProfile(db, ws, input), '创建成功', 201);
      const { profile, updated } = await importDetection(db, { ws, ...input });
      if (updated) ok(res, profile, '已更新学生档案');
      else ok(res, profile, '创建成功', 201);
    }),
  );

  router.get(
    '/ai/global-search',
    auth,
    route(async (req, res) => {
      ok(res, await globalSearch(db, await workspaceFor(deps, res), parse(globalSearchQuerySchema, req.query)));
    }),
  );

  return router;
}
