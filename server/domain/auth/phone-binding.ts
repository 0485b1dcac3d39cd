import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { DomainError } from '../errors';
import { findUserByPhone, getUser, type UserRow } from '../users';
import { issueMergeTicket, mergeAccounts, previewMerge, readMergeTicket, type MergeParties } from './account-merge';
import { verifyLoginCode } from './sms-codes';
import { startSession, type TokenPair } from './tokens';

type Deps = { db: Database; secret: string };

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string }; code?: string } | null) ?? {};
  return cause.code === '23505' || cause.cause?.code === '23505';
};

/** The 409 that carries the merge preview and the ticket to confirm it (ADR 0039). */
export async function mergeRequired(deps: Deps, requesterId: string, parties: MergeParties): Promise<DomainError> {
  const preview = await previewMerge(deps.db, parties);
  const mergeTicket = issueMergeTicket(deps.secret, requesterId, parties);
  return new DomainError('ACCOUNT_MERGE_REQUIRED', '该账号已存在，确认后两个账号将合并', { ...preview, mergeTicket });
}

/**
 * A WeChat-only user binds a phone, proven by its SMS code. A phone nobody uses is simply bound;
 * a phone with an account of its own answers with the merge to confirm.
 */
export async function bindPhone(deps: Deps, input: { userId: string; phone: string; code: string }): Promise<UserRow> {
  const me = await getUser(deps.db, input.userId);
  if (me.phone) throw new DomainError('CONFLICT', '已绑定手机号');
  await verifyLoginCode(deps, { phone: input.phone, code: input.code });
  const holder = await findUserByPhone(deps.db, input.phone);
  if (!holder) {
    const [bound] = await deps.db
      .update(users)
      .set({ phone: input.phone, updatedAt: new Date() })
      .where(and(eq(users.id, me.id), isNull(users.phone)))
      .returning()
      // The phone registered a moment ago by a login of its own: the merge below applies.
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return [];
        throw error;
      });
    if (bound) return bound;
  }
  const owner = holder ?? (await findUserByPhone(deps.db, input.phone));
  if (!owner) throw new DomainError('CONFLICT', '已绑定手机号');
  throw await mergeRequired(deps, me.id, { phoneAccountId: owner.id, wechatAccountId: me.id });
}

/**
 * Confirms a merge from its ticket. A user confirming from the WeChat account that closes gets a
 * session on the merged account, so the page they are on stays signed in.
 */
export async function confirmMerge(
  deps: Deps,
  input: { userId: string; mergeTicket: string; ip: string; userAgent?: string },
): Promise<{ user: UserRow; tokens: TokenPair | null }> {
  const parties = readMergeTicket(deps.secret, input.userId, input.mergeTicket);
  const user = await mergeAccounts(deps.db, parties);
  if (input.userId !== parties.wechatAccountId) return { user, tokens: null };
  const tokens = await startSession(deps, { userId: user.id, role: user.role, ip: input.ip, userAgent: input.userAgent });
  return { user, tokens };
}
