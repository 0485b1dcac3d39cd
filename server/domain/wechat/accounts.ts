import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { centsToPoints } from '../../../contracts/constants';
import { users } from '../../../db/schema';
import { WECHAT_DEFAULT_NICKNAME, WECHAT_MESSAGES, type WechatSceneUse } from '../../../contracts/wechat';
import type { LoginResult } from '../auth/login';
import { startSession } from '../auth/tokens';
import { mergeRequired } from '../auth/phone-binding';
import { DomainError } from '../errors';
import type { Transaction } from '../points/ledger';
import { grantRegistrationRewards, type RewardPolicy } from '../points/rewards';
import { getUser, newInviteCode, toUserDto, type UserRow } from '../users';
import { claimScene, lockOpenid, markUsed, type ClaimedScene, type SceneDeps } from './scenes';

/**
 * Logging in and binding with a scanned WeChat QR code (ADR 0038). One openid is one account:
 * a login finds the account holding it or makes one (with the welcome points, in the same
 * transaction); a bind gives it to the signed-in account unless another one holds it.
 */

export type WechatAccountDeps = SceneDeps & { secret: string; rewards: RewardPolicy };

/** The scan's nickname replaces the stored one unless it is only the placeholder the MP gives for everyone. */
const nicknameUpdate = (scene: ClaimedScene, current: string | null) =>
  scene.nickname === WECHAT_DEFAULT_NICKNAME && current ? current : scene.nickname;

async function createWechatUser(tx: Transaction, scene: ClaimedScene): Promise<UserRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await tx
      .insert(users)
      .values({
        phone: null,
        wechatOpenid: scene.openid,
        wechatUnionid: scene.unionid,
        wechatNickname: scene.nickname,
        username: scene.nickname,
        name: scene.nickname,
        inviteCode: newInviteCode(),
      })
      // Only the invite code can collide here: the openid is locked and was found free.
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new Error('could not allocate an invite code for a WeChat user');
}

/**
 * POST /auth/login/wechat: the same answer as the phone login, once per scene, only after its scan
 * and before it expires. A new account gets the registration rewards but not the first phone
 * login reward (it has no phone).
 */
export async function loginWithWechat(
  deps: WechatAccountDeps,
  input: WechatSceneUse & { ip: string; userAgent?: string },
): Promise<LoginResult> {
  const { db, secret } = deps;
  const { user, created, rewardedCents } = await db.transaction(async (tx) => {
    const scene = await claimScene(tx, { ...input, purpose: 'login' });
    await lockOpenid(tx, scene.openid);
    const [existing] = await tx.select().from(users).where(eq(users.wechatOpenid, scene.openid));
    let found: { user: UserRow; created: boolean; rewardedCents: number };
    if (existing) {
      const [updated] = await tx
        .update(users)
        .set({ wechatNickname: nicknameUpdate(scene, existing.wechatNickname), wechatUnionid: scene.unionid ?? existing.wechatUnionid })
        .where(eq(users.id, existing.id))
        .returning();
      found = { user: updated!, created: false, rewardedCents: 0 };
    } else {
      const user = await createWechatUser(tx, scene);
      found = { user, created: true, rewardedCents: await grantRegistrationRewards(tx, deps.rewards, user, null) };
    }
    await markUsed(tx, scene.id);
    return found;
  });
  const [loggedIn] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id)).returning();
  const tokens = await startSession({ db, secret }, { userId: user.id, role: user.role, ip: input.ip, userAgent: input.userAgent });
  return { ...tokens, user: toUserDto(loggedIn ?? user), isNewUser: created, welcomePoints: centsToPoints(rewardedCents) };
}

/** The scanned WeChat is another account's: what to do is the account-merge rule's (ADR 0039). */
class HeldByAnotherAccount extends Error {
  constructor(readonly holderId: string) {
    super('wechat held by another account');
  }
}

/**
 * POST /user/wechat/bind: the signed-in user's own bind scene, scanned; replaces a WeChat bound
 * before. A WeChat that another account holds answers with the merge to confirm (ADR 0039); the
 * scene stays scanned, unused, until then.
 */
export async function bindWechat(deps: WechatAccountDeps, userId: string, input: WechatSceneUse): Promise<UserRow> {
  try {
    return await bindScannedWechat(deps, userId, input);
  } catch (error) {
    if (!(error instanceof HeldByAnotherAccount)) throw error;
    // Built after the transaction: the preview reads both accounts as they are.
    throw await mergeRequired(deps, userId, { phoneAccountId: userId, wechatAccountId: error.holderId });
  }
}

function bindScannedWechat(deps: WechatAccountDeps, userId: string, input: WechatSceneUse): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const scene = await claimScene(tx, { ...input, purpose: 'bind', userId });
    await lockOpenid(tx, scene.openid);
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.wechatOpenid, scene.openid), ne(users.id, userId)));
    if (holder) throw new HeldByAnotherAccount(holder.id);
    const current = await getUser(tx, userId);
    const [updated] = await tx
      .update(users)
      .set({
        wechatOpenid: scene.openid,
        wechatUnionid: scene.unionid,
        wechatNickname: current.wechatOpenid === scene.openid ? nicknameUpdate(scene, current.wechatNickname) : scene.nickname,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    await markUsed(tx, scene.id);
    return updated!;
  });
}

/** POST /user/wechat/unbind: only while a phone remains to log in with (checked in the update itself). */
export async function unbindWechat(deps: Pick<SceneDeps, 'db'>, userId: string): Promise<UserRow> {
  const [updated] = await deps.db
    .update(users)
    .set({ wechatOpenid: null, wechatUnionid: null, wechatNickname: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNotNull(users.phone)))
    .returning();
  if (updated) return updated;
  await getUser(deps.db, userId);
  throw new DomainError('PHONE_REQUIRED', WECHAT_MESSAGES.PHONE_REQUIRED);
}
