import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import {
  accountDeletions,
  aiDetections,
  aiOperations,
  aiReductions,
  analyticsEvents,
  announcementDismissals,
  authSessions,
  clientProfiles,
  orgMembers,
  cvDetections,
  feedback,
  operationLogs,
  paymentOrders,
  pointsLedger,
  schoolMatchCases,
  schoolMatchResults,
  schoolMatchShortlist,
  schoolPrograms,
  smsCodes,
  socketTickets,
  updateLogReads,
  users,
  wechatScenes,
  works,
} from '../../../db/schema';
import type { AccountDeletionState } from '../../../contracts/user';
import { DomainError } from '../errors';
import { applyChange, lockBalance, type Transaction } from '../points/ledger';
import { sessionCacheOf } from '../auth/tokens';

/**
 * Account deletion (issue 27, ADR 0055). A request schedules the purge ACCOUNT_DELETION_GRACE_DAYS
 * later; until then the user signs in as usual and may cancel. The purge deletes what the person
 * made and everything that identifies them, and keeps the accounting records the law asks for
 * (orders and points-ledger rows) on the emptied user row, whose balance is forfeited by a last
 * ledger row, so `ledger:check` still holds.
 */

export const DELETED_USER_NAME = '已注销用户';
const DAY_MS = 24 * 3600_000;

const open = () => and(isNull(accountDeletions.cancelledAt), isNull(accountDeletions.purgedAt));

async function openRequest(db: Database | Transaction, userId: string) {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), open()));
  return row ?? null;
}

const stateOf = (row: { requestedAt: Date; scheduledFor: Date } | null, graceDays: number): AccountDeletionState => ({
  pending: row !== null,
  requestedAt: row?.requestedAt.toISOString() ?? null,
  scheduledFor: row?.scheduledFor.toISOString() ?? null,
  graceDays,
});

export async function deletionState(db: Database, userId: string, graceDays: number): Promise<AccountDeletionState> {
  return stateOf(await openRequest(db, userId), graceDays);
}

/**
 * Schedules the deletion `graceDays` after `now`; a second request keeps the first date. Refused
 * while a recharge order is waiting for its payment: its money would arrive on an emptied account.
 */
export async function requestDeletion(db: Database, userId: string, graceDays: number, now = new Date()): Promise<AccountDeletionState> {
  return db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const existing = await openRequest(tx, userId);
    if (existing) return stateOf(existing, graceDays);
    const [pending] = await tx
      .select({ n: count() })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'pending'), gt(paymentOrders.expiresAt, now)));
    if ((pending?.n ?? 0) > 0) {
      throw new DomainError('CONFLICT', '您有尚未完成的充值订单，请完成支付或取消订单后再申请注销');
    }
    const [row] = await tx
      .insert(accountDeletions)
      .values({ userId, requestedAt: now, scheduledFor: new Date(now.getTime() + graceDays * DAY_MS) })
      .returning();
    return stateOf(row!, graceDays);
  });
}

/** Withdraws the pending request; without one, a no-op that answers the state. */
export async function cancelDeletion(db: Database, userId: string, graceDays: number, now = new Date()): Promise<AccountDeletionState> {
  await db
    .update(accountDeletions)
    .set({ cancelledAt: now })
    .where(and(eq(accountDeletions.userId, userId), open()));
  return stateOf(null, graceDays);
}

export type PurgeOutcome = { purged: string[]; postponed: string[] };

/** How many due requests one call looks at; the job's next run takes the rest. */
export const PURGE_BATCH = 50;

/**
 * Carries out every deletion due at `now`, each in its own transaction. Idempotent and safe from
 * any instance at any time: a request is taken with FOR UPDATE SKIP LOCKED and re-checked under
 * the lock (cancelled or already purged meanwhile: skipped). An account with AI work still queued
 * or running is postponed to the next run, so no reservation settles against an emptied account.
 */
export async function purgeDueAccountDeletions(db: Database, now = new Date()): Promise<PurgeOutcome> {
  const due = await db
    .select({ id: accountDeletions.id })
    .from(accountDeletions)
    .where(and(open(), lte(accountDeletions.scheduledFor, now)))
    .orderBy(asc(accountDeletions.scheduledFor))
    .limit(PURGE_BATCH);
  const outcome: PurgeOutcome = { purged: [], postponed: [] };
  for (const { id } of due) {
    const result = await db.transaction((tx) => purgeOne(tx, id, now));
    if (result) outcome[result.done ? 'purged' : 'postponed'].push(result.userId);
    // Committed: this process stops serving the purged account's sessions at once (ADR 0064).
    if (result?.done) sessionCacheOf(db).forgetUser(result.userId);
  }
  return outcome;
}

async function purgeOne(tx: Transaction, requestId: string, now: Date): Promise<{ userId: string; done: boolean } | null> {
  const [request] = await tx
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.id, requestId), open(), lte(accountDeletions.scheduledFor, now)))
    .for('update', { skipLocked: true });
  if (!request) return null;
  const userId = request.userId;
  // The balance's lock: a spend, a credit or a merge of this user waits for the purge, or the purge for it.
  const balance = await lockBalance(tx, userId);
  const [busy] = await tx
    .select({ n: count() })
    .from(aiOperations)
    .where(and(eq(aiOperations.userId, userId), inArray(aiOperations.status, ['queued', 'running'])));
  if ((busy?.n ?? 0) > 0) return { userId, done: false };
  const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));

  // What the person made: students (and their CV reads, 选校 lists), works (versions cascade),
  // the records of AI work (texts and segments), 选校 runs, cases and own programs, feedback, logs.
  await tx.delete(schoolMatchShortlist).where(eq(schoolMatchShortlist.userId, userId));
  await tx.delete(schoolMatchResults).where(eq(schoolMatchResults.userId, userId));
  await tx.delete(schoolMatchCases).where(eq(schoolMatchCases.userId, userId));
  await tx.delete(schoolPrograms).where(eq(schoolPrograms.userId, userId));
  await tx.delete(aiReductions).where(eq(aiReductions.userId, userId));
  await tx.delete(aiDetections).where(eq(aiDetections.userId, userId));
  // An organisation's students, works and records stay its own (ADR 0067); the membership goes.
  await tx.delete(aiOperations).where(and(eq(aiOperations.userId, userId), isNull(aiOperations.orgId)));
  await tx.delete(cvDetections).where(eq(cvDetections.userId, userId));
  await tx.delete(works).where(and(eq(works.userId, userId), isNull(works.orgId)));
  await tx.delete(clientProfiles).where(and(eq(clientProfiles.userId, userId), isNull(clientProfiles.orgId)));
  await tx.delete(orgMembers).where(eq(orgMembers.userId, userId));
  await tx.delete(feedback).where(eq(feedback.userId, userId));
  await tx.delete(operationLogs).where(eq(operationLogs.userId, userId));
  await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
  // Which notices they closed and which update logs they opened.
  await tx.delete(announcementDismissals).where(eq(announcementDismissals.userId, userId));
  await tx.delete(updateLogReads).where(eq(updateLogReads.userId, userId));
  // Sign-in: every session (refresh tokens cascade), socket tickets, WeChat scenes, SMS codes.
  await tx.delete(socketTickets).where(eq(socketTickets.userId, userId));
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  await tx.delete(wechatScenes).where(eq(wechatScenes.userId, userId));
  if (user?.phone) await tx.delete(smsCodes).where(eq(smsCodes.phone, user.phone));

  // Kept for accounting: orders (an unpaid one is closed) and ledger rows, without what names the person.
  await tx
    .update(paymentOrders)
    .set({ status: 'cancelled', closedAt: now, codeUrl: null, updatedAt: now })
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.status, 'pending')));
  await tx.update(paymentOrders).set({ codeUrl: null, updatedAt: now }).where(eq(paymentOrders.userId, userId));
  if (balance > 0) {
    await applyChange(tx, {
      userId,
      cents: -balance,
      type: 'system',
      source: 'account_deletion',
      key: `account-deletion:${request.id}`,
      description: '账户注销：剩余积分作废',
      relatedId: request.id,
    });
  }
  // Metadata and error texts may quote work titles or text; a merge row's description a masked phone.
  await tx
    .update(pointsLedger)
    .set({
      metadata: null,
      errorMessage: null,
      description: sql`case when ${pointsLedger.type} = 'transfer' then '账号合并积分转移' else ${pointsLedger.description} end`,
    })
    .where(eq(pointsLedger.userId, userId));

  await tx
    .update(users)
    .set({
      phone: null,
      username: DELETED_USER_NAME,
      name: DELETED_USER_NAME,
      email: null,
      avatar: null,
      gender: null,
      position: null,
      role: 'user',
      wechatNickname: null,
      wechatOpenid: null,
      wechatUnionid: null,
      idVerifiedAt: null,
      idRealNameMasked: null,
      idNumberMasked: null,
      idNumberHash: null,
      // Unique and not null: a fresh random code nobody knows, so the old one invites no one.
      inviteCode: `D${randomBytes(9).toString('hex').toUpperCase()}`,
      selectedModelId: null,
      lastLoginAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.update(accountDeletions).set({ purgedAt: now }).where(eq(accountDeletions.id, request.id));
  return { userId, done: true };
}
