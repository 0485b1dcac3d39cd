import { Router, type Request } from 'express';
import { PAYMENT_CHANNELS, PAYMENT_PROVIDERS } from '../../contracts/payment-constants';
import {
  createOrderSchema,
  orderListQuerySchema,
  packageInputSchema,
  PAYMENT_MESSAGES,
  sandboxTicketSchema,
  startPaymentSchema,
} from '../../contracts/payments';
import { z } from '../../contracts/zod';
import type { PaymentChannel } from '../../contracts/payment-constants';
import { notFound } from '../domain/errors';
import { handleNotification } from '../domain/payments/notifications';
import { cancelOrder, createOrder, getOrder, listOrders, startPayment } from '../domain/payments/orders';
import { activePackages, allPackages, createPackage, updatePackage } from '../domain/payments/packages';
import { sandboxOrder, sandboxPay } from '../domain/payments/sandbox';
import type { Gateways } from '../integrations/payments';
import { adminActor, authenticate, authOf, clientIp, ok, parse, requireRole, route, type ApiDeps } from './kit';

export type PaymentRouteDeps = ApiDeps & {
  gateways: Gateways;
  /** This process's own API address, for the sandbox's notification. */ selfUrl: string;
};

const orderRefSchema = z.object({ id: z.string().trim().min(1).max(64) });
const packageIdSchema = z.object({ id: z.string().uuid(PAYMENT_MESSAGES.PACKAGE_NOT_FOUND) });

/** Packages and orders (spec §7; issue 12). Domain rules live in server/domain/payments. */
export function paymentRoutes(deps: PaymentRouteDeps) {
  const router = Router();
  const auth = authenticate(deps);
  const { db, events, config, gateways } = deps;

  router.get(
    '/packages',
    route(async (_req, res) => {
      ok(res, await activePackages(db));
    }),
  );

  // Which methods this deployment offers and who serves each (the sandbox is labelled as such).
  router.get(
    '/payment/methods',
    route(async (_req, res) => {
      ok(
        res,
        PAYMENT_CHANNELS.flatMap((channel) => {
          const gateway = gateways.forChannel(channel);
          return gateway ? [{ channel, provider: gateway.kind }] : [];
        }),
      );
    }),
  );

  router.post(
    '/payment/create-order',
    auth,
    route(async (req, res) => {
      const input = parse(createOrderSchema, req.body);
      ok(res, await createOrder(db, { ttlMinutes: config.PAYMENT_ORDER_TTL_MINUTES }, authOf(res).userId, input), undefined, 201);
    }),
  );

  const start = (channel: PaymentChannel) =>
    route(async (req, res) => {
      const input = parse(startPaymentSchema, req.body);
      ok(res, await startPayment(db, events, gateways, authOf(res).userId, (input.id ?? input.orderNo)!, channel, deps.logger));
    });
  router.post('/payment/wx/payment', auth, start('WECHAT'));
  router.post('/payment/alipay/payment', auth, start('ALIPAY'));

  router.get(
    '/payment/orders',
    auth,
    route(async (req, res) => {
      const { page, pageSize } = parse(orderListQuerySchema, req.query);
      ok(res, await listOrders(db, authOf(res).userId, page, pageSize));
    }),
  );

  router.get(
    '/payment/orders/:id',
    auth,
    route(async (req, res) => {
      const { id } = parse(orderRefSchema, req.params);
      ok(res, await getOrder(db, events, authOf(res).userId, id));
    }),
  );

  router.post(
    '/payment/orders/:id/cancel',
    auth,
    route(async (req, res) => {
      const { id } = parse(orderRefSchema, req.params);
      ok(res, await cancelOrder(db, events, authOf(res).userId, id), '订单已取消');
    }),
  );

  // The sandbox's phone page; no session: the QR code's signed link is the authority.
  router.get(
    '/payment/sandbox/order',
    route(async (req, res) => {
      if (!gateways.byKind.sandbox) throw notFound('沙箱支付未启用');
      const { orderNo, t } = parse(sandboxTicketSchema, req.query);
      ok(res, await sandboxOrder(db, config.paymentSandboxSecret, orderNo, t));
    }),
  );
  router.post(
    '/payment/sandbox/pay',
    route(async (req, res) => {
      if (!gateways.byKind.sandbox) throw notFound('沙箱支付未启用');
      const { orderNo, t } = parse(sandboxTicketSchema, req.body);
      ok(res, await sandboxPay(db, { secret: config.paymentSandboxSecret, apiUrl: deps.selfUrl }, orderNo, t), '沙箱支付成功');
    }),
  );

  return router;
}

const headersOf = (req: Request) =>
  Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])) as Record<
    string,
    string | undefined
  >;

/**
 * POST /api/v1/payment/notify/{sandbox|wechat|alipay}: mounted behind the raw-body parser, since
 * each signature covers the bytes as sent. Answers as each gateway expects (never our envelope).
 */
export function paymentNotifyRoutes(deps: PaymentRouteDeps) {
  const router = Router();
  router.post(
    '/:provider',
    route(async (req, res) => {
      const provider = PAYMENT_PROVIDERS.find((p) => p === req.params.provider);
      const gateway = provider ? deps.gateways.byKind[provider] : undefined;
      if (!gateway) return void res.status(404).type('text/plain').send('not found');
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const answer = await handleNotification(deps, gateway, { headers: headersOf(req), raw, ip: clientIp(req) });
      res.status(answer.status).type(answer.contentType).send(answer.body);
    }),
  );
  return router;
}

/** /api/v1/admin/packages: the console's package editor. */
export function adminPaymentRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;
  router.use(authenticate(deps), requireRole('admin'));

  router.get(
    '/packages',
    route(async (_req, res) => {
      ok(res, await allPackages(db));
    }),
  );
  router.post(
    '/packages',
    route(async (req, res) => {
      ok(res, await createPackage(db, adminActor(req, res), parse(packageInputSchema, req.body)), '套餐已添加', 201);
    }),
  );
  router.put(
    '/packages/:id',
    route(async (req, res) => {
      const { id } = parse(packageIdSchema, req.params);
      ok(res, await updatePackage(db, adminActor(req, res), id, parse(packageInputSchema, req.body)), '套餐已保存');
    }),
  );
  return router;
}
