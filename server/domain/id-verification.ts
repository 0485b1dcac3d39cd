import { createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { maskIdNumber, maskRealName } from '../../contracts/id-number';
import type { IdVerificationInput } from '../../contracts/user';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { IdVerifierUnavailable, type IdVerifier } from '../integrations/id-verify';
import type { Logger } from '../logger';
import { DomainError, tooManyRequests } from './errors';
import { hitRateLimit, releaseRateLimitHit } from './rate-limit';
import type { UserRow } from './users';

/** Attempts per user and day (China time): each one the provider answers, or the local check refuses. */
export const ID_VERIFY_ATTEMPTS_PER_DAY = 5;

export const ID_VERIFY_MESSAGES = {
  verified: '实名认证成功',
  alreadyVerified: '已完成实名认证',
  tooMany: `今日实名认证次数已用完（每天最多${ID_VERIFY_ATTEMPTS_PER_DAY}次），请明天再试`,
  mismatch: '姓名与身份证号不一致',
  noRecord: '未查询到该身份证号的登记信息，请核对后重试',
  unavailable: '实名认证服务暂不可用，请稍后重试',
} as const;

const DAY_MS = 24 * 3600_000;
/** The bucket is per China date, so the count starts again at midnight in China, not 24 h after the first attempt. */
const attemptBucket = (userId: string, now = new Date()) =>
  `id-verify:${userId}:${new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10)}`;

/**
 * The stored fingerprint of a number: HMAC-SHA256 under a key derived from the server secret, so
 * the same number gives the same value (a support question "which account holds this identity"
 * can be answered) while the table alone, leaked, does not give numbers back: 18-digit numbers
 * with known structure are few enough that a plain hash would be reversed by enumeration.
 */
export function idNumberHash(serverSecret: string, idNumber: string): string {
  const key = createHmac('sha256', serverSecret).update('id-number-hash').digest();
  return createHmac('sha256', key).update(idNumber).digest('hex');
}

export type IdVerificationDeps = { db: Database; verifier: IdVerifier; serverSecret: string; logger: Logger };

/**
 * POST /api/v1/user/id-verification. `read` parses the request: it runs after the attempt is
 * counted, so a number the local check refuses counts too; a provider that does not answer gives
 * the attempt back. Only the masks, the keyed hash and the time are stored.
 */
export async function verifyIdentity(deps: IdVerificationDeps, user: UserRow, read: () => IdVerificationInput): Promise<UserRow> {
  if (user.idVerifiedAt) throw new DomainError('CONFLICT', ID_VERIFY_MESSAGES.alreadyVerified);
  const bucket = attemptBucket(user.id);
  if (!(await hitRateLimit(deps.db, bucket, ID_VERIFY_ATTEMPTS_PER_DAY, DAY_MS))) throw tooManyRequests(ID_VERIFY_MESSAGES.tooMany);
  const input = read();

  let outcome;
  try {
    outcome = await deps.verifier.verify(input);
  } catch (error) {
    if (!(error instanceof IdVerifierUnavailable)) throw error;
    await releaseRateLimitHit(deps.db, bucket);
    throw new DomainError('ID_VERIFY_UNAVAILABLE', ID_VERIFY_MESSAGES.unavailable);
  }
  deps.logger.info('id_verify.answered', { userId: user.id, provider: deps.verifier.kind, outcome });
  if (outcome === 'mismatch') throw new DomainError('ID_MISMATCH', ID_VERIFY_MESSAGES.mismatch);
  if (outcome === 'no_record') throw new DomainError('ID_MISMATCH', ID_VERIFY_MESSAGES.noRecord, { field: 'idNumber' });

  const now = new Date();
  const [updated] = await deps.db
    .update(users)
    .set({
      idVerifiedAt: now,
      idRealNameMasked: maskRealName(input.realName),
      idNumberMasked: maskIdNumber(input.idNumber),
      idNumberHash: idNumberHash(deps.serverSecret, input.idNumber),
      updatedAt: now,
    })
    // A second verification of the same account that raced this one has already been stored.
    .where(and(eq(users.id, user.id), isNull(users.idVerifiedAt)))
    .returning();
  if (!updated) throw new DomainError('CONFLICT', ID_VERIFY_MESSAGES.alreadyVerified);
  return updated;
}
