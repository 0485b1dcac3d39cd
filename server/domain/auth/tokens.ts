import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Database } from '../../../db/client';
import { authSessions, refreshTokens, users } from '../../../db/schema';
import { tokenExpired, tokenInvalid } from '../errors';
import { tokensSchema, type Tokens } from '../../../contracts/auth';
import type { Role } from '../../../contracts/constants';
import { SessionCache } from './session-cache';

export const ACCESS_TOKEN_TTL_MS = 2 * 3600_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;

export type TokenPair = Tokens;

export type AccessClaims = { userId: string; sessionId: string; role: Role };
/** What authenticating a request yields: the claims plus the current user row (read in the same query). */
export type AuthenticatedRequest = AccessClaims & { user: typeof users.$inferSelect };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const key = (secret: string) => new TextEncoder().encode(secret);

async function signAccessToken(secret: string, claims: AccessClaims, now: number): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(now + ACCESS_TOKEN_TTL_MS);
  const token = await new SignJWT({ sid: claims.sessionId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
  return { token, expiresAt };
}

async function issuePair(db: Database, secret: string, claims: AccessClaims, now: number): Promise<TokenPair> {
  const refreshToken = randomBytes(32).toString('base64url');
  const refreshExpiresAt = new Date(now + REFRESH_TOKEN_TTL_MS);
  await db.insert(refreshTokens).values({ sessionId: claims.sessionId, tokenHash: sha256(refreshToken), expiresAt: refreshExpiresAt });
  const access = await signAccessToken(secret, claims, now);
  return {
    accessToken: access.token,
    refreshToken,
    accessTokenExpiresAt: access.expiresAt.toISOString(),
    refreshTokenExpiresAt: refreshExpiresAt.toISOString(),
  };
}

/** A new login: a new refresh-token family (auth session) and its first token pair. */
export async function startSession(
  deps: { db: Database; secret: string },
  input: { userId: string; role: Role; userAgent?: string; ip?: string },
): Promise<TokenPair> {
  const [session] = await deps.db
    .insert(authSessions)
    .values({ userId: input.userId, userAgent: input.userAgent?.slice(0, 300), ip: input.ip })
    .returning({ id: authSessions.id });
  return issuePair(deps.db, deps.secret, { userId: input.userId, sessionId: session!.id, role: input.role }, Date.now());
}

/**
 * Rotates a refresh token. A repeat of the same rotation within REFRESH_GRACE_MS (parallel page
 * loads, two tabs, two web processes, a retried request) gets the same new pair: the grace memory
 * lives here, in the database, so every process sees it. Presenting a rotated token after that
 * means it leaked: the whole family is revoked and every token from it stops working.
 */
export async function rotateRefreshToken(deps: { db: Database; secret: string }, refreshToken: string): Promise<TokenPair> {
  const { db, secret } = deps;
  const now = Date.now();
  const [row] = await db
    .select({
      tokenId: refreshTokens.id,
      rotatedAt: refreshTokens.rotatedAt,
      expiresAt: refreshTokens.expiresAt,
      sessionId: authSessions.id,
      revokedAt: authSessions.revokedAt,
      userId: users.id,
      role: users.role,
    })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));

  if (!row || row.revokedAt || row.expiresAt.getTime() <= now) throw tokenInvalid();
  if (row.rotatedAt) return repeatedRotation(db, secret, row.tokenId, row.sessionId, now);
  // Claiming the old token and storing the new one commit together: a failure in between must not
  // leave the client holding only a spent token (which would then look like reuse).
  const pair = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date(now) })
      .where(and(eq(refreshTokens.id, row.tokenId), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length !== 1) return null;
    await tx
      .update(authSessions)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(authSessions.id, row.sessionId));
    const next = await issuePair(tx, secret, { userId: row.userId, sessionId: row.sessionId, role: row.role }, now);
    await tx
      .update(refreshTokens)
      .set({ successorSealed: seal(secret, next) })
      .where(eq(refreshTokens.id, row.tokenId));
    return next;
  });
  // Lost a race with a concurrent rotation of the same token, which has committed by now.
  return pair ?? repeatedRotation(db, secret, row.tokenId, row.sessionId, now);
}

export const REFRESH_GRACE_MS = 60_000;

async function repeatedRotation(db: Database, secret: string, tokenId: string, sessionId: string, now: number): Promise<TokenPair> {
  const [token] = await db
    .select({ rotatedAt: refreshTokens.rotatedAt, successorSealed: refreshTokens.successorSealed })
    .from(refreshTokens)
    .where(eq(refreshTokens.id, tokenId));
  const withinGrace = token?.rotatedAt && now - token.rotatedAt.getTime() <= REFRESH_GRACE_MS;
  const successor = withinGrace && token.successorSealed ? unseal(secret, token.successorSealed) : null;
  if (successor) return successor;
  await revokeSession(db, sessionId, 'refresh_token_reuse');
  throw tokenInvalid();
}

/** Drops sealed successors once their grace window is over: they are useless and sensitive. */
export async function pruneRefreshGrace(db: Database): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ successorSealed: null })
    .where(and(isNotNull(refreshTokens.successorSealed), lt(refreshTokens.rotatedAt, new Date(Date.now() - REFRESH_GRACE_MS))));
}

const sealKey = (secret: string) => createHash('sha256').update(`refresh-grace:${secret}`).digest();

function seal(secret: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(secret: string, sealed: string): TokenPair | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return tokensSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** One per database handle, so every caller in the process shares what was read (ADR 0064). */
const sessionCaches = new WeakMap<Database, SessionCache>();
export function sessionCacheOf(db: Database): SessionCache {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new SessionCache();
    sessionCaches.set(db, cache);
  }
  return cache;
}

/**
 * Verifies the JWT and that its session is still live, with the user read in the same query, or
 * from this process's session cache when read less than SESSION_CACHE_MS ago (ADR 0064). The role
 * comes from the database, not the token.
 */
export async function authenticateAccessToken(deps: { db: Database; secret: string }, token: string): Promise<AuthenticatedRequest> {
  return authenticateVerified(deps, verifyAccessToken(deps.secret, token));
}

/** authenticateAccessToken for claims already verified (the API's `authenticate` verifies first). */
export async function authenticateVerified(
  deps: { db: Database },
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<AuthenticatedRequest> {
  const row = await sessionCacheOf(deps.db).read(sessionId, userId, async () => {
    const [read] = await liveSessionUser(deps.db).execute({ sessionId, userId });
    return read;
  });
  if (!row || row.revokedAt) throw tokenInvalid();
  return { userId, sessionId, role: row.user.role, user: row.user };
}

/**
 * HS256 verification with node:crypto, synchronously: this runs on every API request, and the
 * WebCrypto path costs ~30x more and hops to the thread pool. Signing stays with jose.
 */
export function verifyAccessToken(secret: string, token: string): { userId: string; sessionId: string } {
  const parts = token.split('.');
  if (parts.length !== 3) throw tokenInvalid();
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw tokenInvalid();
  let header: { alg?: unknown };
  let payload: { sub?: unknown; sid?: unknown; exp?: unknown };
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    throw tokenInvalid();
  }
  if (header.alg !== 'HS256') throw tokenInvalid();
  if (typeof payload.exp !== 'number') throw tokenInvalid();
  if (payload.exp * 1000 <= Date.now()) throw tokenExpired();
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || !UUID.test(payload.sub) || !UUID.test(payload.sid)) {
    throw tokenInvalid();
  }
  return { userId: payload.sub, sessionId: payload.sid };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Prepared once per database handle: the hottest query of the API. */
const prepared = new WeakMap<Database, ReturnType<typeof prepareLiveSessionUser>>();
function prepareLiveSessionUser(db: Database) {
  return db
    .select({ revokedAt: authSessions.revokedAt, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sql.placeholder('sessionId')), eq(authSessions.userId, sql.placeholder('userId'))))
    .prepare('live_session_user');
}
function liveSessionUser(db: Database) {
  let statement = prepared.get(db);
  if (!statement) {
    statement = prepareLiveSessionUser(db);
    prepared.set(db, statement);
  }
  return statement;
}

export async function revokeSession(db: Database, sessionId: string, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`coalesce(${authSessions.revokedAt}, now())`, revokedReason: reason })
    .where(eq(authSessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: string, reason: string): Promise<number> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return revoked.length;
}
