import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, isNotNull } from 'drizzle-orm';
import { SOCKET_TICKET_PREFIX, type SocketTicket } from '../../../contracts/realtime';
import type { Database } from '../../../db/client';
import { authSessions, socketTickets } from '../../../db/schema';
import { DomainError } from '../errors';
import { authenticateAccessToken } from './tokens';

/** Long enough for a page to open its socket, short enough that a leaked ticket is worthless. */
export const SOCKET_TICKET_TTL_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A single-use ticket for the socket's AUTH message, issued to a signed-in session. The browser
 * gets it from a web route and never holds the session's tokens; the database makes it valid on
 * whichever process the socket reaches.
 */
export async function issueSocketTicket(db: Database, auth: { userId: string; sessionId: string }): Promise<SocketTicket> {
  const ticket = `${SOCKET_TICKET_PREFIX}${randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + SOCKET_TICKET_TTL_MS);
  await db.insert(socketTickets).values({ userId: auth.userId, sessionId: auth.sessionId, ticketHash: sha256(ticket), expiresAt });
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** Consumes a ticket once; a used, expired or unknown ticket, or one of a revoked session, is refused. */
export async function redeemSocketTicket(db: Database, ticket: string): Promise<{ userId: string; sessionId: string }> {
  const [claimed] = await db
    .update(socketTickets)
    .set({ usedAt: new Date() })
    .where(and(eq(socketTickets.ticketHash, sha256(ticket)), isNull(socketTickets.usedAt), gt(socketTickets.expiresAt, new Date())))
    .returning({ userId: socketTickets.userId, sessionId: socketTickets.sessionId });
  if (claimed) {
    const [session] = await db
      .select({ revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.id, claimed.sessionId));
    if (session && !session.revokedAt) return claimed;
  }
  throw new DomainError('SOCKET_TICKET_INVALID', '连接凭证无效或已过期，请刷新页面');
}

export async function pruneSocketTickets(db: Database): Promise<void> {
  const cutoff = new Date(Date.now() - 3600_000);
  await db
    .delete(socketTickets)
    .where(or(lt(socketTickets.expiresAt, cutoff), and(isNotNull(socketTickets.usedAt), lt(socketTickets.usedAt, cutoff))));
}

/**
 * Who a socket's AUTH token names (spec §7): a socket ticket from a browser, spent here, or an
 * access token from an API client. Throws when it is neither, or no longer valid.
 */
export async function authenticateSocketToken(deps: { db: Database; secret: string }, token: string): Promise<{ userId: string }> {
  const { userId } = token.startsWith(SOCKET_TICKET_PREFIX)
    ? await redeemSocketTicket(deps.db, token)
    : await authenticateAccessToken(deps, token);
  return { userId };
}
