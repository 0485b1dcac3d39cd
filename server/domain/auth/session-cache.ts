import type { users } from '../../../db/schema';
import type { Audience } from '../../realtime/bus';

/**
 * How long a process trusts a session (and its user row) it has read (ADR 0064): a logout, 退出所有设备
 * or an administrator's revocation on any instance is refused everywhere within this time.
 */
export const SESSION_CACHE_MS = 500;
/** Sessions remembered per process at most: the oldest read goes first. */
const MAX_SESSIONS = 20_000;

export type LiveSession = { revokedAt: Date | null; user: typeof users.$inferSelect };
type Entry = { readAt: number; userId: string; session: Promise<LiveSession | undefined> };

/**
 * The live sessions this process has read, each with its user, so a request that changes nothing
 * (GET /user/info, a page's loaders) needs no query. What changes a user is never served from here:
 * while one of the user's own requests that change things is in flight the user's sessions are read
 * afresh, and when it ends (and on each of the user's events on the bus: a charge, a refund, a paid
 * order) they are forgotten. Anything else (an administrator's change, a revocation on another
 * instance) shows within SESSION_CACHE_MS.
 */
export class SessionCache {
  readonly #sessions = new Map<string, Entry>();
  readonly #sessionsOfUser = new Map<string, Set<string>>();
  /** Requests of the user that change things, in flight. */
  readonly #writing = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The session as `load` reads it, or as read less than SESSION_CACHE_MS ago (one read for concurrent misses). */
  read(sessionId: string, userId: string, load: () => Promise<LiveSession | undefined>): Promise<LiveSession | undefined> {
    if (this.#writing.has(userId)) return load();
    const known = this.#sessions.get(sessionId);
    if (known && known.userId === userId && this.now() - known.readAt < SESSION_CACHE_MS) return known.session;
    const entry: Entry = { readAt: this.now(), userId, session: load() };
    this.#remember(sessionId, entry);
    entry.session.catch(() => this.#forgetSession(sessionId, entry));
    return entry.session;
  }

  /** A request of the user that changes things has started: their sessions are read afresh until it ends. */
  beginChange(userId: string): void {
    this.#writing.set(userId, (this.#writing.get(userId) ?? 0) + 1);
    this.forgetUser(userId);
  }

  /** …and has ended (answered or abandoned): what it changed is read afresh next time. */
  endChange(userId: string): void {
    const left = (this.#writing.get(userId) ?? 1) - 1;
    if (left > 0) this.#writing.set(userId, left);
    else this.#writing.delete(userId);
    this.forgetUser(userId);
  }

  forgetUser(userId: string): void {
    const sessions = this.#sessionsOfUser.get(userId);
    if (!sessions) return;
    for (const sessionId of sessions) this.#sessions.delete(sessionId);
    this.#sessionsOfUser.delete(userId);
  }

  /** After a change whose users are not known here (an administrator's, a payment gateway's, a login). */
  clear(): void {
    this.#sessions.clear();
    this.#sessionsOfUser.clear();
  }

  /** An event to a user (a charge or refund finished, an order paid) changed that user's row somewhere. */
  forgetAudience(audience: Audience): void {
    if (audience.kind === 'user' || audience.kind === 'order') this.forgetUser(audience.userId);
  }

  get size(): number {
    return this.#sessions.size;
  }

  #remember(sessionId: string, entry: Entry) {
    this.#forgetSession(sessionId, this.#sessions.get(sessionId));
    if (this.#sessions.size >= MAX_SESSIONS) {
      const [oldestId, oldest] = this.#sessions.entries().next().value!;
      this.#forgetSession(oldestId, oldest);
    }
    this.#sessions.set(sessionId, entry);
    const ofUser = this.#sessionsOfUser.get(entry.userId) ?? new Set<string>();
    ofUser.add(sessionId);
    this.#sessionsOfUser.set(entry.userId, ofUser);
  }

  #forgetSession(sessionId: string, entry: Entry | undefined) {
    if (!entry || this.#sessions.get(sessionId) !== entry) return;
    this.#sessions.delete(sessionId);
    const ofUser = this.#sessionsOfUser.get(entry.userId);
    ofUser?.delete(sessionId);
    if (ofUser?.size === 0) this.#sessionsOfUser.delete(entry.userId);
  }
}
