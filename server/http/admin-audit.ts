import { Router } from 'express';
import { adminAuditExportQuerySchema, adminAuditQuerySchema, ADMIN_AUDIT_EXPORT_MAX_ROWS } from '../../contracts/admin-audit';
import { auditLogCsv, auditLogPage } from '../domain/admin-audit';
import { authenticate, ok, parse, requireRole, route, sendDownload, type ApiDeps } from './kit';

/** /api/v1/admin/audit-log: the administrators' audit log (ADR 0053), read-only, administrators only. */
export function adminAuditRoutes(deps: ApiDeps) {
  const router = Router();
  router.use('/audit-log', authenticate(deps), requireRole('admin'));

  router.get(
    '/audit-log',
    route(async (req, res) => {
      ok(res, await auditLogPage(deps.db, parse(adminAuditQuerySchema, req.query)));
    }),
  );

  router.get(
    '/audit-log/export',
    route(async (req, res) => {
      const { csv, rows, truncated } = await auditLogCsv(deps.db, parse(adminAuditExportQuerySchema, req.query));
      // How many rows came, and whether the bound cut the export short (the newest ones are kept).
      res.setHeader('X-Export-Rows', String(rows));
      if (truncated) res.setHeader('X-Export-Truncated', `newest ${ADMIN_AUDIT_EXPORT_MAX_ROWS}`);
      const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      sendDownload(res, { contentType: 'text/csv; charset=utf-8', filename: `管理员操作日志-${day}.csv`, body: Buffer.from(csv, 'utf8') });
    }),
  );

  return router;
}
