import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { tooManyRequests } from '../errors';
import { hitRateLimit } from '../rate-limit';
import type { User } from '../../../contracts/user';
import { centsToPoints } from '../../../contracts/constants';
import { grantRegistrationRewards, resolveInvitation, type RewardPolicy } from '../points/rewards';
import { findOrCreateUserByPhone, toUserDto } from '../users';
import { verifyLoginCode } from './sms-codes';
import { startSession, type TokenPair } from './tokens';

/** `welcomePoints`: what a new account received at registration (0 for an existing one), for the welcome notice. */
export type LoginResult = TokenPair & { user: User; isNewUser: boolean; welcomePoints: number };

/** Phone + SMS code login (spec §7): verifies the code, creates the user on first login, starts a session. */
export async function loginWithPhone(
  deps: { db: Database; secret: string; attemptsPerIpPerHour: number; rewards: RewardPolicy },
  input: { phone: string; code: string; inviteCode?: string; ip: string; userAgent?: string },
): Promise<LoginResult> {
  const { db, secret } = deps;
  if (!(await hitRateLimit(db, `login:ip:${input.ip}`, deps.attemptsPerIpPerHour, 3600_000))) {
    throw tooManyRequests('登录尝试过于频繁，请一小时后再试');
  }
  // Checked before the code is consumed (a mistyped invite code costs nothing) and for every phone
  // alike (the answer does not tell whether a phone is registered).
  const invitation = input.inviteCode ? await resolveInvitation(db, input.inviteCode) : null;
  await verifyLoginCode({ db, secret }, { phone: input.phone, code: input.code });
  // The account and its rewards commit together: no account without its welcome points. An
  // invite code counts only for a new account (a repeat or an existing user gets nothing).
  const { user, created, rewardedCents } = await db.transaction(async (tx) => {
    const invited = invitation
      ? 'channel' in invitation
        ? { invitedByChannel: invitation.channel.id }
        : { invitedBy: invitation.inviterId }
      : {};
    const found = await findOrCreateUserByPhone(tx, input.phone, invited);
    const rewardedCents = found.created ? await grantRegistrationRewards(tx, deps.rewards, found.user, invitation) : 0;
    return { ...found, rewardedCents };
  });
  const [loggedIn] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  const tokens = await startSession({ db, secret }, { userId: user.id, role: user.role, ip: input.ip, userAgent: input.userAgent });
  return { ...tokens, user: toUserDto(loggedIn ?? user), isNewUser: created, welcomePoints: centsToPoints(rewardedCents) };
}
