import { and, desc, eq, like } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { pointsLedger, users } from '../../../db/schema';
import { centsToPoints, maskPhone } from '../../../contracts/constants';
import type { Invitations } from '../../../contracts/points';
import { notFound } from '../errors';
import type { RewardPolicy } from './rewards';

/** GET /api/v1/user/invitations: the user's code, the people it brought (masked) and what it earned. */
export async function invitationsOf(db: Database, policy: RewardPolicy, userId: string): Promise<Invitations> {
  const [me] = await db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId));
  if (!me) throw notFound('用户不存在');
  const invited = await db
    .select({ id: users.id, phone: users.phone, wechatNickname: users.wechatNickname, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.invitedBy, userId))
    .orderBy(desc(users.createdAt))
    .limit(200);
  // The inviter's reward rows name the invitee they were for (related_id).
  const rewards = await db
    .select({ relatedId: pointsLedger.relatedId, cents: pointsLedger.pointsCents })
    .from(pointsLedger)
    .where(
      and(eq(pointsLedger.userId, userId), eq(pointsLedger.source, 'invite_reward'), like(pointsLedger.idempotencyKey, 'inviter-reward:%')),
    );
  const rewardOf = new Map(rewards.map((r) => [r.relatedId, r.cents]));
  const earnedCents = rewards.reduce((sum, r) => sum + r.cents, 0);
  return {
    inviteCode: me.inviteCode,
    invited: invited.map((i) => ({
      phone: maskPhone(i.phone) || `微信用户 ${i.wechatNickname ?? ''}`.trim(),
      createdAt: i.createdAt.toISOString(),
      rewardPoints: centsToPoints(rewardOf.get(i.id) ?? 0),
    })),
    totalRewardPoints: centsToPoints(earnedCents),
    inviterRewardPoints: centsToPoints(policy.inviterCents),
    inviteeRewardPoints: centsToPoints(policy.inviteeCents),
  };
}
