import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { channelInviteCodes, users } from '../../../db/schema';
import { centsToPoints, maskPhone, pointsToCents } from '../../../contracts/constants';
import { DomainError } from '../errors';
import { applyChange, type Transaction } from './ledger';
import { recordAdminAction, type AdminActor } from '../admin-audit';

export type RewardPolicy = { welcomeCents: number; firstPhoneLoginCents: number; inviterCents: number; inviteeCents: number };

export const rewardPolicy = (config: {
  WELCOME_POINTS: number;
  FIRST_PHONE_LOGIN_POINTS: number;
  INVITE_REWARD_INVITER_POINTS: number;
  INVITE_REWARD_INVITEE_POINTS: number;
}): RewardPolicy => ({
  welcomeCents: pointsToCents(config.WELCOME_POINTS),
  firstPhoneLoginCents: pointsToCents(config.FIRST_PHONE_LOGIN_POINTS),
  inviterCents: pointsToCents(config.INVITE_REWARD_INVITER_POINTS),
  inviteeCents: pointsToCents(config.INVITE_REWARD_INVITEE_POINTS),
});

/** Who an invite code at login stands for: a user (both get rewards) or a channel (its own reward). */
export type Invitation = { inviterId: string } | { channel: { id: string; name: string; rewardCents: number } };

export async function resolveInvitation(db: Database, inviteCode: string): Promise<Invitation> {
  const code = inviteCode.trim().toUpperCase();
  const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
  if (inviter) return { inviterId: inviter.id };
  const [channel] = await db
    .select({ id: channelInviteCodes.id, name: channelInviteCodes.name, rewardCents: channelInviteCodes.rewardCents })
    .from(channelInviteCodes)
    .where(and(eq(channelInviteCodes.code, code), isNull(channelInviteCodes.disabledAt)));
  if (channel) return { channel };
  throw new DomainError('INVITE_CODE_INVALID', '邀请码无效，请检查后重试', { field: 'inviteCode' });
}

/**
 * Rewards of a new account, in the transaction that created it: welcome points, the first phone
 * login reward (for an account made by a phone login only: a WeChat login has no phone), and the
 * invitation's rewards. Keys make each one a once-only row per user. Answers the cents the new
 * account received.
 */
export async function grantRegistrationRewards(
  tx: Transaction,
  policy: RewardPolicy,
  newUser: { id: string; phone: string | null; wechatNickname?: string | null },
  invitation: Invitation | null,
): Promise<number> {
  /** What the new account received, in cents: the welcome notice says it (issue 28). */
  let received = 0;
  const give = (userId: string, cents: number, change: Omit<Parameters<typeof applyChange>[1], 'userId' | 'cents' | 'type'>) => {
    if (cents <= 0) return null;
    if (userId === newUser.id) received += cents;
    return applyChange(tx, { userId, cents, type: 'reward', ...change });
  };
  await give(newUser.id, policy.welcomeCents, { source: 'gift', key: 'welcome', description: '新用户注册赠送' });
  if (newUser.phone) {
    await give(newUser.id, policy.firstPhoneLoginCents, {
      source: 'first_phone_login_reward',
      key: 'first-phone-login',
      description: '首次手机号登录奖励',
    });
  }
  if (!invitation) return received;
  if ('channel' in invitation) {
    await give(newUser.id, invitation.channel.rewardCents, {
      source: 'channel_invite_reward',
      key: 'channel-invite-reward',
      description: `渠道邀请奖励（${invitation.channel.name}）`,
      relatedId: invitation.channel.id,
    });
    return received;
  }
  if (invitation.inviterId === newUser.id) return received;
  await give(newUser.id, policy.inviteeCents, {
    source: 'invite_reward',
    key: 'invitee-reward',
    description: '受邀注册奖励',
    relatedId: invitation.inviterId,
  });
  await give(invitation.inviterId, policy.inviterCents, {
    source: 'invite_reward',
    key: `inviter-reward:${newUser.id}`,
    description: `邀请好友 ${maskPhone(newUser.phone) || newUser.wechatNickname || '微信用户'} 注册奖励`,
    relatedId: newUser.id,
  });
  return received;
}

/** Creates or updates a channel invite code (audited). A code some user already has as theirs is refused. */
export async function saveChannelInviteCode(
  db: Database,
  actor: AdminActor,
  input: { code: string; name: string; points: number },
): Promise<'created' | 'updated' | 'taken'> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, input.code));
    if (user) return 'taken';
    const [existing] = await tx.select().from(channelInviteCodes).where(eq(channelInviteCodes.code, input.code));
    const rewardCents = pointsToCents(input.points);
    const [saved] = await tx
      .insert(channelInviteCodes)
      .values({ code: input.code, name: input.name, rewardCents })
      .onConflictDoUpdate({ target: channelInviteCodes.code, set: { name: input.name, rewardCents, disabledAt: null } })
      .returning({ id: channelInviteCodes.id });
    await recordAdminAction(tx, actor, {
      action: 'channel_codes.save',
      targetType: 'channel_invite_code',
      targetId: saved!.id,
      before: existing
        ? { code: existing.code, name: existing.name, points: centsToPoints(existing.rewardCents), disabled: existing.disabledAt !== null }
        : null,
      after: { code: input.code, name: input.name, points: input.points, disabled: false },
    });
    return existing ? 'updated' : 'created';
  });
}
