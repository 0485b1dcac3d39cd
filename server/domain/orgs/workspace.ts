import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../../db/client';
import { orgMembers, orgs, type users } from '../../../db/schema';
import { ORG_MESSAGES, type ActiveOrgRef, type OrgRole } from '../../../contracts/orgs';
import { DomainError } from '../errors';

/**
 * Where a request acts (issue 30, ADR 0067): the user's personal space (orgId null) or the
 * organisation they chose, with their role in it. Students, works and generation records belong to
 * one space; every query of them is scoped by `ownedBy`.
 */
export type Workspace = { userId: string; orgId: string | null; role: OrgRole | null; orgName: string | null };

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'activeOrgId'>;

/** A user outside any organisation. */
export const personalSpace = (userId: string): Workspace => ({ userId, orgId: null, role: null, orgName: null });

/**
 * The space of a signed-in user. The membership is read on every call, never cached: a member who
 * was removed is in their personal space from the next request on. Free for users without an
 * organisation (the user row is already read with the session).
 */
export async function workspaceOf(db: Database, user: UserRow): Promise<Workspace> {
  const personal = personalSpace(user.id);
  if (!user.activeOrgId) return personal;
  const [member] = await db
    .select({ role: orgMembers.role, name: orgs.name })
    .from(orgMembers)
    .innerJoin(orgs, eq(orgs.id, orgMembers.orgId))
    .where(and(eq(orgMembers.orgId, user.activeOrgId), eq(orgMembers.userId, user.id)));
  return member ? { userId: user.id, orgId: user.activeOrgId, role: member.role, orgName: member.name } : personal;
}

export const activeOrgRef = (ws: Workspace): ActiveOrgRef =>
  ws.orgId && ws.role && ws.orgName ? { id: ws.orgId, name: ws.orgName, role: ws.role } : null;

/** Rows of the space: the organisation's, or the user's own outside any organisation. */
export function ownedBy(ws: Workspace, table: { userId: PgColumn; orgId: PgColumn }): SQL {
  return ws.orgId ? eq(table.orgId, ws.orgId) : and(eq(table.userId, ws.userId), isNull(table.orgId))!;
}

/** What a new row of the space carries: its author, and the organisation when there is one. */
export const ownerValues = (ws: Workspace) => ({ userId: ws.userId, orgId: ws.orgId });

/** Reading the space's students and works: everyone but a student member (who sees only what is delivered to them). */
export function assertCanRead(ws: Workspace): void {
  if (ws.role === 'student') throw new DomainError('FORBIDDEN', ORG_MESSAGES.studentRole);
}

/** Changing them: the personal space's user, an organisation's owners and consultants; a reviewer only comments. */
export function assertCanWrite(ws: Workspace): void {
  assertCanRead(ws);
  if (ws.role === 'reviewer') throw new DomainError('FORBIDDEN', ORG_MESSAGES.readOnlyRole);
}
