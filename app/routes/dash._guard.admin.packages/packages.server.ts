import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { packageInputSchema } from '../../../contracts/payments';
import { orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { fieldErrors, readForm } from '~/services/forms';
import { requireAdmin } from '~/services/pages/admin-guard.server';

export const PAGE = '充值套餐';
export const PACKAGE_FIELDS = ['name', 'points', 'bonusPoints', 'price', 'description', 'sortOrder', 'active'] as const;
type Field = (typeof PACKAGE_FIELDS)[number];

export type PackagesAnswer =
  | { ok: true; message: string; id: string }
  | { ok: false; id: string; errors: Partial<Record<Field | 'form', string>>; values: Record<Field, string> };

export async function packagesLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, PAGE);
  return { packages: await orRouteError(api.payments.adminPackages()) };
}

/** One form per package (and one for a new one): `id` is empty for a new package. */
export async function packagesAction({ request, context }: ActionFunctionArgs): Promise<PackagesAnswer> {
  const api = await requireAdmin(request, context, PAGE);
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const values = readForm(form, PACKAGE_FIELDS);
  const parsed = packageInputSchema.safeParse(values);
  if (!parsed.success) return { ok: false, id, errors: fieldErrors(parsed.error.issues, PACKAGE_FIELDS), values };
  try {
    const saved = id ? await api.payments.updatePackage(id, parsed.data) : await api.payments.createPackage(parsed.data);
    return { ok: true, id: saved.id, message: id ? `「${saved.name}」已保存` : `已添加「${saved.name}」` };
  } catch (error) {
    if (error instanceof ApiRequestError) return { ok: false, id, errors: { form: error.message }, values };
    throw error;
  }
}
