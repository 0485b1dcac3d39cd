import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { wechatAccessTokens } from '../../../db/schema';
import type { Logger } from '../../logger';

/**
 * The Official Account's server API (api.weixin.qq.com): the access token, temporary QR codes and
 * the user's profile. The token is shared by every process through the database (ADR 0038).
 */

/** A token is replaced this long before it expires: a fetched token keeps the old one valid for 5 more minutes. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
const TOKEN_TIMEOUT_MS = 10_000;
const QR_TIMEOUT_MS = 10_000;
/** The profile is read while WeChat waits for our answer to its push (it gives up after 5 s). */
const USER_INFO_TIMEOUT_MS = 3_000;
/** Errors that mean the token we sent is no longer good (replaced by a fetch elsewhere, or expired). */
const STALE_TOKEN_ERRORS = new Set([40001, 40014, 42001]);

export class WechatApiError extends Error {
  override name = 'WechatApiError';
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat API error ${errcode}: ${errmsg}`);
  }
}

export type MpProfile = { nickname: string | null; unionid: string | null };

export type MpClient = {
  /** A temporary QR code (QR_STR_SCENE) for the scene: the text it encodes and its life in seconds. */
  createQr(sceneStr: string, expireSeconds: number): Promise<{ qrUrl: string; expiresInSeconds: number }>;
  /** The user's nickname and unionid where the Official Account may read them. */
  profile(openid: string): Promise<MpProfile>;
  /** The cached token, fetched when absent or within the margin of its expiry. */
  accessToken(): Promise<string>;
};

type WechatAnswer = { errcode?: number; errmsg?: string } & Record<string, unknown>;

async function call(url: string, init: RequestInit & { timeoutMs: number }): Promise<WechatAnswer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs) });
  const text = await response.text();
  let body: WechatAnswer;
  try {
    body = JSON.parse(text) as WechatAnswer;
  } catch {
    throw new WechatApiError(-2, `HTTP ${response.status}, not JSON`);
  }
  if (typeof body.errcode === 'number' && body.errcode !== 0) throw new WechatApiError(body.errcode, String(body.errmsg ?? ''));
  if (!response.ok) throw new WechatApiError(-2, `HTTP ${response.status}`);
  return body;
}

export function createMpClient(options: { db: Database; appid: string; secret: string; apiBase: string; logger: Logger }): MpClient {
  const { db, appid, logger } = options;
  const base = options.apiBase.replace(/\/+$/, '');
  /** One refresh in flight per process; across processes the advisory lock makes the others wait and read its row. */
  let refreshing: Promise<string> | null = null;

  const fresh = async (): Promise<string | null> => {
    const [row] = await db
      .select({ accessToken: wechatAccessTokens.accessToken })
      .from(wechatAccessTokens)
      .where(and(eq(wechatAccessTokens.appid, appid), gt(wechatAccessTokens.expiresAt, new Date(Date.now() + TOKEN_REFRESH_MARGIN_MS))));
    return row?.accessToken ?? null;
  };

  const refresh = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wechat-token:${appid}`}))`);
      const [row] = await tx.select().from(wechatAccessTokens).where(eq(wechatAccessTokens.appid, appid));
      if (row && row.expiresAt.getTime() > Date.now() + TOKEN_REFRESH_MARGIN_MS) return row.accessToken;
      const params = new URLSearchParams({ grant_type: 'client_credential', appid, secret: options.secret });
      const answer = await call(`${base}/cgi-bin/token?${params}`, { timeoutMs: TOKEN_TIMEOUT_MS });
      const token = answer.access_token;
      const expiresIn = Number(answer.expires_in);
      if (typeof token !== 'string' || !token || !Number.isFinite(expiresIn))
        throw new WechatApiError(-2, 'token answer without access_token');
      const values = { accessToken: token, expiresAt: new Date(Date.now() + expiresIn * 1000), updatedAt: new Date() };
      await tx
        .insert(wechatAccessTokens)
        .values({ appid, ...values })
        .onConflictDoUpdate({ target: wechatAccessTokens.appid, set: values });
      logger.info('wechat.access_token_refreshed', { appid, expiresIn });
      return token;
    });

  const accessToken = async () => (await fresh()) ?? (refreshing ??= refresh().finally(() => (refreshing = null)));

  /** A call with the token; a token WeChat calls stale is dropped (only if still the one stored) and the call made once more. */
  async function withToken(make: (token: string) => Promise<WechatAnswer>): Promise<WechatAnswer> {
    const token = await accessToken();
    try {
      return await make(token);
    } catch (error) {
      if (!(error instanceof WechatApiError) || !STALE_TOKEN_ERRORS.has(error.errcode)) throw error;
      logger.warn('wechat.access_token_stale', { appid, errcode: error.errcode });
      await db.delete(wechatAccessTokens).where(and(eq(wechatAccessTokens.appid, appid), eq(wechatAccessTokens.accessToken, token)));
      return make(await accessToken());
    }
  }

  return {
    accessToken,
    async createQr(sceneStr, expireSeconds) {
      const body = JSON.stringify({
        expire_seconds: expireSeconds,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: sceneStr } },
      });
      const answer = await withToken((token) =>
        call(`${base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          timeoutMs: QR_TIMEOUT_MS,
        }),
      );
      if (typeof answer.url !== 'string' || !answer.url) throw new WechatApiError(-2, 'qrcode answer without url');
      const seconds = Number(answer.expire_seconds);
      return {
        qrUrl: answer.url,
        expiresInSeconds: Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, expireSeconds) : expireSeconds,
      };
    },
    async profile(openid) {
      const answer = await withToken((token) => {
        const params = new URLSearchParams({ access_token: token, openid, lang: 'zh_CN' });
        return call(`${base}/cgi-bin/user/info?${params}`, { timeoutMs: USER_INFO_TIMEOUT_MS });
      });
      const nickname = typeof answer.nickname === 'string' && answer.nickname.trim() ? answer.nickname.trim().slice(0, 64) : null;
      const unionid = typeof answer.unionid === 'string' && answer.unionid ? answer.unionid : null;
      return { nickname, unionid };
    },
  };
}
