import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { WRITING_OPERATIONS } from '../../../contracts/ai-operation-constants';
import type { AnalyticsEventType, AnalyticsSummary } from '../../../contracts/analytics';
import type { Database } from '../../../db/client';
import { aiOperations, analyticsEvents, paymentOrders, users } from '../../../db/schema';

const DAY_MS = 24 * 3600_000;
const BEIJING_MS = 8 * 3600_000;
/** Pages and tools listed: the most viewed / used. */
const TOP_ROWS = 50;
const OUTCOME_TYPES: AnalyticsEventType[] = ['document_generated', 'check_run', 'order_paid'];

/** The Beijing calendar day of an instant, as YYYY-MM-DD. */
const beijingDay = (at: Date) => new Date(at.getTime() + BEIJING_MS).toISOString().slice(0, 10);

/** The start of the Beijing day `days - 1` days before `now`'s: a range of `days` calendar days ending today. */
export function rangeStart(days: number, now: Date): Date {
  const today = beijingDay(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) - BEIJING_MS - (days - 1) * DAY_MS);
}

/** An event's Beijing day in SQL (no time-zone database needed: China keeps no summer time). */
const eventDay = sql<string>`to_char(${analyticsEvents.createdAt} at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD')`;

/**
 * The administrators' summary over the last `days` Beijing days (GET /api/v1/admin/analytics/summary):
 * daily active accounts and guest sessions, page views by Chinese page name, tool use, outcome
 * events, and the funnel registration → first generation → first payment, read from the accounts,
 * AI operations and orders themselves (a browser that blocks analytics still counts there).
 */
export async function analyticsSummary(db: Database, days: number, now = new Date()): Promise<AnalyticsSummary> {
  const from = rangeStart(days, now);
  const inRange = gte(analyticsEvents.createdAt, from);
  const pageView = eq(analyticsEvents.type, 'page_view');

  const [totalsRows, dailyRows, guestRows, pageRows, toolRows, outcomeRows, funnelRows] = await Promise.all([
    db
      .select({
        events: count(),
        pageViews: sql<number>`count(*) filter (where ${pageView})`.mapWith(Number),
        sessions: countDistinct(analyticsEvents.sessionId),
        users: countDistinct(analyticsEvents.userId),
      })
      .from(analyticsEvents)
      .where(inRange),
    db
      .select({
        day: eventDay,
        activeUsers: countDistinct(analyticsEvents.userId),
        pageViews: sql<number>`count(*) filter (where ${pageView})`.mapWith(Number),
      })
      .from(analyticsEvents)
      .where(inRange)
      .groupBy(eventDay),
    guestSessionsByDay(db, from),
    db
      .select({
        pageName: analyticsEvents.pageName,
        page: sql<string>`min(${analyticsEvents.page})`,
        views: count(),
        sessions: countDistinct(analyticsEvents.sessionId),
      })
      .from(analyticsEvents)
      .where(and(inRange, pageView))
      .groupBy(analyticsEvents.pageName)
      .orderBy(desc(count()), analyticsEvents.pageName)
      .limit(TOP_ROWS),
    db
      .select({
        tool: sql<string>`coalesce(${analyticsEvents.data}->>'tool', '未注明')`,
        uses: count(),
        users: countDistinct(analyticsEvents.userId),
      })
      .from(analyticsEvents)
      .where(and(inRange, eq(analyticsEvents.type, 'tool_used')))
      .groupBy(sql`1`)
      .orderBy(desc(count()))
      .limit(TOP_ROWS),
    db
      .select({ type: analyticsEvents.type, count: count() })
      .from(analyticsEvents)
      .where(and(inRange, inArray(analyticsEvents.type, OUTCOME_TYPES)))
      .groupBy(analyticsEvents.type),
    funnel(db, from),
  ]);

  const byDay = new Map(dailyRows.map((r) => [r.day, r]));
  const guestsByDay = new Map(guestRows.map((r) => [r.day, r.sessions]));
  const daily: AnalyticsSummary['daily'] = [];
  for (let i = 0; i < days; i++) {
    const day = beijingDay(new Date(from.getTime() + i * DAY_MS));
    const row = byDay.get(day);
    daily.push({ day, activeUsers: row?.activeUsers ?? 0, guestSessions: guestsByDay.get(day) ?? 0, pageViews: row?.pageViews ?? 0 });
  }
  const outcomes = new Map(outcomeRows.map((r) => [r.type, r.count]));
  const totals = totalsRows[0] ?? { events: 0, pageViews: 0, sessions: 0, users: 0 };
  return {
    days,
    from: from.toISOString(),
    to: now.toISOString(),
    totals,
    daily,
    pageViews: pageRows,
    tools: toolRows,
    outcomes: OUTCOME_TYPES.map((type) => ({ type, count: outcomes.get(type) ?? 0 })),
    funnel: funnelRows,
  };
}

/** Per day, the sessions that stayed guests all day (a session that signed in counts as its account's activity). */
function guestSessionsByDay(db: Database, from: Date) {
  const perSession = db
    .select({
      day: sql<string>`${eventDay}`.as('day'),
      sessionId: analyticsEvents.sessionId,
      signedIn: sql<boolean>`bool_or(${isNotNull(analyticsEvents.userId)})`.as('signed_in'),
    })
    .from(analyticsEvents)
    .where(gte(analyticsEvents.createdAt, from))
    .groupBy(sql`1`, analyticsEvents.sessionId)
    .as('per_session');
  return db
    .select({ day: perSession.day, sessions: count() })
    .from(perSession)
    .where(sql`not ${perSession.signedIn}`)
    .groupBy(perSession.day);
}

/** Accounts registered since `from` (merged-away ones aside); of them, those with a finished generation; of those, those with a paid order. */
async function funnel(db: Database, from: Date): Promise<AnalyticsSummary['funnel']> {
  const generated = sql`exists (select 1 from ${aiOperations} where ${aiOperations.userId} = ${users.id}
    and ${aiOperations.status} = 'succeeded' and ${inArray(aiOperations.operation, [...WRITING_OPERATIONS])})`;
  const paid = sql`exists (select 1 from ${paymentOrders} where ${paymentOrders.userId} = ${users.id} and ${paymentOrders.status} = 'paid')`;
  const [row] = await db
    .select({
      registered: count(),
      generated: sql<number>`count(*) filter (where ${generated})`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${generated} and ${paid})`.mapWith(Number),
    })
    .from(users)
    .where(and(gte(users.createdAt, from), isNull(users.mergedIntoUserId)));
  return row ?? { registered: 0, generated: 0, paid: 0 };
}
