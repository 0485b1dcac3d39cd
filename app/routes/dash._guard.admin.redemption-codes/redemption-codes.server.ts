import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { RedemptionBatch } from '../../../contracts/points';
import { redemptionBatchCreateSchema } from '../../../contracts/points';
import { z } from '../../../contracts/zod';
import { orRouteError } from '~/services/api/client.server';
import { handleForm, type FormFailure } from '~/services/forms';
import { confirmedRowAction, type RowActionData } from '~/services/pages/row-actions.server';
import { consoleFormValues } from '~/services/admin-form-values';
import { requireAdmin } from '~/services/pages/admin-guard.server';

export const PAGE = '兑换码管理';
export const CREATE_FIELDS = ['points', 'count', 'maxUses', 'expiresAt', 'note'] as const;
export type CreateField = (typeof CREATE_FIELDS)[number];

export type BatchStatus = 'active' | 'disabled' | 'expired';
export type BatchRow = RedemptionBatch & { status: BatchStatus };

/** Decided on the server, so the page hydrates with the status it was rendered with. */
function statusOf(batch: RedemptionBatch, now = Date.now()): BatchStatus {
  if (batch.disabledAt) return 'disabled';
  if (batch.expiresAt && Date.parse(batch.expiresAt) <= now) return 'expired';
  return 'active';
}

export async function redemptionCodesLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, PAGE);
  const batches = await orRouteError(api.admin.redemptionBatches());
  return { batches: batches.map((b): BatchRow => ({ ...b, status: statusOf(b) })) };
}

const createSchema = z.preprocess((raw) => consoleFormValues(raw, ['expiresAt']), redemptionBatchCreateSchema);

export type RedemptionCodesActionData =
  | { intent: 'create'; ok: true; batchId: string; codes: string[]; points: number; maxUses: number }
  | ({ intent: 'create' } & FormFailure<CreateField>)
  /** Without JavaScript there is no dialog: the first press asks, on the page, to press again. */
  | RowActionData<'disable'>;

export async function redemptionCodesAction({ request, context }: ActionFunctionArgs): Promise<RedemptionCodesActionData> {
  const api = await requireAdmin(request, context, PAGE);
  const form = await request.formData();
  const intent = form.get('intent');

  if (intent === 'create') {
    const outcome = await handleForm(form, {
      fields: CREATE_FIELDS,
      schema: createSchema,
      submit: async (input) => ({ ...(await api.admin.createRedemptionBatch(input)), points: input.points, maxUses: input.maxUses }),
    });
    return outcome.ok ? { intent, ok: true, ...outcome.result } : { intent, ...outcome };
  }

  if (intent === 'disable') {
    return confirmedRowAction(form, intent, async (batchId) => {
      await api.admin.disableRedemptionBatch(batchId);
      return '该批兑换码已停用';
    });
  }

  throw json('请求无效', { status: 400 });
}
