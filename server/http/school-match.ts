import { Router, type RequestHandler } from 'express';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../contracts/limits';
import {
  caseCreateSchema,
  casesQuerySchema,
  importFieldsSchema,
  institutionsQuerySchema,
  matchExportQuerySchema,
  matchResultsQuerySchema,
  matchRunSchema,
  programsQuerySchema,
  shortlistAddSchema,
  shortlistQuerySchema,
} from '../../contracts/school-match';
import { z } from '../../contracts/zod';
import { DomainError } from '../domain/errors';
import { createCase, deleteCase, importCases, listCases } from '../domain/school-match/cases';
import { listInstitutions } from '../domain/school-match/catalogue';
import { exportMatchResult } from '../domain/school-match/export';
import { importPrograms, listPrograms } from '../domain/school-match/programs';
import { deleteResult, getResult, listResults, runMatch } from '../domain/school-match/run';
import { addToShortlist, listShortlist, removeFromShortlist, SHORTLIST_ROW_MISSING } from '../domain/school-match/shortlist';
import { multipartBody, type MultipartRequest } from './body';
import {
  abortOnClose,
  adminActor,
  authenticate,
  authOf,
  freeToolLimit,
  ok,
  parse,
  requireRole,
  route,
  sendDownload,
  type ApiDeps,
  workspaceFor,
} from './kit';

const caseIdParams = z.object({ id: z.string().uuid('案例不存在') });
const resultIdParams = z.object({ id: z.string().uuid('选校结果不存在') });
const shortlistIdParams = z.object({ id: z.string().uuid(SHORTLIST_ROW_MISSING) });

/** A CSV upload: one file under the upload limit, plus the `dryRun` field. */
const csvUpload = (): RequestHandler =>
  multipartBody({ maxFileBytes: UPLOAD_FILE_LIMIT_BYTES - 1, tooLargeMessage: '文件必须小于 5MB!', maxFields: 5 });

function uploadedCsv(req: unknown) {
  const { file, body } = req as MultipartRequest;
  if (!file || file.buffer.length === 0) throw new DomainError('FILE_INVALID', '请上传 CSV 文件', { field: 'file' });
  return { bytes: file.buffer, dryRun: parse(importFieldsSchema, body).dryRun };
}

const importMessage = (dryRun: boolean, r: { imported: number; skipped: number }) =>
  `${dryRun ? '试导入（未写入）：可导入' : '已导入'} ${r.imported} 条，跳过 ${r.skipped} 条`;

/** 选校 data (issue 26): the catalogue, programs and this account's case library. */
export function schoolMatchRoutes(deps: ApiDeps) {
  const router = Router();
  const auth = authenticate(deps);
  const { db } = deps;

  router.get(
    '/school-match/institutions',
    auth,
    route(async (req, res) => {
      ok(res, await listInstitutions(db, parse(institutionsQuerySchema, req.query)));
    }),
  );

  router.get(
    '/school-match/programs',
    auth,
    route(async (req, res) => {
      ok(res, await listPrograms(db, authOf(res).userId, parse(programsQuerySchema, req.query)));
    }),
  );

  router.get(
    '/school-match/cases',
    auth,
    route(async (req, res) => {
      ok(res, await listCases(db, authOf(res).userId, parse(casesQuerySchema, req.query)));
    }),
  );

  router.post(
    '/school-match/cases',
    auth,
    route(async (req, res) => {
      ok(res, await createCase(db, authOf(res).userId, parse(caseCreateSchema, req.body)), '已记录案例', 201);
    }),
  );

  // Imports are free but not free in bulk: the free-tool limit per minute applies.
  router.post(
    '/school-match/cases/import',
    auth,
    freeToolLimit(deps, 'school-match-import'),
    csvUpload(),
    route(async (req, res) => {
      const { bytes, dryRun } = uploadedCsv(req);
      const result = await importCases(db, authOf(res).userId, bytes, { dryRun });
      ok(res, result, importMessage(dryRun, result));
    }),
  );

  router.delete(
    '/school-match/cases/:id',
    auth,
    route(async (req, res) => {
      await deleteCase(db, authOf(res).userId, parse(caseIdParams, req.params).id);
      ok(res, null, '已删除');
    }),
  );

  // 选校 (ADR 0052): one paid run, charged through the price table, saved as a school_match_result.
  router.post(
    '/school-match/run',
    auth,
    route(async (req, res) => {
      const input = parse(matchRunSchema, req.body);
      const result = await runMatch({ db, engine: deps.ai }, { ...input, ws: await workspaceFor(deps, res), signal: abortOnClose(res) });
      ok(res, result, '选校完成', 201);
    }),
  );

  router.get(
    '/school-match/results',
    auth,
    route(async (req, res) => {
      ok(res, await listResults(db, authOf(res).userId, parse(matchResultsQuerySchema, req.query)));
    }),
  );

  router.get(
    '/school-match/results/:id',
    auth,
    route(async (req, res) => {
      ok(res, await getResult(db, authOf(res).userId, parse(resultIdParams, req.params).id));
    }),
  );

  router.delete(
    '/school-match/results/:id',
    auth,
    route(async (req, res) => {
      await deleteResult(db, authOf(res).userId, parse(resultIdParams, req.params).id);
      ok(res, null, '已删除');
    }),
  );

  // The file of a saved run (Word or Excel); the free-tool limit per minute applies, as to works' exports.
  router.get(
    '/school-match/results/:id/export',
    auth,
    freeToolLimit(deps, 'export'),
    route(async (req, res) => {
      const { id } = parse(resultIdParams, req.params);
      const file = await exportMatchResult(db, authOf(res).userId, id, parse(matchExportQuerySchema, req.query));
      sendDownload(res, file);
    }),
  );

  // A student's list: the programs kept for one client profile, one row per program.
  router.get(
    '/school-match/shortlist',
    auth,
    route(async (req, res) => {
      ok(res, await listShortlist(db, await workspaceFor(deps, res), parse(shortlistQuerySchema, req.query).clientProfileId));
    }),
  );

  router.post(
    '/school-match/shortlist',
    auth,
    route(async (req, res) => {
      const { item, created } = await addToShortlist(db, await workspaceFor(deps, res), parse(shortlistAddSchema, req.body));
      ok(res, item, created ? '已加入选校清单' : '已更新选校清单', created ? 201 : 200);
    }),
  );

  router.delete(
    '/school-match/shortlist/:id',
    auth,
    route(async (req, res) => {
      await removeFromShortlist(db, authOf(res).userId, parse(shortlistIdParams, req.params).id);
      ok(res, null, '已移出选校清单');
    }),
  );

  return router;
}

/** /api/v1/admin/school-match: the shared programs catalogue, imported by an administrator. */
export function adminSchoolMatchRoutes(deps: ApiDeps) {
  const router = Router();
  router.use('/school-match', authenticate(deps), requireRole('admin'));
  router.post(
    '/school-match/programs/import',
    csvUpload(),
    route(async (req, res) => {
      const { bytes, dryRun } = uploadedCsv(req);
      const result = await importPrograms(deps.db, bytes, { dryRun, actor: adminActor(req, res) });
      ok(
        res,
        result,
        `${dryRun ? '试导入（未写入）' : '导入完成'}：新增 ${result.imported} 条，更新 ${result.updated} 条，跳过 ${result.skipped} 条`,
      );
    }),
  );
  return router;
}
