import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../../db/client';
import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { createMpClient, type MpClient } from './mp';

/**
 * Who makes the QR codes of WeChat login (ADR 0038). `mp`: the Official Account's temporary codes,
 * scanned in WeChat, reported by its signed event pushes (server/integrations/wechat/callback.ts).
 * `sandbox` (the embedded default; production refuses it): the code opens a page on this site that
 * plays the phone, /sandbox-wechat/{sceneStr}?t=…, where t is an HMAC of the scene, so holding the
 * code is what lets one scan it, as with a real code.
 */
export type WechatLogin =
  | { kind: 'sandbox'; createQr: QrMaker; sandboxSecret: string }
  | ({ kind: 'mp'; createQr: QrMaker; /** The server token the pushes are signed with. */ callbackToken: string } & Pick<
      MpClient,
      'profile'
    >);
type QrMaker = (sceneStr: string, expireSeconds: number) => Promise<{ qrUrl: string; expiresInSeconds: number }>;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** 128 bits of HMAC: plenty against guessing, and a QR code a phone camera reads easily. */
export const sandboxSceneTicket = (secret: string, sceneStr: string) => hmac(secret, `wechat-scene:${sceneStr}`).slice(0, 32);
export const sandboxSceneTicketValid = (secret: string, sceneStr: string, ticket: string) => {
  const expected = Buffer.from(sandboxSceneTicket(secret, sceneStr));
  const given = Buffer.from(ticket);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/**
 * The sandbox's test user: the openid follows from the nickname (28 characters, like a real
 * one), so the same name logs into the same account on every run and every process.
 */
export const sandboxOpenid = (nickname: string) =>
  `o_sandbox_${createHash('sha256').update(nickname.normalize('NFC')).digest('hex').slice(0, 18)}`;

export function createWechatLogin(options: { config: AppConfig; db: Database; logger: Logger }): WechatLogin {
  const { config } = options;
  if (config.WECHAT_LOGIN === 'sandbox') {
    const secret = config.wechatSandboxSecret;
    return {
      kind: 'sandbox',
      sandboxSecret: secret,
      async createQr(sceneStr, expireSeconds) {
        const params = new URLSearchParams({ t: sandboxSceneTicket(secret, sceneStr) });
        return {
          qrUrl: `${config.publicBaseUrl}/sandbox-wechat/${encodeURIComponent(sceneStr)}?${params}`,
          expiresInSeconds: expireSeconds,
        };
      },
    };
  }
  // loadConfig refuses mp without these three.
  const mp = createMpClient({
    db: options.db,
    appid: config.WECHAT_MP_APPID!,
    secret: config.WECHAT_MP_SECRET!,
    apiBase: config.WECHAT_API_BASE,
    logger: options.logger,
  });
  return { kind: 'mp', callbackToken: config.WECHAT_MP_TOKEN!, createQr: mp.createQr, profile: mp.profile };
}
