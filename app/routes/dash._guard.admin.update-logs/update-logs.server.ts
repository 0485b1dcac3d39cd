import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { updateLogInputSchema, type UpdateLog } from '../../../contracts/notifications';
import { z } from '../../../contracts/zod';
import { orRouteError } from '~/services/api/client.server';
import { handleForm, readForm, type FormFailure } from '~/services/forms';
import { renderMarkdown } from '~/services/pages/markdown.server';
import { consoleFormValues } from '~/services/admin-form-values';
import { requireAdmin } from '~/services/pages/admin-guard.server';
import { confirmedRowAction, pageParam, type RowActionData } from '~/services/pages/row-actions.server';

export const PAGE = '更新日志管理';
const PAGE_SIZE = 20;
/** The API's names, so its `data.field` errors land on the fields. */
export const UPDATE_LOG_FIELDS = [
  'version',
  'title',
  'content',
  'update_type',
  'importance',
  'affected_modules',
  'notes',
  'publish_time',
  'status',
] as const;
export type UpdateLogField = (typeof UPDATE_LOG_FIELDS)[number];

/** A published log whose publish time is still ahead is not shown to users yet. */
export type UpdateLogPhase = 'draft' | 'scheduled' | 'published';
/** The list's rows: no markdown body. */
export type UpdateLogRow = Omit<UpdateLog, 'content'> & { phase: UpdateLogPhase };

function phaseOf(log: Pick<UpdateLog, 'status' | 'publish_time'>, now = Date.now()): UpdateLogPhase {
  if (log.status === 'DRAFT') return 'draft';
  return log.publish_time && Date.parse(log.publish_time) > now ? 'scheduled' : 'published';
}
const toRow = ({ content: _content, ...log }: UpdateLog): UpdateLogRow => ({ ...log, phase: phaseOf(log) });

/** /dash/admin/update-logs?page=N&edit=ID: the list (drafts included) and the log being edited. */
export async function adminUpdateLogsLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, PAGE);
  const page = pageParam(request);
  const editId = new URL(request.url).searchParams.get('edit');
  const [list, editing] = await Promise.all([
    orRouteError(api.admin.updateLogs(page, PAGE_SIZE)),
    editId ? api.admin.updateLog(editId).catch(() => null) : null,
  ]);
  return {
    items: list.updateLogs.map(toRow),
    page: list.page,
    pageSize: list.pageSize,
    total: list.total,
    editing,
    editMissing: Boolean(editId) && !editing,
  };
}

const inputSchema = z.preprocess((raw) => consoleFormValues(raw, ['publish_time']), updateLogInputSchema);

export type AdminUpdateLogsActionData =
  | { intent: 'save'; ok: true; id: string; message: string }
  | ({ intent: 'save' } & FormFailure<UpdateLogField>)
  /** The content as users will see it, rendered and sanitised here (the browser renders no markdown); the form keeps its values. */
  | { intent: 'preview'; html: string; values: Record<UpdateLogField, string> }
  | RowActionData<'delete'>;

export async function adminUpdateLogsAction({ request, context }: ActionFunctionArgs): Promise<AdminUpdateLogsActionData> {
  const api = await requireAdmin(request, context, PAGE);
  const form = await request.formData();
  const intent = form.get('intent');

  if (intent === 'preview') {
    const values = readForm(form, UPDATE_LOG_FIELDS);
    return { intent, html: renderMarkdown(values.content), values };
  }
  if (intent === 'save') {
    const id = String(form.get('id') ?? '');
    const outcome = await handleForm(form, {
      fields: UPDATE_LOG_FIELDS,
      schema: inputSchema,
      submit: async (input) => {
        const saved = id ? await api.admin.updateUpdateLog(id, input) : await api.admin.createUpdateLog(input);
        return { id: saved.id, message: saved.status === 'PUBLISHED' ? '更新日志已发布' : '更新日志已保存为草稿' };
      },
    });
    return outcome.ok ? { intent, ok: true, ...outcome.result } : { intent, ...outcome };
  }
  if (intent === 'delete') {
    return confirmedRowAction(form, intent, async (id) => (await api.admin.deleteUpdateLog(id), '更新日志已删除'));
  }
  throw json('请求无效', { status: 400 });
}
