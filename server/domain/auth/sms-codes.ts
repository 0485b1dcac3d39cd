import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { smsCodes } from '../../../db/schema';
import type { SmsSender } from '../../integrations/sms';
import { DomainError, tooManyRequests } from '../errors';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_MAX_WRONG_TRIES = 5;
const DAY_MS = 24 * 3600_000;

const codeExpired = () => new DomainError('CODE_EXPIRED', '验证码已失效，请重新获取', { field: 'code' });

export type SmsCodePolicy = { dailyPerPhone: number; dailyPerIp: number };

export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

/**
 * Issues a new 6-digit code and voids earlier ones for the phone. The checks and the insert run
 * under advisory locks, so concurrent sends cannot both pass the 60-second rule or a daily cap.
 */
export async function sendLoginCode(
  deps: { db: Database; sms: SmsSender; secret: string; policy: SmsCodePolicy },
  input: { phone: string; ip: string },
): Promise<{ expiresInSeconds: number; resendAfterSeconds: number; devCode?: string }> {
  const { db, sms, secret, policy } = deps;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();

  await db.transaction(async (tx) => {
    // Phone first, then IP, always in this order: the per-phone and per-IP caps both hold under
    // concurrency and two sends cannot wait on each other's locks.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + input.phone}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms-ip:' + input.ip}))`);
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, input.phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last) {
      const waitMs = last.createdAt.getTime() + SMS_RESEND_INTERVAL_MS - now;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw tooManyRequests(`发送过于频繁，请${seconds}秒后再试`, { retryAfterSeconds: seconds });
      }
    }
    const since = new Date(now - DAY_MS);
    const [perPhone] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, input.phone), gt(smsCodes.createdAt, since)));
    if ((perPhone?.n ?? 0) >= policy.dailyPerPhone) throw tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试');
    const [perIp] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, input.ip), gt(smsCodes.createdAt, since)));
    if ((perIp?.n ?? 0) >= policy.dailyPerIp) throw tooManyRequests('当前网络今日获取验证码次数过多，请明天再试');

    await tx
      .update(smsCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(smsCodes.phone, input.phone), isNull(smsCodes.consumedAt)));
    await tx.insert(smsCodes).values({
      phone: input.phone,
      ip: input.ip,
      codeHash: hashCode(secret, input.phone, code),
      createdAt: new Date(now),
      expiresAt: new Date(now + SMS_CODE_TTL_MS),
    });
  });

  // Sent after the row is committed: a provider failure leaves a code nobody received, which the
  // user can replace after the resend interval, rather than a sent code we have no record of.
  const { devCode } = await sms.sendLoginCode(input.phone, code);
  return { expiresInSeconds: SMS_CODE_TTL_MS / 1000, resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000, devCode };
}

/** Consumes the phone's live code if `code` matches; counts wrong tries and voids the code at the limit. */
export async function verifyLoginCode(deps: { db: Database; secret: string }, input: { phone: string; code: string }): Promise<void> {
  const { db, secret } = deps;
  const now = new Date();
  const [live] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, input.phone), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!live) throw codeExpired();

  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(hashCode(secret, input.phone, input.code), 'hex');
  if (timingSafeEqual(expected, given)) {
    const consumed = await db
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.consumedAt)))
      .returning({ id: smsCodes.id });
    if (consumed.length === 1) return;
    throw codeExpired();
  }

  const [after] = await db
    .update(smsCodes)
    .set({
      attempts: sql`${smsCodes.attempts} + 1`,
      consumedAt: sql`case when ${smsCodes.attempts} + 1 >= ${SMS_MAX_WRONG_TRIES} then now() else ${smsCodes.consumedAt} end`,
    })
    .where(eq(smsCodes.id, live.id))
    .returning({ attempts: smsCodes.attempts });
  const left = SMS_MAX_WRONG_TRIES - (after?.attempts ?? SMS_MAX_WRONG_TRIES);
  if (left <= 0) throw new DomainError('CODE_VOIDED', '验证码错误次数过多，请重新获取', { field: 'code' });
  throw new DomainError('CODE_INVALID', `验证码错误，还可尝试${left}次`, { field: 'code', attemptsLeft: left });
}
