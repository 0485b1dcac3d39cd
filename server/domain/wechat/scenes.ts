import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { wechatScenes } from '../../../db/schema';
import type { ScanStatus } from '../../../contracts/realtime';
import { WECHAT_DEFAULT_NICKNAME, WECHAT_MESSAGES, WECHAT_SCENE_TTL_SECONDS, type WechatScene } from '../../../contracts/wechat';
import type { WechatLogin } from '../../integrations/wechat';
import type { Logger } from '../../logger';
import type { RealtimePublisher } from '../../realtime/bus';
import { DomainError, tooManyRequests } from '../errors';
import type { Transaction } from '../points/ledger';
import { hitRateLimit } from '../rate-limit';

/**
 * WeChat QR scenes (ADR 0038): one row per QR code. pending → scanned (by the MP's push or the
 * sandbox phone, recording who) → used (by the login or bind that holds the scene's secret).
 */

export type SceneRow = typeof wechatScenes.$inferSelect;
export type ScenePurpose = SceneRow['purpose'];
export type SceneDeps = { db: Database; events: RealtimePublisher; wechat: WechatLogin; logger: Logger };

/** QR codes one network may ask for: a login page showing its code for an hour needs 12. */
export const SCENES_PER_IP = 30;
export const SCENES_WINDOW_MS = 10 * 60_000;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new QR code. The secret is returned once, to the caller only; the row keeps its hash. */
export async function createScene(deps: SceneDeps, input: { purpose: ScenePurpose; userId?: string; ip: string }): Promise<WechatScene> {
  if (!(await hitRateLimit(deps.db, `wechat-scene:ip:${input.ip}`, SCENES_PER_IP, SCENES_WINDOW_MS))) {
    throw tooManyRequests(WECHAT_MESSAGES.TOO_MANY_SCENES);
  }
  const sceneStr = randomBytes(16).toString('hex');
  const sceneSecret = `wxs_${randomBytes(24).toString('base64url')}`;
  let qr: { qrUrl: string; expiresInSeconds: number };
  try {
    qr = await deps.wechat.createQr(sceneStr, WECHAT_SCENE_TTL_SECONDS);
  } catch (err) {
    deps.logger.error('wechat.qr_failed', { err });
    throw new DomainError('WECHAT_FAILED', WECHAT_MESSAGES.QR_FAILED);
  }
  const expiresAt = new Date(Date.now() + qr.expiresInSeconds * 1000);
  await deps.db.insert(wechatScenes).values({
    sceneStr,
    purpose: input.purpose,
    secretHash: hashSecret(sceneSecret),
    userId: input.userId ?? null,
    qrUrl: qr.qrUrl,
    expiresAt,
  });
  return { sceneStr, qrUrl: qr.qrUrl, expiresAt: expiresAt.toISOString(), sceneSecret };
}

/** What a listener is told: a code past its time (or unknown) is `expired` unless already used. */
export const statusOf = (row: Pick<SceneRow, 'status' | 'expiresAt'> | undefined): ScanStatus =>
  !row ? 'expired' : row.status === 'used' ? 'used' : row.expiresAt <= new Date() ? 'expired' : row.status;

export async function sceneStatus(db: Database, sceneStr: string): Promise<ScanStatus> {
  const [row] = await db
    .select({ status: wechatScenes.status, expiresAt: wechatScenes.expiresAt })
    .from(wechatScenes)
    .where(eq(wechatScenes.sceneStr, sceneStr));
  return statusOf(row);
}

export const publishSceneStatus = (events: RealtimePublisher, sceneStr: string, status: ScanStatus) =>
  events.publish({ audience: { kind: 'scene', sceneStr }, type: 'SCAN_LOGIN_STATUS', data: { sceneStr, status } });

export type ScanProfile = { nickname: string | null; unionid: string | null };

/**
 * A scan of a live, pending code, from the MP's push or the sandbox phone: records who scanned it
 * and tells the sockets listening. The profile is looked up only for such a code (the MP's
 * user/info is a network call); a failed lookup still records the scan, as 微信用户. A repeated
 * push, a second scan, or a scan of an unknown, expired or used code changes nothing.
 */
export async function recordScan(
  deps: SceneDeps,
  scan: { sceneStr: string; openid: string },
  profile: (openid: string) => Promise<ScanProfile>,
): Promise<'scanned' | 'ignored'> {
  const live = and(eq(wechatScenes.sceneStr, scan.sceneStr), eq(wechatScenes.status, 'pending'), gt(wechatScenes.expiresAt, new Date()));
  const [pending] = await deps.db.select({ id: wechatScenes.id }).from(wechatScenes).where(live);
  if (!pending) return 'ignored';
  const who = await profile(scan.openid).catch((err: unknown): ScanProfile => {
    deps.logger.warn('wechat.profile_failed', { err });
    return { nickname: null, unionid: null };
  });
  const [scanned] = await deps.db
    .update(wechatScenes)
    .set({
      status: 'scanned',
      openid: scan.openid,
      unionid: who.unionid,
      nickname: who.nickname ?? WECHAT_DEFAULT_NICKNAME,
      scannedAt: new Date(),
    })
    .where(and(live, eq(wechatScenes.id, pending.id)))
    .returning({ id: wechatScenes.id });
  if (!scanned) return 'ignored';
  await publishSceneStatus(deps.events, scan.sceneStr, 'scanned').catch((err: unknown) =>
    deps.logger.warn('wechat.publish_failed', { err }),
  );
  return 'scanned';
}

/** A scanned scene as claimed by a login or bind: who scanned it. */
export type ClaimedScene = SceneRow & { openid: string; nickname: string };

/**
 * Locks the scene for the caller's transaction and checks, in order: it exists, is of this purpose
 * (a bind scene: of this user), the secret is its own, it is unused, unexpired, and scanned. Any
 * refusal throws, so the transaction changes nothing; a wrong secret does not spend the code.
 * The caller marks it used (`markUsed`) in the same transaction.
 */
export async function claimScene(
  tx: Transaction,
  input: { sceneStr: string; sceneSecret: string; purpose: ScenePurpose; userId?: string },
): Promise<ClaimedScene> {
  const [row] = await tx.select().from(wechatScenes).where(eq(wechatScenes.sceneStr, input.sceneStr)).for('update');
  const invalid = () => new DomainError('WECHAT_SCENE_INVALID', WECHAT_MESSAGES.SCENE_INVALID);
  if (!row || row.purpose !== input.purpose || (input.purpose === 'bind' && row.userId !== input.userId)) throw invalid();
  if (!timingSafeEqual(Buffer.from(row.secretHash), Buffer.from(hashSecret(input.sceneSecret)))) throw invalid();
  if (row.status === 'used') throw new DomainError('WECHAT_SCENE_INVALID', WECHAT_MESSAGES.SCENE_USED);
  if (row.expiresAt <= new Date()) throw new DomainError('WECHAT_SCENE_INVALID', WECHAT_MESSAGES.SCENE_EXPIRED);
  if (row.status !== 'scanned' || !row.openid) throw new DomainError('WECHAT_NOT_SCANNED', WECHAT_MESSAGES.NOT_SCANNED);
  return { ...row, openid: row.openid, nickname: row.nickname ?? WECHAT_DEFAULT_NICKNAME };
}

export async function markUsed(tx: Transaction, sceneId: string): Promise<void> {
  await tx.update(wechatScenes).set({ status: 'used', usedAt: new Date() }).where(eq(wechatScenes.id, sceneId));
}

/** One person's scans are serialised, so the check "does an account have this openid" holds until commit. */
export async function lockOpenid(tx: Transaction, openid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`wechat-openid:${openid}`}))`);
}

/** Codes a day past their expiry are of no use to anyone; called with the other hourly prunes. */
export async function pruneWechatScenes(db: Database): Promise<void> {
  await db.delete(wechatScenes).where(lt(wechatScenes.expiresAt, new Date(Date.now() - 24 * 3600_000)));
}
