import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { CUSTOM_RECHARGE_TITLE, PAYMENT_CHANNELS, type PaymentChannel } from '../../../contracts/payment-constants';
import { PAYMENT_MESSAGES, type CreateOrderInput, type Order, type Package, type PaymentMethod } from '../../../contracts/payments';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { CUSTOM_CHOICE, customAmountProblem, ORDERS_PAGE_SIZE, PAYMENT_ROUTES } from '~/services/payments';
import { qrDataUri } from './qr-code.server';

/** Loaders and actions of the purchase flow (issue 12): every page renders on the server and its forms post without JavaScript. */

/** A refusal's own message, else the fallback; a thrown Response (the login redirect when the API ends the session) is passed on. */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof Response) throw error;
  return error instanceof ApiRequestError ? error.message || fallback : fallback;
}

/**
 * For the calls whose failure has its own spec message (创建订单失败…, 发起支付失败): a refusal by the
 * API (4xx, or the gateway's 支付失败: …) says why, and is shown as it is; anything else (the API or
 * the network down, an answer without the order's id or the QR code) gets the spec's message. A
 * thrown Response (the login redirect when the API ends the session) is passed on.
 */
function callFailure(error: unknown, fallback: string): string {
  if (error instanceof Response) throw error;
  if (!(error instanceof ApiRequestError) || !error.message) return fallback;
  return error.code === 'PAYMENT_FAILED' || (error.status >= 400 && error.status < 500) ? error.message : fallback;
}

/** /dash/pricing: what each package gives and what each operation costs. */
export async function pricingLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const api = createApiClient(request, context, pageName);
  const [packages, table] = await Promise.all([api.payments.packages().catch(() => null), api.points.priceTable().catch(() => null)]);
  return { packages, table, error: packages ? null : PAYMENT_MESSAGES.PACKAGES_FAILED };
}

/** /dash/recharge?packageId=: the packages, the custom recharge's terms and the methods this deployment offers. */
export async function rechargeLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const api = createApiClient(request, context, pageName);
  const [packages, custom, methods] = await Promise.all([
    api.payments.packages().catch(() => null),
    api.points
      .priceTable()
      .then((table) => table.customRecharge)
      .catch(() => null),
    api.payments.methods().catch((): PaymentMethod[] => []),
  ]);
  const wanted = new URL(request.url).searchParams.get('packageId');
  const selected =
    (wanted === CUSTOM_CHOICE && custom ? CUSTOM_CHOICE : packages?.find((p) => p.id === wanted)?.id) ??
    packages?.[0]?.id ??
    (custom ? CUSTOM_CHOICE : null);
  return { packages, custom, methods, selected, error: packages ? null : PAYMENT_MESSAGES.PACKAGES_FAILED };
}

export type RechargeAnswer = { ok: false; error: string; packageId: string; type: string; amount: string };

/**
 * 立即支付: a package's order is made at the package's price as the API knows it (the amount sent is
 * the listed price; the API refuses any other); a custom amount is sent without a package and the API
 * prices its points (issue 28). Then the order page opens.
 */
export async function rechargeAction(pageName: string, { request, context }: ActionFunctionArgs): Promise<RechargeAnswer | Response> {
  await requireWebSession(request, context);
  const form = await request.formData();
  const packageId = String(form.get('packageId') ?? '');
  const type = String(form.get('type') ?? '');
  const amount = String(form.get('amount') ?? '').trim();
  const answer = (error: string): RechargeAnswer => ({ ok: false, error, packageId, type, amount });
  if (!PAYMENT_CHANNELS.includes(type as PaymentChannel)) return answer('请选择支付方式');
  const api = createApiClient(request, context, pageName);
  let input: CreateOrderInput;
  if (packageId === CUSTOM_CHOICE) {
    const problem = customAmountProblem(amount, null);
    if (problem) return answer(problem);
    input = { amount: Number(amount), title: CUSTOM_RECHARGE_TITLE, type: type as PaymentChannel };
  } else {
    let pkg: Package | undefined;
    try {
      pkg = (await api.payments.packages()).find((p) => p.id === packageId);
    } catch (error) {
      return answer(failureMessage(error, PAYMENT_MESSAGES.PACKAGES_FAILED));
    }
    if (!pkg) return answer(PAYMENT_MESSAGES.PACKAGE_NOT_FOUND);
    input = {
      amount: pkg.price,
      packageId: pkg.id,
      title: pkg.name,
      description: `${pkg.name}：${pkg.totalPoints}积分`,
      type: type as PaymentChannel,
    };
  }
  try {
    const order = await api.payments.createOrder(input);
    if (!order.id) return answer(PAYMENT_MESSAGES.CREATE_ORDER_FAILED);
    return redirect(PAYMENT_ROUTES.order(order.id));
  } catch (error) {
    // Spec §5: an order must come back with its id (an answer that is not a created order has none).
    if (error instanceof ApiRequestError && error.code === 'BAD_RESPONSE' && error.status >= 200 && error.status < 300) {
      return answer(PAYMENT_MESSAGES.CREATE_ORDER_FAILED);
    }
    return answer(callFailure(error, PAYMENT_MESSAGES.CREATE_ORDER_RETRY));
  }
}

const orderIdOf = (params: { orderId?: string }) => {
  const id = params.orderId ?? '';
  if (!/^[\w-]{1,64}$/.test(id)) throw json('订单不存在', { status: 404 });
  return id;
};

/** /dash/order/{orderId}: the order as the API has it now (also when opened directly). */
export async function orderLoader(pageName: string, { request, context, params }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  return { order: await orRouteError(createApiClient(request, context, pageName).payments.order(orderIdOf(params))) };
}

/** 取消订单 on the order page. */
export async function orderAction(pageName: string, { request, context, params }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  try {
    await createApiClient(request, context, pageName).payments.cancel(orderIdOf(params));
    return { ok: true as const, message: '订单已取消' };
  } catch (error) {
    return { ok: false as const, message: callFailure(error, '取消失败，请稍后重试') };
  }
}

/**
 * /dash/wechat-payment/{orderId}: the QR code for a pending order (asking the API again returns the
 * same code), made into an SVG here. A paid order goes to the result.
 */
export async function paymentLoader(pageName: string, { request, context, params }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const api = createApiClient(request, context, pageName);
  const order = await orRouteError(api.payments.order(orderIdOf(params)));
  if (order.status === 'paid') throw redirect(PAYMENT_ROUTES.result(order.id));
  if (order.status !== 'pending') return { order, payment: null, qrCode: null, error: null };
  try {
    const payment = await api.payments.start(order.id, order.channel);
    // The order was read before the payment started: it now has its provider.
    return { order: { ...order, provider: payment.provider }, payment, qrCode: await qrDataUri(payment.code_url), error: null };
  } catch (error) {
    return { order, payment: null, qrCode: null, error: callFailure(error, PAYMENT_MESSAGES.START_FAILED) };
  }
}

/**
 * /dash/payment/callback?orderId= (or Alipay's return with out_trade_no): where a payment comes back
 * to, and the no-script 我已完成支付. A paid order goes to the result; anything else is shown.
 */
export async function callbackLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const query = new URL(request.url).searchParams;
  const ref = query.get('orderId') ?? query.get('out_trade_no') ?? '';
  const order = await orRouteError(createApiClient(request, context, pageName).payments.order(orderIdOf({ orderId: ref })));
  if (order.status === 'paid') throw redirect(PAYMENT_ROUTES.result(order.id));
  return { order };
}

/** /dash/payment/result?orderId=: the outcome and the points. */
export async function resultLoader(pageName: string, { request, context }: LoaderFunctionArgs): Promise<{ order: Order }> {
  await requireWebSession(request, context);
  const ref = new URL(request.url).searchParams.get('orderId') ?? '';
  return { order: await orRouteError(createApiClient(request, context, pageName).payments.order(orderIdOf({ orderId: ref }))) };
}

/** /dash/orders?page=N */
export async function ordersLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const requested = Number(new URL(request.url).searchParams.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 100_000 ? requested : 1;
  return { orders: await orRouteError(createApiClient(request, context, pageName).payments.orders(page, ORDERS_PAGE_SIZE)) };
}

/** /sandbox-pay/{orderNo}?t=: the sandbox's phone. No session: the code's signed link is enough. */
export async function sandboxLoader(pageName: string, { request, context, params }: LoaderFunctionArgs) {
  const t = new URL(request.url).searchParams.get('t') ?? '';
  const orderNo = params.orderNo ?? '';
  try {
    return { order: await createApiClient(request, context, pageName).payments.sandboxOrder(orderNo, t), t, error: null };
  } catch (error) {
    return { order: null, t, error: failureMessage(error, '付款码无效或已失效') };
  }
}

export async function sandboxAction(pageName: string, { request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const t = String(form.get('t') ?? '');
  if (form.get('intent') === 'cancel') return { outcome: 'cancelled' as const, message: '已取消，本次没有付款' };
  try {
    const order = await createApiClient(request, context, pageName).payments.sandboxPay(params.orderNo ?? '', t);
    return { outcome: 'paid' as const, message: `支付成功，${order.points}积分已到账`, order };
  } catch (error) {
    return { outcome: 'failed' as const, message: failureMessage(error, PAYMENT_MESSAGES.PAY_FAILED('请稍后重试')) };
  }
}
