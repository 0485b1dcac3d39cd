import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../../../db/client';
import { captchaChallenges } from '../../../db/schema';
import { hitRateLimit } from '../rate-limit';
import { DomainError, tooManyRequests } from '../errors';

/**
 * Image challenges for the human check before SMS sends (ADR 0015). The answer is drawn with
 * crypto randomness and rendered as SVG paths, so it appears neither in the markup nor in the
 * database: a row keeps only an HMAC of the lower-cased answer. A challenge is spent by the first
 * answer given to it, right or wrong.
 */
export const CAPTCHA_TTL_MS = 2 * 60_000;
const ANSWER_LENGTH = 4;
/**
 * Characters hard to mistake for one another: of 0/O/o, 1/I/l, 2/Z/z, 5/S/s, 6/G/b, 8/B and 9/g/q
 * at most one is used. Answers are compared case-insensitively, so c/C, k/K and the like need not
 * be told apart.
 */
const ALPHABET = '3479ABCDEFGHJKMNPQRTUVWXYadefhjkmnprtuy';

type CaptchaDeps = { db: Database; secret: string };

/** svg-captcha's default export renders a given text; its typings only declare `create`, which draws the text with Math.random. */
const renderSvg = svgCaptcha as unknown as (text: string, options: Parameters<typeof svgCaptcha.create>[0]) => string;

function drawCaptcha(): { answer: string; svg: string } {
  const answer = Array.from({ length: ANSWER_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  // Dark glyphs: the library's random colours are often too pale to read on a light page.
  return { answer, svg: renderSvg(answer, { width: 120, height: 40, fontSize: 56, noise: 2, color: false }) };
}

export function hashCaptchaAnswer(secret: string, id: string, answer: string): string {
  return createHmac('sha256', secret).update(`captcha:${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

export const captchaInvalid = (message = '图形验证码错误，请重新输入') =>
  new DomainError('CAPTCHA_INVALID', message, { field: 'captchaAnswer' });

/** A new challenge, limited per IP so the image endpoint cannot be used to fill the table. */
export async function createCaptcha(
  deps: CaptchaDeps & { perIpPerHour: number },
  input: { ip: string },
): Promise<{ captchaId: string; image: string; expiresInSeconds: number }> {
  if (!(await hitRateLimit(deps.db, `captcha:ip:${input.ip}`, deps.perIpPerHour, 3600_000))) {
    throw tooManyRequests('获取图形验证码过于频繁，请稍后再试');
  }
  const { answer, svg } = drawCaptcha();
  const id = randomUUID();
  await deps.db.insert(captchaChallenges).values({
    id,
    answerHash: hashCaptchaAnswer(deps.secret, id, answer),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  return {
    captchaId: id,
    // A data: URI, which the page CSP allows for images (img-src 'self' data:); an <img> never runs SVG scripts.
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expiresInSeconds: CAPTCHA_TTL_MS / 1000,
  };
}

/**
 * Spends the challenge and tells whether `answer` solved it. Run it inside the caller's
 * transaction: the conditional update locks the row, so of two concurrent uses one finds it spent.
 * Returns the refusal instead of throwing it, so that the caller can commit the spending first.
 */
export async function spendCaptcha(
  tx: Pick<Database, 'update'>,
  secret: string,
  input: { id: string; answer: string },
): Promise<DomainError | null> {
  const now = new Date();
  const [row] = await tx
    .update(captchaChallenges)
    .set({ usedAt: now })
    .where(and(eq(captchaChallenges.id, input.id), isNull(captchaChallenges.usedAt), gt(captchaChallenges.expiresAt, now)))
    .returning({ answerHash: captchaChallenges.answerHash });
  if (!row) return captchaInvalid('图形验证码已失效，请重新输入');
  const expected = Buffer.from(row.answerHash, 'hex');
  const given = Buffer.from(hashCaptchaAnswer(secret, input.id, input.answer), 'hex');
  return timingSafeEqual(expected, given) ? null : captchaInvalid();
}

/** Expired challenges can no longer be answered: the hourly prune drops them. */
export async function pruneCaptchaChallenges(db: Database): Promise<void> {
  await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, new Date()));
}
