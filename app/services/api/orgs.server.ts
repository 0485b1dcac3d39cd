import {
  activeOrgAnswerSchema,
  adminOrgPageSchema,
  orgInvitationListSchema,
  orgInvitationSchema,
  orgListSchema,
  orgMemberListSchema,
  orgMemberSchema,
  orgSchema,
  type AdminOrgQuery,
  type OrgInvitationCreate,
  type OrgRole,
} from '../../../contracts/orgs';
import { z } from '../../../contracts/zod';
import type { ApiTransport } from './transport.server';

const org = (id: string) => `/orgs/${encodeURIComponent(id)}`;

/** Organisations, members and invitations (issue 30); the space the user works in. */
export const orgsApi = (api: ApiTransport) => ({
  list: () => api.json('/orgs', { schema: orgListSchema }),
  create: (name: string) => api.json('/orgs', { method: 'POST', body: { name }, schema: orgSchema }),
  members: (orgId: string) => api.json(`${org(orgId)}/members`, { schema: orgMemberListSchema }),
  invitations: (orgId: string) => api.json(`${org(orgId)}/invitations`, { schema: orgInvitationListSchema }),
  invite: (orgId: string, body: OrgInvitationCreate) =>
    api.json(`${org(orgId)}/invitations`, { method: 'POST', body, schema: orgInvitationSchema }),
  myInvitations: () => api.json('/orgs/invitations', { schema: orgInvitationListSchema }),
  accept: (invitationId: string) =>
    api.json(`/orgs/invitations/${encodeURIComponent(invitationId)}/accept`, { method: 'POST', body: {}, schema: orgSchema }),
  updateMember: (orgId: string, userId: string, role: OrgRole) =>
    api.json(`${org(orgId)}/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role }, schema: orgMemberSchema }),
  removeMember: (orgId: string, userId: string) =>
    api.json(`${org(orgId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: z.null() }),
  /** The operator's console: every organisation. */
  adminList: (query: AdminOrgQuery) => {
    const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
    if (query.query) params.set('query', query.query);
    return api.json(`/admin/orgs?${params}`, { schema: adminOrgPageSchema });
  },
  setActive: (orgId: string | null) => api.json('/user/active-org', { method: 'PUT', body: { orgId }, schema: activeOrgAnswerSchema }),
});
