import { and, asc, count, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { clientProfiles, orgInvitations, orgMembers, orgs, users, works } from '../../../db/schema';
import { maskPhone } from '../../../contracts/constants';
import {
  ORG_MESSAGES,
  type AdminOrg,
  type AdminOrgQuery,
  type Org,
  type OrgCreate,
  type OrgInvitation,
  type OrgInvitationCreate,
  type OrgMember,
  type OrgRole,
} from '../../../contracts/orgs';
import type { RealtimePublisher } from '../../realtime/bus';
import { sessionCacheOf } from '../auth/tokens';
import { DomainError, notFound } from '../errors';
import { likePattern } from '../like-pattern';

/** Organisations and their members (issue 30, ADR 0067). Every call is checked against the caller's membership. */

const orgNotFound = () => notFound(ORG_MESSAGES.notFound);

/**
 * orgs.id qualified in a correlated subquery: drizzle writes a one-table query's columns unqualified,
 * and a bare "id" would be the subquery's own table's.
 */
const orgIdColumn = sql`"orgs"."id"`;

/** The caller's role in an organisation; 404 when they are not a member (nobody learns it exists). */
async function roleIn(db: Database, userId: string, orgId: string): Promise<OrgRole> {
  const [row] = await db
    .select({ role: orgMembers.role })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  if (!row) throw orgNotFound();
  return row.role;
}

async function assertOwner(db: Database, userId: string, orgId: string): Promise<void> {
  if ((await roleIn(db, userId, orgId)) !== 'owner') throw new DomainError('FORBIDDEN', ORG_MESSAGES.ownersOnly);
}

/** POST /api/v1/orgs: the caller is its first owner. */
export async function createOrg(db: Database, userId: string, input: OrgCreate): Promise<Org> {
  return db.transaction(async (tx) => {
    const [org] = await tx.insert(orgs).values({ name: input.name, createdBy: userId }).returning();
    await tx.insert(orgMembers).values({ orgId: org!.id, userId, role: 'owner' });
    return { id: org!.id, name: org!.name, role: 'owner', memberCount: 1, createdAt: org!.createdAt.toISOString() };
  });
}

/** GET /api/v1/orgs: the caller's organisations, oldest membership first. */
export async function listOrgs(db: Database, userId: string): Promise<Org[]> {
  const rows = await db
    .select({
      id: orgs.id,
      name: orgs.name,
      role: orgMembers.role,
      createdAt: orgs.createdAt,
      memberCount: sql<number>`(select count(*) from ${orgMembers} m where m.org_id = ${orgIdColumn})`.mapWith(Number),
    })
    .from(orgMembers)
    .innerJoin(orgs, eq(orgs.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, userId))
    .orderBy(asc(orgMembers.createdAt), asc(orgs.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** GET /api/v1/orgs/{id}/members: for any member; numbers masked. */
export async function listMembers(db: Database, userId: string, orgId: string): Promise<OrgMember[]> {
  await roleIn(db, userId, orgId);
  const rows = await db
    .select({
      userId: orgMembers.userId,
      role: orgMembers.role,
      joinedAt: orgMembers.createdAt,
      name: users.name,
      username: users.username,
      phone: users.phone,
    })
    .from(orgMembers)
    .innerJoin(users, eq(users.id, orgMembers.userId))
    .where(eq(orgMembers.orgId, orgId))
    .orderBy(asc(orgMembers.createdAt), asc(orgMembers.userId));
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name ?? r.username,
    phone: r.phone ? maskPhone(r.phone) : null,
    role: r.role,
    joinedAt: r.joinedAt.toISOString(),
  }));
}

const invitationDto = (
  row: typeof orgInvitations.$inferSelect,
  orgName: string,
  invitedBy: string | null,
  phone: string,
): OrgInvitation => ({
  id: row.id,
  orgId: row.orgId,
  orgName,
  phone,
  role: row.role,
  invitedBy,
  createdAt: row.createdAt.toISOString(),
});

/**
 * POST /api/v1/orgs/{id}/invitations: owners only. Inviting a number again replaces the open
 * invitation's role. The invitee, when the number has an account, is told over the socket and sees
 * it in GET /orgs/invitations after login.
 */
export async function inviteMember(
  deps: { db: Database; events: RealtimePublisher },
  actorId: string,
  orgId: string,
  input: OrgInvitationCreate,
): Promise<OrgInvitation> {
  const { db } = deps;
  await assertOwner(db, actorId, orgId);
  const [invitee] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), isNull(users.deletedAt)));
  if (invitee) {
    const [member] = await db
      .select({ n: count() })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, invitee.id)));
    if ((member?.n ?? 0) > 0) throw new DomainError('CONFLICT', ORG_MESSAGES.alreadyMember);
  }
  const [row] = await db
    .insert(orgInvitations)
    .values({ orgId, phone: input.phone, role: input.role, invitedBy: actorId })
    .onConflictDoUpdate({
      target: [orgInvitations.orgId, orgInvitations.phone],
      targetWhere: isNull(orgInvitations.acceptedAt),
      set: { role: input.role, invitedBy: actorId, createdAt: sql`now()` },
    })
    .returning();
  const [org] = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, orgId));
  const [actor] = await db.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, actorId));
  const inviter = actor?.name ?? actor?.username ?? null;
  if (invitee) {
    await deps.events.publish({
      audience: { kind: 'user', userId: invitee.id },
      type: 'ORG_INVITATION',
      data: { invitationId: row!.id, orgName: org!.name, role: row!.role, invitedBy: inviter },
    });
  }
  return invitationDto(row!, org!.name, inviter, maskPhone(input.phone));
}

/** GET /api/v1/orgs/{id}/invitations: the open invitations, for owners. */
export async function listOrgInvitations(db: Database, actorId: string, orgId: string): Promise<OrgInvitation[]> {
  await assertOwner(db, actorId, orgId);
  return openInvitations(db, and(eq(orgInvitations.orgId, orgId), isNull(orgInvitations.acceptedAt))!, true);
}

/** GET /api/v1/orgs/invitations: the open invitations to the caller's number. */
export async function listMyInvitations(db: Database, user: Pick<typeof users.$inferSelect, 'phone'>): Promise<OrgInvitation[]> {
  if (!user.phone) return [];
  return openInvitations(db, and(eq(orgInvitations.phone, user.phone), isNull(orgInvitations.acceptedAt))!, false);
}

async function openInvitations(db: Database, where: ReturnType<typeof and>, masked: boolean): Promise<OrgInvitation[]> {
  const rows = await db
    .select({ invitation: orgInvitations, orgName: orgs.name, inviterName: users.name, inviterUsername: users.username })
    .from(orgInvitations)
    .innerJoin(orgs, eq(orgs.id, orgInvitations.orgId))
    .leftJoin(users, eq(users.id, orgInvitations.invitedBy))
    .where(where)
    .orderBy(desc(orgInvitations.createdAt), desc(orgInvitations.id));
  return rows.map((r) =>
    invitationDto(r.invitation, r.orgName, r.inviterName ?? r.inviterUsername, masked ? maskPhone(r.invitation.phone) : r.invitation.phone),
  );
}

/** POST /api/v1/orgs/invitations/{id}/accept: an open invitation to the caller's own number. */
export async function acceptInvitation(
  db: Database,
  user: Pick<typeof users.$inferSelect, 'id' | 'phone'>,
  invitationId: string,
): Promise<Org> {
  const orgId = await db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(orgInvitations)
      .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
      .where(and(eq(orgInvitations.id, invitationId), isNull(orgInvitations.acceptedAt), eq(orgInvitations.phone, user.phone ?? '')))
      .returning();
    if (!invitation) throw notFound(ORG_MESSAGES.invitationNotFound);
    // Already a member (invited twice, or by two owners): the role they have stays.
    await tx.insert(orgMembers).values({ orgId: invitation.orgId, userId: user.id, role: invitation.role }).onConflictDoNothing();
    return invitation.orgId;
  });
  const mine = await listOrgs(db, user.id);
  return mine.find((o) => o.id === orgId)!;
}

/**
 * Changes to members are made under a lock on the organisation's row, the actor's own role checked
 * under it (`actorId`, when it must be an owner's): two owners demoting each other at once cannot
 * leave it without one, and the second finds they are no longer an owner.
 */
async function withOwnersLocked<T>(
  db: Database,
  orgId: string,
  actorId: string | null,
  change: (tx: Database, owners: number) => Promise<T>,
): Promise<T> {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Database;
    await tx.execute(sql`select 1 from ${orgs} where ${orgs.id} = ${orgId} for update`);
    if (actorId) await assertOwner(tx, actorId, orgId);
    const [owners] = await tx
      .select({ n: count() })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.role, 'owner')));
    return change(tx, owners?.n ?? 0);
  });
}

/** PATCH /api/v1/orgs/{id}/members/{userId}: owners only; the last owner stays one. */
export async function updateMemberRole(db: Database, actorId: string, orgId: string, memberId: string, role: OrgRole): Promise<OrgMember> {
  await withOwnersLocked(db, orgId, actorId, async (tx, owners) => {
    const current = await roleIn(tx, memberId, orgId).catch(() => {
      throw notFound('成员不存在');
    });
    if (current === 'owner' && role !== 'owner' && owners <= 1) throw new DomainError('CONFLICT', ORG_MESSAGES.lastOwner);
    await tx
      .update(orgMembers)
      .set({ role })
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, memberId)));
  });
  sessionCacheOf(db).forgetUser(memberId);
  return (await listMembers(db, actorId, orgId)).find((m) => m.userId === memberId)!;
}

/**
 * DELETE /api/v1/orgs/{id}/members/{userId}: an owner removes a member, or a member leaves. The
 * last owner cannot go. The member's next request is in their personal space (workspaceOf reads the
 * membership every time); what they made stays the organisation's.
 */
export async function removeMember(db: Database, actorId: string, orgId: string, memberId: string): Promise<void> {
  // Leaving needs only membership (checked below); removing someone else, ownership.
  await withOwnersLocked(db, orgId, actorId === memberId ? null : actorId, async (tx, owners) => {
    const current = await roleIn(tx, memberId, orgId).catch(() => {
      throw notFound('成员不存在');
    });
    if (current === 'owner' && owners <= 1) throw new DomainError('CONFLICT', ORG_MESSAGES.lastOwner);
    await tx.delete(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, memberId)));
    await tx
      .update(users)
      .set({ activeOrgId: null })
      .where(and(eq(users.id, memberId), eq(users.activeOrgId, orgId)));
  });
  sessionCacheOf(db).forgetUser(memberId);
}

/** PUT /api/v1/user/active-org: one of the caller's organisations, or null for the personal space. */
export async function setActiveOrg(db: Database, userId: string, orgId: string | null): Promise<void> {
  if (orgId) await roleIn(db, userId, orgId);
  await db.update(users).set({ activeOrgId: orgId, updatedAt: new Date() }).where(eq(users.id, userId));
  sessionCacheOf(db).forgetUser(userId);
}

/**
 * GET /api/v1/admin/orgs: every organisation for the operator, newest first, filtered by name; with
 * its owners (masked), members, students and works counted.
 */
export async function adminOrgPage(
  db: Database,
  query: AdminOrgQuery,
): Promise<{ items: AdminOrg[]; page: number; pageSize: number; total: number }> {
  const where = query.query ? like(sql`lower(${orgs.name})`, likePattern(query.query)) : undefined;
  const counted = (table: typeof clientProfiles | typeof works) =>
    sql<number>`(select count(*) from ${table} t where t.org_id = ${orgIdColumn})`.mapWith(Number);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orgs.id,
        name: orgs.name,
        createdAt: orgs.createdAt,
        memberCount: sql<number>`(select count(*) from ${orgMembers} m where m.org_id = ${orgIdColumn})`.mapWith(Number),
        studentCount: counted(clientProfiles),
        workCount: counted(works),
      })
      .from(orgs)
      .where(where)
      .orderBy(desc(orgs.createdAt), desc(orgs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orgs).where(where),
  ]);
  const owners = rows.length
    ? await db
        .select({ orgId: orgMembers.orgId, name: users.name, username: users.username, phone: users.phone })
        .from(orgMembers)
        .innerJoin(users, eq(users.id, orgMembers.userId))
        .where(
          and(
            inArray(
              orgMembers.orgId,
              rows.map((r) => r.id),
            ),
            eq(orgMembers.role, 'owner'),
          ),
        )
        .orderBy(asc(orgMembers.createdAt))
    : [];
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      owners: owners.filter((o) => o.orgId === r.id).map((o) => (o.phone ? maskPhone(o.phone) : (o.name ?? o.username ?? '微信用户'))),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}
