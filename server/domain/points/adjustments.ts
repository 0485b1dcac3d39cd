import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { centsToPoints, maskPhone, pointsToCents } from '../../../contracts/constants';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import { DomainError, notFound } from '../errors';
import { applyChange } from './ledger';

/**
 * POST /api/v1/admin/points/adjust: a signed change with its reason, recorded as 管理员调整, and in
 * the same transaction the audit row (balances before and after). A refused change records nothing.
 */
export async function adjustPoints(
  db: Database,
  actor: AdminActor,
  input: { phone: string; points: number; reason: string },
): Promise<{ balance: number; entryId: string; userId: string }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone));
  if (!user) throw notFound('没有找到该手机号的用户');
  const cents = pointsToCents(input.points);
  try {
    const { row } = await db.transaction(async (tx) => {
      const applied = await applyChange(tx, {
        userId: user.id,
        type: 'system',
        source: 'admin_adjustment',
        cents,
        description: input.reason,
        metadata: { adminId: actor.adminId },
      });
      await recordAdminAction(tx, actor, {
        action: 'points.adjust',
        targetType: 'user',
        targetId: user.id,
        before: { phone: maskPhone(input.phone), balance: centsToPoints(applied.row.balanceAfterCents - cents) },
        after: {
          phone: maskPhone(input.phone),
          balance: centsToPoints(applied.row.balanceAfterCents),
          delta: centsToPoints(cents),
          reason: input.reason,
          ledgerEntryId: applied.row.id,
        },
      });
      return applied;
    });
    return { balance: centsToPoints(row.balanceAfterCents), entryId: row.id, userId: user.id };
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INSUFFICIENT_POINTS') {
      throw new DomainError('VALIDATION_ERROR', '扣减的积分超过了用户当前余额', { field: 'points', ...error.data });
    }
    throw error;
  }
}
