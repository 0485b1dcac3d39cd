import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { NotificationStatus } from '../../../contracts/constants';
import { notificationInputSchema, type SystemNotification } from '../../../contracts/notifications';
import { z } from '../../../contracts/zod';
import { orRouteError } from '~/services/api/client.server';
import { handleForm, type FormFailure } from '~/services/forms';
import { consoleFormValues } from '~/services/admin-form-values';
import { requireAdmin } from '~/services/pages/admin-guard.server';
import { confirmedRowAction, pageParam, type RowActionData } from '~/services/pages/row-actions.server';

export const PAGE = '通知公告管理';
const PAGE_SIZE = 20;
/** The form's fields carry the API's names, so its `data.field` errors land on them. */
export const NOTIFICATION_FIELDS = [
  'title',
  'content',
  'type',
  'status',
  'importance',
  'need_confirmation',
  'start_time',
  'end_time',
  'redirect_url',
  'estimatedCompletionTime',
  'update_log_id',
] as const;
export type NotificationField = (typeof NOTIFICATION_FIELDS)[number];

/** Where a published notice stands now, decided on the server so the page hydrates as rendered. */
export type NotificationPhase = 'draft' | 'scheduled' | 'live' | 'ended' | 'expired';
export type NotificationRow = Omit<SystemNotification, 'updateLog'> & {
  phase: NotificationPhase;
  updateLog: { id: string; version: string; title: string } | null;
};
/** The update logs an UPDATE notice can point to (its modal shows only a published one). */
export type UpdateLogOption = { id: string; version: string; title: string; published: boolean };

function phaseOf(n: SystemNotification, now = Date.now()): NotificationPhase {
  const status: NotificationStatus = n.status;
  if (status === 'DRAFT') return 'draft';
  if (status === 'EXPIRED') return 'expired';
  if (n.end_time && Date.parse(n.end_time) <= now) return 'ended';
  if (n.start_time && Date.parse(n.start_time) > now) return 'scheduled';
  return 'live';
}

const toRow = (n: SystemNotification): NotificationRow => ({
  ...n,
  phase: phaseOf(n),
  updateLog: n.updateLog && { id: n.updateLog.id, version: n.updateLog.version, title: n.updateLog.title },
});

/** /dash/admin/notifications?page=N&edit=ID: the list, the update logs to choose from, and the notice being edited. */
export async function notificationsLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, PAGE);
  const page = pageParam(request);
  const editId = new URL(request.url).searchParams.get('edit');
  const [list, logs, editing] = await Promise.all([
    orRouteError(api.admin.notifications(page, PAGE_SIZE)),
    // The choice of update log is optional: without the list the form still works.
    api.admin.updateLogs(1, 100).then(
      (r) => r.updateLogs,
      () => [],
    ),
    editId ? api.admin.notification(editId).then(toRow, () => null) : null,
  ]);
  return {
    items: list.items.map(toRow),
    page: list.page,
    pageSize: list.pageSize,
    total: list.total,
    updateLogs: logs.map((l): UpdateLogOption => ({ id: l.id, version: l.version, title: l.title, published: l.status === 'PUBLISHED' })),
    editing,
    editMissing: Boolean(editId) && !editing,
  };
}

/**
 * Form values on their way to the contract: the times are Beijing time; a field that belongs to
 * another type (shown to every type when the page runs without JavaScript) is dropped.
 */
function fromForm(raw: unknown): unknown {
  const values = consoleFormValues(raw, ['start_time', 'end_time', 'estimatedCompletionTime']) as Record<string, unknown>;
  if (values.type !== 'MAINTENANCE') values.estimatedCompletionTime = undefined;
  if (values.type !== 'UPDATE') values.update_log_id = undefined;
  return values;
}
const inputSchema = z.preprocess(fromForm, notificationInputSchema);

export type NotificationRowIntent = 'publish' | 'expire' | 'delete';
export type NotificationsActionData =
  | { intent: 'save'; ok: true; id: string; message: string }
  | ({ intent: 'save' } & FormFailure<NotificationField>)
  | RowActionData<NotificationRowIntent>;

export async function notificationsAction({ request, context }: ActionFunctionArgs): Promise<NotificationsActionData> {
  const api = await requireAdmin(request, context, PAGE);
  const form = await request.formData();
  const intent = form.get('intent');

  if (intent === 'save') {
    const id = String(form.get('id') ?? '');
    const outcome = await handleForm(form, {
      fields: NOTIFICATION_FIELDS,
      schema: inputSchema,
      submit: async (input) => {
        const saved = id ? await api.admin.updateNotification(id, input) : await api.admin.createNotification(input);
        const message = id ? '通知已更新' : saved.status === 'PUBLISHED' ? '通知已发布' : '草稿已保存';
        return { id: saved.id, message };
      },
    });
    return outcome.ok ? { intent, ok: true, ...outcome.result } : { intent, ...outcome };
  }
  if (intent === 'publish') {
    return confirmedRowAction(form, intent, async (id) => (await api.admin.publishNotification(id), '通知已发布'));
  }
  if (intent === 'expire') {
    return confirmedRowAction(form, intent, async (id) => (await api.admin.expireNotification(id), '通知已结束'));
  }
  if (intent === 'delete') {
    return confirmedRowAction(form, intent, async (id) => (await api.admin.deleteNotification(id), '通知已删除'));
  }
  throw json('请求无效', { status: 400 });
}
