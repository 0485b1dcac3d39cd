import { Router } from 'express';
import { globalSearchQuerySchema, profileCreateSchema, profileListQuerySchema, profileUpdateSchema } from '../../contracts/archives';
import { z } from '../../contracts/zod';
import { createProfile, deleteProfile, getProfile, globalSearch, listProfiles, updateProfile } from '../domain/archives/profiles';
import { authenticate, authOf, ok, parse, route, type ApiDeps } from './kit';

const idParams = z.object({ id: z.string().uuid('学生档案不存在') });

/** Student archives (spec §7 /client-profiles, /ai/global-search): every call is the owner's own. */
export function archiveRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;
  const auth = authenticate(deps);

  router.post(
    '/client-profiles',
    auth,
    route(async (req, res) => {
      const input = parse(profileCreateSchema, req.body);
      ok(res, await createProfile(db, authOf(res).userId, input), '创建成功', 201);
    }),
  );

  router.get(
    '/client-profiles',
    auth,
    route(async (req, res) => {
      ok(res, await listProfiles(db, authOf(res).userId, parse(profileListQuerySchema, req.query)));
    }),
  );

  router.get(
    '/client-profiles/:id',
    auth,
    route(async (req, res) => {
      ok(res, await getProfile(db, authOf(res).userId, parse(idParams, req.params).id));
    }),
  );

  router.put(
    '/client-profiles/:id',
    auth,
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      ok(res, await updateProfile(db, authOf(res).userId, id, parse(profileUpdateSchema, req.body)), '保存成功');
    }),
  );

  router.delete(
    '/client-profiles/:id',
    auth,
    route(async (req, res) => {
      await deleteProfile(db, authOf(res).userId, parse(idParams, req.params).id);
      ok(res, null, '已删除');
    }),
  );

  router.get(
    '/ai/global-search',
    auth,
    route(async (req, res) => {
      ok(res, await globalSearch(db, authOf(res).userId, parse(globalSearchQuerySchema, req.query)));
    }),
  );

  return router;
}
