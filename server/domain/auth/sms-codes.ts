import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lte, max, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { smsCodes } from '../../../db/schema';
import { maskPhone } from '../../../contracts/constants';
import { SmsSendError, type SmsSender } from '../../integrations/sms';
import type { Logger } from '../../logger';
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
 * Issues a new 6-digit code and, once the provider has taken it, voids earlier ones for the phone.
 * The checks and the insert run under advisory locks, so concurrent sends cannot both pass the
 * 60-second rule or a cap, and the challenge is spent in the same transaction, so one solved
 * challenge buys one send. A refused send changes nothing but the challenge it spent, and so does
 * a send the provider failed (ADR 0036): its row is deleted, so it counts against no limit and the
 * phone's live code stays valid.
 */
export async function sendLoginCode(
  deps: { db: Database; sms: SmsSender; secret: string; policy: SmsCodePolicy; logger: Logger },
  input: { phone: string; ip: string; captcha?: { id: string; answer: string } },
): Promise<{ expiresInSeconds: number; resendAfterSeconds: number; devCode?: string }> {
  const { db, sms, secret, policy, logger } = deps;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = Date.now();

  const outcome = await db.transaction(async (tx): Promise<{ refused: DomainError } | { id: string }> => {
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
      if (wrong) return { refused: wrong };
    }

    // Earlier codes stay live until this one is sent: a provider failure must not cost the phone
    // the code it already holds. The row counts for the limits from here on, so while the provider
    // is being called no other send to the phone passes the 60-second rule.
    const [row] = await tx
      .insert(smsCodes)
      .values({
        phone: input.phone,
        ip: input.ip,
        codeHash: hashCode(secret, input.phone, code),
        createdAt: new Date(now),
        expiresAt: new Date(now + SMS_CODE_TTL_MS),
      })
      .returning({ id: smsCodes.id });
    return { id: row!.id };
  });
  if ('refused' in outcome) throw outcome.refused;

  // Sent after the row is committed: a crash mid-call leaves a code nobody may have received, which
  // the user can replace after the resend interval, rather than a sent code we have no record of.
  let sent: Awaited<ReturnType<SmsSender['sendLoginCode']>>;
  try {
    sent = await sms.sendLoginCode(input.phone, code, SMS_CODE_TTL_MS / 60_000);
  } catch (error) {
    // Never the code, never the whole phone (ADR 0036): the provider's code and request id.
    const failure = error instanceof SmsSendError ? error : null;
    logger.warn('sms.send_failed', {
      provider: sms.kind,
      phone: maskPhone(input.phone),
      providerCode: failure?.providerCode ?? 'UNEXPECTED',
      ...failure?.detail,
      ...(failure ? {} : { err: error }),
    });
    // Unsent, so uncounted: the user may retry at once, and the limits and free sends are as before.
    await db
      .delete(smsCodes)
      .where(eq(smsCodes.id, outcome.id))
      .catch((err: unknown) => logger.error('sms.unsent_code_not_released', { phone: maskPhone(input.phone), err }));
    throw new DomainError('SMS_SEND_FAILED', '短信发送失败，请稍后重试');
  }

  // Sent: now the new code replaces every earlier one (a newer send cannot exist yet: ours still
  // holds the 60-second rule, and a provider call is bounded well below it by SMS_TIMEOUT_MS).
  await db
    .update(smsCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(smsCodes.phone, input.phone),
        isNull(smsCodes.consumedAt),
        ne(smsCodes.id, outcome.id),
        lte(smsCodes.createdAt, new Date(now)),
      ),
    )
    // The text is out and the new code is the one login checks: a failure here is no reason to say otherwise.
    .catch((err: unknown) => logger.error('sms.earlier_codes_not_voided', { phone: maskPhone(input.phone), err }));
  logger.info('sms.sent', { provider: sms.kind, phone: maskPhone(input.phone), requestId: sent.requestId });
  return {
    expiresInSeconds: SMS_CODE_TTL_MS / 1000,
    resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000,
    // Only the development sender hands a code back, and only its code may reach a response.
    ...(sms.kind === 'dev' && sent.devCode ? { devCode: sent.devCode } : {}),
  };
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
