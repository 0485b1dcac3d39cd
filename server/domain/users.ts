import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { DomainError, notFound } from './errors';
import { centsToPoints, maskPhone, type Role } from '../../contracts/constants';
import type { Transaction } from './points/ledger';
import { CLI_ACTOR, recordAdminAction, type AdminActor } from './admin-audit';
import type { ProfileUpdate, User } from '../../contracts/user';

export type UserRow = typeof users.$inferSelect;

/** The user object of the API (contracts/user.ts), points as a two-decimal number. */
export function toUserDto(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    phone: user.phone,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    gender: user.gender,
    position: user.position,
    wechat_nickname: user.wechatNickname,
    total_points: centsToPoints(user.pointsCents),
    invite_code: user.inviteCode,
    created_at: user.createdAt.toISOString(),
    idVerified: user.idVerifiedAt !== null,
    idRealName: user.idRealNameMasked,
    idNumberMasked: user.idNumberMasked,
    idVerifiedAt: user.idVerifiedAt?.toISOString() ?? null,
  };
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Eight characters without look-alikes, unique per user (a collision is retried by the caller). */
export const newInviteCode = () => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

export async function getUser(db: Database | Transaction, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('用户不存在');
  return user;
}

export async function findUserByPhone(db: Database | Transaction, phone: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  return user ?? null;
}

/** First login creates the account; a concurrent first login of the same phone gets the same row. */
export async function findOrCreateUserByPhone(
  db: Database | Transaction,
  phone: string,
  invited: { invitedBy?: string; invitedByChannel?: string } = {},
): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByPhone(db, phone);
  if (existing) return { user: existing, created: false };
  const defaultName = `用户${phone.slice(-4)}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await db
      .insert(users)
      .values({ phone, username: defaultName, name: defaultName, inviteCode: newInviteCode(), ...invited })
      .onConflictDoNothing()
      .returning();
    if (created) return { user: created, created: true };
    // Either the phone was just registered by a concurrent login, or the invite code collided.
    const [raced] = await db.select().from(users).where(eq(users.phone, phone));
    if (raced) return { user: raced, created: false };
  }
  throw new Error(`could not allocate an invite code for ${maskPhone(phone)}`);
}

export async function updateProfile(db: Database, userId: string, input: ProfileUpdate): Promise<UserRow> {
  const current = await getUser(db, userId);
  if (input.phone && input.phone.replace(/\s/g, '') !== current.phone) {
    throw new DomainError('PHONE_IMMUTABLE', '手机号是登录账号，不能在这里修改', { field: 'phone' });
  }
  const [updated] = await db
    .update(users)
    .set({
      username: input.username,
      name: input.username,
      // A field left out keeps its value; an empty one clears it.
      email: input.email === undefined ? current.email : input.email,
      gender: input.gender === undefined ? current.gender : input.gender,
      position: input.position === undefined ? current.position : input.position,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return updated!;
}

/** `npm run admin -- grant|revoke` (the only way roles change): the role change and its audit row, together. */
export async function setRole(db: Database, phone: string, role: Role, actor: AdminActor = CLI_ACTOR): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone)).for('update');
    if (!current) return null;
    const [updated] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, current.id)).returning();
    if (current.role !== role) {
      await recordAdminAction(tx, actor, {
        action: 'users.role',
        targetType: 'user',
        targetId: current.id,
        before: { phone: maskPhone(phone), role: current.role },
        after: { phone: maskPhone(phone), role },
      });
    }
    return updated ?? null;
  });
}
