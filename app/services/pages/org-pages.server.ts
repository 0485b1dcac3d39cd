import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { orgCreateSchema, orgInvitationCreateSchema, ORG_ROLES, type OrgRole } from '../../../contracts/orgs';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { handleForm } from '~/services/forms';
import { confirmedRowAction } from './row-actions.server';

/**
 * /dash/org (issue 30): the invitations to the user, their organisations, and for the one they work
 * in its members; its owners also see the open invitations.
 */
export async function orgLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const api = createApiClient(request, context, pageName);
  const [user, orgs, invitations] = await orRouteError(Promise.all([api.user.info(), api.orgs.list(), api.orgs.myInvitations()]));
  const active = user.activeOrg ?? null;
  const [members, pending] = active
    ? await orRouteError(
        Promise.all([
          api.orgs.members(active.id),
          active.role === 'owner' ? api.orgs.invitations(active.id) : Promise.resolve({ items: [] }),
        ]),
      )
    : [{ items: [] }, { items: [] }];
  return { userId: user.id, active, orgs: orgs.items, invitations: invitations.items, members: members.items, pending: pending.items };
}

/** Every form of the page, by intent. Removing a member and leaving ask first (row actions, ADR 0018). */
export async function orgAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const api = createApiClient(request, context, pageName);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  // Members are managed in the organisation the user works in (the confirmation posts only the row's id).
  const orgId = ['invite', 'remove', 'leave', 'role'].includes(intent)
    ? ((await orRouteError(api.user.info())).activeOrg?.id ?? '')
    : String(form.get('orgId') ?? '');
  if (intent === 'create') {
    const outcome = await handleForm(form, { fields: ['name'], schema: orgCreateSchema, submit: ({ name }) => api.orgs.create(name) });
    return { intent: 'create' as const, ...outcome };
  }
  if (intent === 'invite') {
    const outcome = await handleForm(form, {
      fields: ['phone', 'role'],
      schema: orgInvitationCreateSchema,
      submit: (body) => api.orgs.invite(orgId, body),
    });
    return { intent: 'invite' as const, ...outcome };
  }
  if (intent === 'remove') {
    return confirmedRowAction(form, 'remove' as const, async (userId) => (await api.orgs.removeMember(orgId, userId), '成员已移除'));
  }
  if (intent === 'leave') {
    return confirmedRowAction(form, 'leave' as const, async (userId) => (await api.orgs.removeMember(orgId, userId), '已退出机构'));
  }
  return { intent: 'simple' as const, ...(await simpleAction(api, intent, form, orgId)) };
}

/** Accept, switch and change a role: one call each, its refusal shown on the page. */
async function simpleAction(api: ReturnType<typeof createApiClient>, intent: string, form: FormData, orgId: string) {
  try {
    if (intent === 'accept') {
      const org = await api.orgs.accept(String(form.get('invitationId') ?? ''));
      await api.orgs.setActive(org.id);
      return { ok: true as const, message: `已加入${org.name}` };
    }
    if (intent === 'switch') {
      const { activeOrg } = await api.orgs.setActive(orgId || null);
      return { ok: true as const, message: activeOrg ? `已切换到${activeOrg.name}` : '已切换到个人空间' };
    }
    if (intent === 'role') {
      const role = String(form.get('role') ?? '') as OrgRole;
      if (!ORG_ROLES.includes(role)) return { ok: false as const, message: '角色只能是所有者、顾问、审阅或学生' };
      await api.orgs.updateMember(orgId, String(form.get('id') ?? ''), role);
      return { ok: true as const, message: '角色已更新' };
    }
    return { ok: false as const, message: '不支持的操作' };
  } catch (error) {
    if (error instanceof ApiRequestError) return { ok: false as const, message: error.message };
    throw error;
  }
}
