import { mainlandPhone } from './user';
import { ORG_ROLES } from './org-constants';
import { z } from './zod';

export * from './org-constants';

const orgRole = z.enum(ORG_ROLES, { error: '角色只能是所有者、顾问、审阅或学生' });

/** POST /api/v1/orgs */
export const orgCreateSchema = z.object({
  name: z.string({ error: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(50, '机构名称不能超过50个字符'),
});
export type OrgCreate = z.infer<typeof orgCreateSchema>;

/** An organisation as one of its members sees it. */
export const orgSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The caller's role in it. */
  role: orgRole,
  memberCount: z.number(),
  createdAt: z.string(),
});
export type Org = z.infer<typeof orgSchema>;

/** POST /api/v1/orgs/{id}/invitations */
export const orgInvitationCreateSchema = z.object({ phone: mainlandPhone, role: orgRole });
export type OrgInvitationCreate = z.infer<typeof orgInvitationCreateSchema>;

/** An open invitation: to the organisation's owners with the number masked, to the invitee with the organisation's name. */
export const orgInvitationSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: z.string(),
  phone: z.string(),
  role: orgRole,
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type OrgInvitation = z.infer<typeof orgInvitationSchema>;

export const orgMemberSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  /** Masked (138****0000): members see each other, not each other's numbers. */
  phone: z.string().nullable(),
  role: orgRole,
  joinedAt: z.string(),
});
export type OrgMember = z.infer<typeof orgMemberSchema>;

/** PATCH /api/v1/orgs/{id}/members/{userId} */
export const orgMemberUpdateSchema = z.object({ role: orgRole });

/** PUT /api/v1/user/active-org: an organisation of the caller's, or null for the personal space. */
export const activeOrgSchema = z.object({
  orgId: z.string({ error: '请选择机构' }).uuid('机构不存在').nullable(),
});

import { activeOrgRefSchema } from './user';

export { activeOrgRefSchema, type ActiveOrgRef } from './user';

export const orgListSchema = z.object({ items: z.array(orgSchema) });
export const orgMemberListSchema = z.object({ items: z.array(orgMemberSchema) });
export const orgInvitationListSchema = z.object({ items: z.array(orgInvitationSchema) });
export const activeOrgAnswerSchema = z.object({ activeOrg: activeOrgRefSchema });

/** GET /api/v1/admin/orgs (the operator's console): every organisation, newest first. */
export const adminOrgQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
  query: z.string().trim().max(50).optional().catch(undefined),
});
export type AdminOrgQuery = z.infer<typeof adminOrgQuerySchema>;
export const adminOrgSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The owners, masked (138****0000) or by name. */
  owners: z.array(z.string()),
  memberCount: z.number(),
  studentCount: z.number(),
  workCount: z.number(),
  createdAt: z.string(),
});
export type AdminOrg = z.infer<typeof adminOrgSchema>;
export const adminOrgPageSchema = z.object({ items: z.array(adminOrgSchema), page: z.number(), pageSize: z.number(), total: z.number() });
