import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { tooManyRequests } from '../errors';
import { hitRateLimit } from '../rate-limit';
import type { User } from '../../../contracts/user';
import { findOrCreateUserByPhone, resolveInviter, toUserDto } from '../users';
import { verifyLoginCode } from './sms-codes';
import { startSession, type TokenPair } from './tokens';

export type LoginResult = TokenPair & { user: User; isNewUser: boolean };

/** Phone + SMS code login (spec §7): verifies the code, creates the user on first login, starts a session. */
export async function loginWithPhone(
  deps: { db: Database; secret: string; attemptsPerIpPerHour: number },
  input: { phone: string; code: string; inviteCode?: string; ip: string; userAgent?: string },
): Promise<LoginResult> {
  const { db, secret } = deps;
  if (!(await hitRateLimit(db, `login:ip:${input.ip}`, deps.attemptsPerIpPerHour, 3600_000))) {
    throw tooManyRequests('登录尝试过于频繁，请一小时后再试');
  }
  // Checked before the code is consumed (a mistyped invite code costs nothing) and for every phone
  // alike (the answer does not tell whether a phone is registered).
  const invitedBy = input.inviteCode ? await resolveInviter(db, input.inviteCode) : null;
  await verifyLoginCode({ db, secret }, { phone: input.phone, code: input.code });
  const { user, created } = await findOrCreateUserByPhone(db, input.phone, invitedBy);
  const [loggedIn] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  const tokens = await startSession({ db, secret }, { userId: user.id, role: user.role, ip: input.ip, userAgent: input.userAgent });
  return { ...tokens, user: toUserDto(loggedIn ?? user), isNewUser: created };
}
