import { z } from './zod';
import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_TARGETS } from './admin-audit-constants';

export * from './admin-audit-constants';

/** Filters shared by the list and the export: a bad one is ignored (the whole log), not refused. */
const filters = {
  action: z.enum(ADMIN_AUDIT_ACTIONS).optional().catch(undefined),
  adminId: z.string().uuid().optional().catch(undefined),
};

/** GET /api/v1/admin/audit-log?page&pageSize&action&adminId (the other admin lists' page shape). */
export const adminAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  ...filters,
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** GET /api/v1/admin/audit-log/export?action&adminId */
export const adminAuditExportQuerySchema = z.object(filters);

const jsonObject = z.record(z.string(), z.unknown()).nullable();

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Null for the command line, or once the administrator's account is gone. */
  adminId: z.string().nullable(),
  /** The administrator's name with a masked phone, copied when the row was written. */
  adminLabel: z.string(),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  targetType: z.enum(ADMIN_AUDIT_TARGETS),
  targetId: z.string().nullable(),
  before: jsonObject,
  after: jsonObject,
  ip: z.string(),
  userAgent: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** The administrators the filter offers: whoever has rows in the log. */
export const adminAuditAdminSchema = z.object({ id: z.string(), label: z.string() });

export const adminAuditPageSchema = z.object({
  items: z.array(adminAuditEntrySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  admins: z.array(adminAuditAdminSchema),
});
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;
