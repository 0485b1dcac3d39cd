import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { formatPoints, pointsToCents } from '../../../contracts/constants';
import { pointsAdjustSchema, pointsHistoryQuerySchema } from '../../../contracts/points';
import { mainlandPhone } from '../../../contracts/user';
import { orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { handleForm, type FormFailure } from '~/services/forms';
import { requireAdmin } from '~/services/pages/admin-guard.server';

export const PAGE = '用户积分';
export const LEDGER_PAGE_SIZE = 10;
export const ADJUST_FIELDS = ['phone', 'points', 'reason'] as const;
export type AdjustField = (typeof ADJUST_FIELDS)[number];

/** /dash/admin/points?phone&page: a GET form, so a search is a link an operator can share or reload. */
export async function adminPointsLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, PAGE);
  const params = new URL(request.url).searchParams;
  const raw = params.get('phone')?.trim() ?? '';
  if (!raw) return { phone: '', ledger: null, error: null };
  const phone = mainlandPhone.safeParse(raw);
  if (!phone.success) return { phone: raw, ledger: null, error: phone.error.issues[0]?.message ?? '请输入手机号' };
  const { page } = pointsHistoryQuerySchema.parse({ page: params.get('page') ?? undefined });
  return orRouteError(
    api.admin.ledger({ phone: phone.data, page, pageSize: LEDGER_PAGE_SIZE }).then(
      (ledger) => ({ phone: phone.data, ledger, error: null }),
      (error: unknown) => {
        // Nobody with that phone is an answer to the search, not a failure of the page.
        if (error instanceof ApiRequestError && error.status === 404) return { phone: phone.data, ledger: null, error: error.message };
        throw error;
      },
    ),
  );
}

export type AdjustActionData =
  /** Validated and priced; applied only when sent again with confirm=yes (the dialog, or the page without JavaScript). */
  | { ok: true; stage: 'confirm'; phone: string; points: number; reason: string; balance: number; after: number }
  | { ok: true; stage: 'done'; balance: number; entryId: string }
  | FormFailure<AdjustField>;

export async function adminPointsAction({ request, context }: ActionFunctionArgs): Promise<AdjustActionData> {
  const api = await requireAdmin(request, context, PAGE);
  const form = await request.formData();
  if (form.get('intent') !== 'adjust') throw json('请求无效', { status: 400 });
  const outcome = await handleForm(form, {
    fields: ADJUST_FIELDS,
    schema: pointsAdjustSchema,
    submit: async (input): Promise<AdjustActionData> => {
      if (form.get('confirm') === 'yes') {
        const { balance, entryId } = await api.admin.adjustPoints(input);
        return { ok: true, stage: 'done', balance, entryId };
      }
      const { user } = await api.admin.ledger({ phone: input.phone, page: 1, pageSize: 1 });
      const after = (pointsToCents(user.total_points) + pointsToCents(input.points)) / 100;
      if (after < 0) {
        return {
          ok: false,
          errors: { points: `扣减后余额会小于0（当前余额 ${formatPoints(user.total_points)}），请减少扣减的积分` },
          values: { phone: input.phone, points: String(input.points), reason: input.reason },
        };
      }
      return { ok: true, stage: 'confirm', ...input, balance: user.total_points, after };
    },
  });
  return outcome.ok ? outcome.result : outcome;
}
