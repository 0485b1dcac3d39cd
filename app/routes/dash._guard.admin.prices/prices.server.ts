import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { PRICED_OPERATIONS, type PricedOperation } from '../../../contracts/constants';
import { priceTableUpdateSchema } from '../../../contracts/points';
import { orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { requireAdmin } from '~/services/pages/admin-guard.server';
import { CUSTOM_RECHARGE_KEYS, customRechargeField, PRICE_KEYS, priceField, type CustomRechargeKey, type PriceKey } from './price-fields';

export const PAGE = '积分价格';

export type PricesActionData =
  { ok: true; message: string } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

export async function pricesLoader({ request, context }: LoaderFunctionArgs) {
  const api = await requireAdmin(request, context, PAGE);
  return { table: await orRouteError(api.points.priceTable()) };
}

/**
 * Saves every row of the table at once. A blank or non-numeric cell is named here (the contract
 * would read a blank as 0, a free operation nobody meant); ranges are the contract's.
 */
export async function pricesAction({ request, context }: ActionFunctionArgs): Promise<PricesActionData> {
  const api = await requireAdmin(request, context, PAGE);
  const form = await request.formData();
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const items: Array<{ operation: PricedOperation } & Record<PriceKey, string>> = [];
  for (const operation of PRICED_OPERATIONS) {
    if (!form.has(priceField('points', operation))) continue;
    const item = { operation, points: '', pointsPer1000Chars: '' };
    for (const key of PRICE_KEYS) {
      const name = priceField(key, operation);
      const value = String(form.get(name) ?? '').trim();
      values[name] = value;
      item[key] = value;
      if (value === '') errors[name] = '请填写积分，不收费请填0';
      else if (!Number.isFinite(Number(value))) errors[name] = '请输入数字';
    }
    items.push(item);
  }
  let customRecharge: Record<CustomRechargeKey, string> | undefined;
  if (form.has(customRechargeField('pointsPerYuan'))) {
    customRecharge = { pointsPerYuan: '', minAmount: '', maxAmount: '' };
    for (const key of CUSTOM_RECHARGE_KEYS) {
      const name = customRechargeField(key);
      const value = String(form.get(name) ?? '').trim();
      values[name] = value;
      customRecharge[key] = value;
      if (value === '') errors[name] = '请填写此项';
      else if (!Number.isFinite(Number(value))) errors[name] = '请输入数字';
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };

  const parsed = priceTableUpdateSchema.safeParse({ items, customRecharge });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'customRecharge' && CUSTOM_RECHARGE_KEYS.includes(issue.path[1] as CustomRechargeKey)) {
        errors[customRechargeField(issue.path[1] as CustomRechargeKey)] ??= issue.message;
        continue;
      }
      const [, index, key] = issue.path;
      const operation = typeof index === 'number' ? items[index]?.operation : undefined;
      const name = operation && PRICE_KEYS.includes(key as PriceKey) ? priceField(key as PriceKey, operation) : 'form';
      errors[name] ??= issue.message;
    }
    return { ok: false, errors, values };
  }
  try {
    await api.admin.updatePriceTable(parsed.data);
    return { ok: true, message: '价格已更新' };
  } catch (error) {
    if (error instanceof ApiRequestError) return { ok: false, errors: { form: error.message }, values };
    throw error;
  }
}
