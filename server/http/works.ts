import { Router } from 'express';
import {
  versionCompareQuerySchema,
  workCreateSchema,
  workExportQuerySchema,
  workListQuerySchema,
  workUpdateSchema,
} from '../../contracts/works';
import { z } from '../../contracts/zod';
import {
  compareVersions,
  createWork,
  deleteWork,
  getVersion,
  getWork,
  listVersions,
  listWorks,
  restoreVersion,
  updateWork,
} from '../domain/works/works';
import { exportWork } from '../domain/works/export';
import { authenticate, freeToolLimit, ok, parse, route, sendDownload, type ApiDeps, workspaceFor } from './kit';

const idParams = z.object({ id: z.string().uuid('作品不存在') });
const versionParams = idParams.extend({ versionId: z.string().uuid('版本不存在') });

/** Works and their versions (issue 11): every call is the owner's own; anyone else's work reads as missing. */
export function workRoutes(deps: ApiDeps) {
  const router = Router();
  const { db, config } = deps;
  const auth = authenticate(deps);

  router.post(
    '/works',
    auth,
    route(async (req, res) => {
      ok(res, await createWork(db, await workspaceFor(deps, res), parse(workCreateSchema, req.body)), '创建成功', 201);
    }),
  );

  router.get(
    '/works',
    auth,
    route(async (req, res) => {
      ok(res, await listWorks(db, await workspaceFor(deps, res), parse(workListQuerySchema, req.query)));
    }),
  );

  router.get(
    '/works/:id',
    auth,
    route(async (req, res) => {
      ok(res, await getWork(db, await workspaceFor(deps, res), parse(idParams, req.params).id));
    }),
  );

  router.put(
    '/works/:id',
    auth,
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      ok(res, await updateWork(db, await workspaceFor(deps, res), id, parse(workUpdateSchema, req.body)), '保存成功');
    }),
  );

  router.delete(
    '/works/:id',
    auth,
    route(async (req, res) => {
      await deleteWork(db, await workspaceFor(deps, res), parse(idParams, req.params).id);
      ok(res, null, '已删除');
    }),
  );

  router.get(
    '/works/:id/export',
    auth,
    freeToolLimit(deps, 'export'),
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      const query = parse(workExportQuerySchema, req.query);
      const file = await exportWork(db, config, await workspaceFor(deps, res), id, query);
      sendDownload(res, file);
    }),
  );

  router.get(
    '/works/:id/versions',
    auth,
    route(async (req, res) => {
      ok(res, await listVersions(db, await workspaceFor(deps, res), parse(idParams, req.params).id));
    }),
  );

  // Before /versions/:versionId, which would otherwise take "compare" as an id.
  router.get(
    '/works/:id/versions/compare',
    auth,
    route(async (req, res) => {
      const { id } = parse(idParams, req.params);
      ok(res, await compareVersions(db, await workspaceFor(deps, res), id, parse(versionCompareQuerySchema, req.query)));
    }),
  );

  router.get(
    '/works/:id/versions/:versionId',
    auth,
    route(async (req, res) => {
      const { id, versionId } = parse(versionParams, req.params);
      ok(res, await getVersion(db, await workspaceFor(deps, res), id, versionId));
    }),
  );

  router.post(
    '/works/:id/versions/:versionId/restore',
    auth,
    route(async (req, res) => {
      const { id, versionId } = parse(versionParams, req.params);
      ok(res, await restoreVersion(db, await workspaceFor(deps, res), id, versionId), '已恢复到该版本');
    }),
  );

  return router;
}
