import { Router } from 'express';
import {
  activeOrgSchema,
  adminOrgQuerySchema,
  orgCreateSchema,
  orgInvitationCreateSchema,
  orgMemberUpdateSchema,
} from '../../contracts/orgs';
import { z } from '../../contracts/zod';
import {
  acceptInvitation,
  adminOrgPage,
  createOrg,
  inviteMember,
  listMembers,
  listMyInvitations,
  listOrgInvitations,
  listOrgs,
  removeMember,
  setActiveOrg,
  updateMemberRole,
} from '../domain/orgs/orgs';
import { activeOrgRef, workspaceOf } from '../domain/orgs/workspace';
import { authenticate, authOf, ok, parse, requireRole, route, type ApiDeps } from './kit';

const orgParams = z.object({ id: z.string().uuid('机构不存在') });
const memberParams = orgParams.extend({ userId: z.string().uuid('成员不存在') });
const invitationParams = z.object({ invitationId: z.string().uuid('邀请不存在或已失效') });

/** Organisations, members and invitations (issue 30, ADR 0067). Someone else's organisation reads as missing. */
export function orgRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;
  const auth = authenticate(deps);

  router.post(
    '/orgs',
    auth,
    route(async (req, res) => {
      ok(res, await createOrg(db, authOf(res).userId, parse(orgCreateSchema, req.body)), '机构已创建', 201);
    }),
  );

  router.get(
    '/orgs',
    auth,
    route(async (_req, res) => {
      ok(res, { items: await listOrgs(db, authOf(res).userId) });
    }),
  );

  // Before /orgs/:id: "invitations" is not an organisation's id.
  router.get(
    '/orgs/invitations',
    auth,
    route(async (_req, res) => {
      ok(res, { items: await listMyInvitations(db, authOf(res).user) });
    }),
  );

  router.post(
    '/orgs/invitations/:invitationId/accept',
    auth,
    route(async (req, res) => {
      const { invitationId } = parse(invitationParams, req.params);
      ok(res, await acceptInvitation(db, authOf(res).user, invitationId), '已加入机构');
    }),
  );

  router.get(
    '/orgs/:id/members',
    auth,
    route(async (req, res) => {
      ok(res, { items: await listMembers(db, authOf(res).userId, parse(orgParams, req.params).id) });
    }),
  );

  router.get(
    '/orgs/:id/invitations',
    auth,
    route(async (req, res) => {
      ok(res, { items: await listOrgInvitations(db, authOf(res).userId, parse(orgParams, req.params).id) });
    }),
  );

  router.post(
    '/orgs/:id/invitations',
    auth,
    route(async (req, res) => {
      const { id } = parse(orgParams, req.params);
      const input = parse(orgInvitationCreateSchema, req.body);
      ok(res, await inviteMember(deps, authOf(res).userId, id, input), '邀请已发送', 201);
    }),
  );

  router.patch(
    '/orgs/:id/members/:userId',
    auth,
    route(async (req, res) => {
      const { id, userId } = parse(memberParams, req.params);
      const { role } = parse(orgMemberUpdateSchema, req.body);
      ok(res, await updateMemberRole(db, authOf(res).userId, id, userId, role), '角色已更新');
    }),
  );

  router.delete(
    '/orgs/:id/members/:userId',
    auth,
    route(async (req, res) => {
      const { id, userId } = parse(memberParams, req.params);
      await removeMember(db, authOf(res).userId, id, userId);
      ok(res, null, authOf(res).userId === userId ? '已退出机构' : '成员已移除');
    }),
  );

  router.put(
    '/user/active-org',
    auth,
    route(async (req, res) => {
      const { orgId } = parse(activeOrgSchema, req.body);
      const { user } = authOf(res);
      await setActiveOrg(db, user.id, orgId);
      ok(
        res,
        { activeOrg: activeOrgRef(await workspaceOf(db, { id: user.id, activeOrgId: orgId })) },
        orgId ? '已切换机构' : '已切换到个人空间',
      );
    }),
  );

  return router;
}

/** /api/v1/admin/orgs: the operator's list of organisations (issue 30), administrators only. */
export function adminOrgRoutes(deps: ApiDeps) {
  const router = Router();
  router.use('/orgs', authenticate(deps), requireRole('admin'));
  router.get(
    '/orgs',
    route(async (req, res) => {
      ok(res, await adminOrgPage(deps.db, parse(adminOrgQuerySchema, req.query)));
    }),
  );
  return router;
}
