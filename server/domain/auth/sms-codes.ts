import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { smsCodes } from '../../../db/schema';
import type { SmsSender } from '../../integrations/sms';
import { DomainError, tooManyRequests } from '../errors';
import { spendCaptcha } from './captcha';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_MAX_WRONG_TRIES = 5;
const DAY_MS = 24 * 3600_000;

const codeExpired = () => new DomainError('CODE_EXPIRED', '验证码已失效，请重新获取', { field: 'code' });

/**
 * Per 24 h (ADR 0015): `dailyPerPhonePerIp` sends to one phone from one network and `dailyPerIp`
 * sends from one network; past `freePerPhone` sends to the phone (from anyone) or `freePerIp`
 * sends from the network, every further send needs a solved image challenge.
 */
export type SmsCodePolicy = { dailyPerPhonePerIp: number; dailyPerIp: number; freePerPhone: number; freePerIp: number };

export function hashCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

const captchaRequired = () => new DomainError('CAPTCHA_REQUIRED', '请先完成图形验证', { field: 'captchaAnswer' });

/**
 * Issues a new 6-digit code and voids earlier ones for the phone. The checks and the insert run
 * under advisory locks, so concurrent sends cannot both pass the 60-second rule or a cap, and the
 * challenge is spent in the same transaction, so one solved challenge buys one send. A refused
 * send changes nothing but the challenge it spent: the phone's live code stays valid.
 */
export async function sendLoginCode(
  deps: { db: Database; sms: SmsSender; secret: string; policy: SmsCodePolicy },
  input: { phone: string; ip: string; captcha?: { id: string; answer: string } },
): Promise<{ expiresInSeconds: number; resendAfterSeconds: number; devCode?: string }> {
  const { db, sms, secret, policy } = deps;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();

  const refused = await db.transaction(async (tx) => {
    // Phone first, then IP, always in this order: the caps hold under concurrency and two sends
    // cannot wait on each other's locks. A challenge's row is locked last, by spendCaptcha.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + input.phone}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms-ip:' + input.ip}))`);
    const since = new Date(now - DAY_MS);
    const [toPhone] = await tx
      .select({
        last: max(smsCodes.createdAt),
        today: count(),
        todayFromIp: count(sql`case when ${smsCodes.ip} = ${input.ip} then 1 end`),
      })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, input.phone), gt(smsCodes.createdAt, since)));
    if (toPhone?.last) {
      const waitMs = toPhone.last.getTime() + SMS_RESEND_INTERVAL_MS - now;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw tooManyRequests(`发送过于频繁，请${seconds}秒后再试`, { retryAfterSeconds: seconds });
      }
    }
    if ((toPhone?.todayFromIp ?? 0) >= policy.dailyPerPhonePerIp) throw tooManyRequests('该手机号今日获取验证码次数已达上限，请明天再试');
    const [fromIp] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, input.ip), gt(smsCodes.createdAt, since)));
    if ((fromIp?.n ?? 0) >= policy.dailyPerIp) throw tooManyRequests('当前网络今日获取验证码次数过多，请明天再试');

    if ((toPhone?.today ?? 0) >= policy.freePerPhone || (fromIp?.n ?? 0) >= policy.freePerIp) {
      if (!input.captcha) throw captchaRequired();
      // Spent whether or not it was solved: a wrong answer is committed as spent, then refused.
      const wrong = await spendCaptcha(tx, secret, input.captcha);
      if (wrong) return wrong;
    }

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
    return null;
  });
  if (refused) throw refused;

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
