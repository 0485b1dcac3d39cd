import { Router } from 'express';
import { mainlandPhone } from '../../contracts/user';
import { z } from '../../contracts/zod';
import {
  pointsAdjustSchema,
  pointsHistoryQuerySchema,
  priceTableUpdateSchema,
  redeemSchema,
  redemptionBatchCreateSchema,
} from '../../contracts/points';
import { notFound } from '../domain/errors';
import { adjustPoints } from '../domain/points/adjustments';
import { invitationsOf } from '../domain/points/invitations';
import { pointsHistory } from '../domain/points/ledger';
import { getPriceTable, updatePrices } from '../domain/points/prices';
import {
  createRedemptionBatch,
  disableRedemptionBatch,
  exportBatchCsv,
  listRedemptionBatches,
  redeemCode,
} from '../domain/points/redemption-codes';
import { rewardPolicy } from '../domain/points/rewards';
import { findUserByPhone, toUserDto } from '../domain/users';
import { adminActor, authenticate, authOf, clientIp, ok, parse, requireRole, route, type ApiDeps } from './kit';

const adminLedgerQuerySchema = pointsHistoryQuerySchema.extend({ phone: mainlandPhone });
const batchIdSchema = z.object({ id: z.string().uuid('兑换码批次不存在') });

/** Points (spec §7 points history; issue 8): history, prices, redemption codes, invitations. */
export function pointsRoutes(deps: ApiDeps) {
  const router = Router();
  const auth = authenticate(deps);
  const { db, config } = deps;
  const rewards = rewardPolicy(config);

  router.get(
    '/user/points-history',
    auth,
    route(async (req, res) => {
      const { page, pageSize } = parse(pointsHistoryQuerySchema, req.query);
      ok(res, await pointsHistory(db, authOf(res).userId, page, pageSize));
    }),
  );

  router.get(
    '/points/price-table',
    route(async (_req, res) => {
      ok(res, await getPriceTable(db));
    }),
  );

  router.post(
    '/redemption-codes/redeem',
    auth,
    route(async (req, res) => {
      const { code } = parse(redeemSchema, req.body);
      const limits = { perUserPerHour: config.REDEEM_ATTEMPTS_PER_USER_PER_HOUR, perIpPerHour: config.REDEEM_ATTEMPTS_PER_IP_PER_HOUR };
      const result = await redeemCode(db, limits, { userId: authOf(res).userId, code, ip: clientIp(req) });
      ok(res, result, `兑换成功，获得${result.points}积分`);
    }),
  );

  router.get(
    '/user/invitations',
    auth,
    route(async (_req, res) => {
      ok(res, await invitationsOf(db, rewards, authOf(res).userId));
    }),
  );

  return router;
}

/** /api/v1/admin: the operator console's calls; every one needs the administrator role. */
export function adminPointsRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;
  router.use(authenticate(deps), requireRole('admin'));

  router.post(
    '/redemption-codes',
    route(async (req, res) => {
      const input = parse(redemptionBatchCreateSchema, req.body);
      ok(res, await createRedemptionBatch(db, adminActor(req, res), input), '兑换码已生成', 201);
    }),
  );

  router.get(
    '/redemption-codes',
    route(async (_req, res) => {
      ok(res, { batches: await listRedemptionBatches(db) });
    }),
  );

  router.get(
    '/redemption-codes/:id/export',
    route(async (req, res) => {
      const { id } = parse(batchIdSchema, req.params);
      const csv = await exportBatchCsv(db, id);
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .setHeader('Content-Disposition', `attachment; filename="redemption-codes-${id.slice(0, 8)}.csv"`);
      // A byte-order mark so Excel opens the UTF-8 file correctly.
      res.send(`\uFEFF${csv}`);
    }),
  );

  router.post(
    '/redemption-codes/:id/disable',
    route(async (req, res) => {
      const { id } = parse(batchIdSchema, req.params);
      await disableRedemptionBatch(db, adminActor(req, res), id);
      ok(res, { id }, '该批兑换码已停用');
    }),
  );

  router.put(
    '/points/price-table',
    route(async (req, res) => {
      const { items, customRecharge } = parse(priceTableUpdateSchema, req.body);
      ok(res, await updatePrices(db, adminActor(req, res), items, customRecharge), '价格已更新');
    }),
  );

  router.get(
    '/points/ledger',
    route(async (req, res) => {
      const { phone, page, pageSize } = parse(adminLedgerQuerySchema, req.query);
      const user = await findUserByPhone(db, phone);
      if (!user) throw notFound('没有找到该手机号的用户');
      ok(res, { user: toUserDto(user), history: await pointsHistory(db, user.id, page, pageSize) });
    }),
  );

  router.post(
    '/points/adjust',
    route(async (req, res) => {
      const input = parse(pointsAdjustSchema, req.body);
      const { balance, entryId } = await adjustPoints(db, adminActor(req, res), input);
      ok(res, { balance, entryId }, '积分已调整');
    }),
  );

  return router;
}
