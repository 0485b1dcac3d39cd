import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  aiDetections,
  aiOperations,
  aiReductions,
  authSessions,
  clientProfiles,
  orgMembers,
  cvDetections,
  feedback,
  operationLogs,
  paymentOrders,
  schoolMatchResults,
  schoolMatchShortlist,
  users,
  wechatScenes,
  works,
} from '../../../db/schema';
import { centsToPoints, maskPhone } from '../../../contracts/constants';
import type { AccountMergePreview } from '../../../contracts/account-merge';
import { DomainError } from '../errors';
import { applyChange } from '../points/ledger';
import { moveCaseLibrary } from '../school-match/cases';
import type { UserRow } from '../users';
import { sessionCacheOf } from './tokens';

/**
 * Binding a phone and WeChat that each already have an account (ADR 0039). The rule: the phone
 * account stays and the WeChat-only account is merged into it — its points (a ledger row on each
 * side), students, works, orders, AI results and the 选校 case library move; the emptied account is kept, closed, with
 * its ledger history, and can no longer log in. Anything else (two phones, two WeChats) is refused.
 */
export const ACCOUNT_MERGE_RULE =
  '两个账号将合并为一个：保留手机号账号，微信账号的积分、学生档案、作品、订单和检测记录全部转入手机号账号；' +
  '合并后用该手机号或该微信登录都进入同一个账号，原微信账号关闭，合并不可撤销。';

const MERGE_TICKET_TTL_MS = 10 * 60_000;

export type MergeParties = { phoneAccountId: string; wechatAccountId: string };

const conflict = (message: string) => new DomainError('CONFLICT', message);

/** Refuses pairs the rule does not cover; returns them in the rule's roles. */
function checkMergeable(phoneAccount: UserRow, wechatAccount: UserRow): void {
  if (phoneAccount.id === wechatAccount.id) throw conflict('已经是同一个账号');
  if (phoneAccount.mergedIntoUserId || wechatAccount.mergedIntoUserId) throw conflict('该账号已合并，请重新登录后再试');
  if (!phoneAccount.phone) throw conflict('请先绑定手机号，再绑定已有账号的微信');
  if (wechatAccount.phone) throw conflict('该微信已绑定其他手机号账号，请先在该账号解绑微信后再试');
  if (!wechatAccount.wechatOpenid) throw conflict('该微信账号未绑定微信');
  if (phoneAccount.wechatOpenid && phoneAccount.wechatOpenid !== wechatAccount.wechatOpenid) {
    throw conflict('该手机号已绑定其他微信，请先在该账号解绑微信后再试');
  }
}

/** What the merge would move, for the confirmation the user sees before it happens. */
export async function previewMerge(db: Database, parties: MergeParties): Promise<Omit<AccountMergePreview, 'mergeTicket'>> {
  const [phoneAccount] = await db.select().from(users).where(eq(users.id, parties.phoneAccountId));
  const [wechatAccount] = await db.select().from(users).where(eq(users.id, parties.wechatAccountId));
  if (!phoneAccount || !wechatAccount) throw conflict('账号不存在');
  checkMergeable(phoneAccount, wechatAccount);
  const countOf = async (table: typeof clientProfiles | typeof works | typeof paymentOrders) =>
    (await db.select({ n: count() }).from(table).where(eq(table.userId, wechatAccount.id)))[0]?.n ?? 0;
  return {
    rule: ACCOUNT_MERGE_RULE,
    phoneAccount: { phone: maskPhone(phoneAccount.phone), points: centsToPoints(phoneAccount.pointsCents) },
    wechatAccount: {
      wechatNickname: wechatAccount.wechatNickname ?? '微信用户',
      points: centsToPoints(wechatAccount.pointsCents),
      students: await countOf(clientProfiles),
      works: await countOf(works),
      orders: await countOf(paymentOrders),
    },
  };
}

const ticketMac = (secret: string, payload: string) => createHmac('sha256', secret).update(`account-merge:${payload}`).digest('base64url');

/**
 * The proof, handed back to the user who proved both sides (an SMS code or a WeChat scan), that
 * they may confirm this one merge within 10 minutes. Only they may use it.
 */
export function issueMergeTicket(secret: string, requesterId: string, parties: MergeParties, now = Date.now()): string {
  const payload = [requesterId, parties.phoneAccountId, parties.wechatAccountId, now + MERGE_TICKET_TTL_MS].join('.');
  return `${Buffer.from(payload).toString('base64url')}.${ticketMac(secret, payload)}`;
}

export function readMergeTicket(secret: string, requesterId: string, ticket: string, now = Date.now()): MergeParties {
  const invalid = () => new DomainError('VALIDATION_ERROR', '合并确认已失效，请重新绑定', { field: 'mergeTicket' });
  const [encoded, mac] = ticket.split('.');
  if (!encoded || !mac) throw invalid();
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = Buffer.from(ticketMac(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  const [forUser, phoneAccountId, wechatAccountId, expires] = payload.split('.');
  if (forUser !== requesterId || !phoneAccountId || !wechatAccountId || !(Number(expires) > now)) throw invalid();
  return { phoneAccountId, wechatAccountId };
}

/** Roles from the weakest to the strongest, for memberships that meet in a merge. */
const ORG_ROLE_STRENGTH = sql`array['student', 'reviewer', 'consultant', 'owner']::text[]`;

/** The tables whose rows are the user's work and move with it; billing history stays (ADR 0039). */
const MOVED_TABLES = [
  clientProfiles,
  works,
  paymentOrders,
  aiDetections,
  aiReductions,
  cvDetections,
  feedback,
  operationLogs,
  schoolMatchResults,
  schoolMatchShortlist,
] as const;

/** Merges in one transaction; returns the phone account as it is afterwards. */
export async function mergeAccounts(db: Database, parties: MergeParties): Promise<UserRow> {
  const merged = await mergeInTransaction(db, parties);
  // Committed: this process stops serving either account's sessions as they were (ADR 0064).
  for (const id of [parties.phoneAccountId, parties.wechatAccountId]) sessionCacheOf(db).forgetUser(id);
  return merged;
}

function mergeInTransaction(db: Database, parties: MergeParties): Promise<UserRow> {
  return db.transaction(async (tx) => {
    // Both rows locked in one order: a concurrent spend or a second merge waits, no deadlock.
    const ids = [parties.phoneAccountId, parties.wechatAccountId].sort();
    const locked = await tx.select().from(users).where(inArray(users.id, ids)).orderBy(users.id).for('update');
    const phoneAccount = locked.find((u) => u.id === parties.phoneAccountId);
    const wechatAccount = locked.find((u) => u.id === parties.wechatAccountId);
    if (!phoneAccount || !wechatAccount) throw conflict('账号不存在');
    checkMergeable(phoneAccount, wechatAccount);
    // A reservation in flight would settle against an emptied account: wait until it is done.
    const [busy] = await tx
      .select({ n: count() })
      .from(aiOperations)
      .where(and(eq(aiOperations.userId, wechatAccount.id), inArray(aiOperations.status, ['queued', 'running'])));
    if ((busy?.n ?? 0) > 0) throw conflict('微信账号有正在进行的AI任务，请完成后再合并');

    for (const table of MOVED_TABLES) {
      await tx.update(table).set({ userId: phoneAccount.id }).where(eq(table.userId, wechatAccount.id));
    }
    // The 选校 case library and its own programs (keys unique per account: merged, not just moved).
    await moveCaseLibrary(tx as unknown as Database, wechatAccount.id, phoneAccount.id);
    // Memberships move too (ADR 0067); in an organisation both belong to, the stronger role stays, so
    // an organisation whose owner was the WeChat account keeps one.
    await tx.execute(sql`
      insert into ${orgMembers} (org_id, user_id, role, created_at)
      select m.org_id, ${phoneAccount.id}, m.role, m.created_at from ${orgMembers} m where m.user_id = ${wechatAccount.id}
      on conflict (org_id, user_id) do update set role = case
        when array_position(${ORG_ROLE_STRENGTH}, excluded.role) > array_position(${ORG_ROLE_STRENGTH}, ${orgMembers}.role)
        then excluded.role else ${orgMembers}.role end`);
    await tx.delete(orgMembers).where(eq(orgMembers.userId, wechatAccount.id));
    await tx.update(users).set({ invitedBy: phoneAccount.id }).where(eq(users.invitedBy, wechatAccount.id));
    await tx.delete(wechatScenes).where(eq(wechatScenes.userId, wechatAccount.id));

    const balance = wechatAccount.pointsCents;
    if (balance > 0) {
      await applyChange(tx, {
        userId: wechatAccount.id,
        cents: -balance,
        type: 'transfer',
        source: 'transfer',
        key: `merge-out:${phoneAccount.id}`,
        description: `账号合并：积分转入手机号账号 ${maskPhone(phoneAccount.phone)}`,
        relatedId: phoneAccount.id,
      });
      await applyChange(tx, {
        userId: phoneAccount.id,
        cents: balance,
        type: 'transfer',
        source: 'transfer',
        key: `merge-in:${wechatAccount.id}`,
        description: `账号合并：微信账号（${wechatAccount.wechatNickname ?? '微信用户'}）积分转入`,
        relatedId: wechatAccount.id,
      });
    }

    const now = new Date();
    // The openid is unique: released by the closed account before the phone account takes it.
    await tx
      .update(users)
      .set({ wechatOpenid: null, wechatUnionid: null, mergedIntoUserId: phoneAccount.id, mergedAt: now, updatedAt: now })
      .where(eq(users.id, wechatAccount.id));
    await tx
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: 'account_merged' })
      .where(and(eq(authSessions.userId, wechatAccount.id), isNull(authSessions.revokedAt)));
    const verified = !phoneAccount.idVerifiedAt && wechatAccount.idVerifiedAt ? wechatAccount : phoneAccount;
    const [merged] = await tx
      .update(users)
      .set({
        wechatOpenid: wechatAccount.wechatOpenid,
        wechatUnionid: wechatAccount.wechatUnionid ?? phoneAccount.wechatUnionid,
        wechatNickname: wechatAccount.wechatNickname ?? phoneAccount.wechatNickname,
        // The same person proved both sides: an administrator stays one.
        role: phoneAccount.role === 'admin' || wechatAccount.role === 'admin' ? 'admin' : 'user',
        idVerifiedAt: verified.idVerifiedAt,
        idRealNameMasked: verified.idRealNameMasked,
        idNumberMasked: verified.idNumberMasked,
        idNumberHash: verified.idNumberHash,
        updatedAt: now,
      })
      .where(eq(users.id, phoneAccount.id))
      .returning();
    return merged!;
  });
}
