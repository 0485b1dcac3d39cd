import type { DetectionLabel } from '../../../contracts/detection-constants';
import { AI_RATE_PREFIX, getItem, setItem } from './local-storage.client';

/**
 * The AI rate cache (spec §3, §4): a page's last check (aiRate, writingId, when, the text checked
 * and, after 降AI率, the modified text), kept 24 hours per user, so returning to the page shows it
 * without a new (charged) check. Holds the user's text: wiped on logout with the drafts.
 */
export type AiRateCacheEntry = {
  aiRate: number;
  writingId: string;
  timestamp: number;
  original: string;
  modified: string | null;
  /** The label of that rate (added to the spec's fields: what the note is coloured by). */
  label?: DetectionLabel;
};

export const AI_RATE_CACHE_TTL_MS = 24 * 3600_000;
const keyOf = (userId: string, pageIdentifier: string) => `${AI_RATE_PREFIX}${userId}:${pageIdentifier}`;

export const cacheAiRate = (userId: string, pageIdentifier: string, entry: AiRateCacheEntry) =>
  setItem(keyOf(userId, pageIdentifier), entry, AI_RATE_CACHE_TTL_MS);

export const cachedAiRate = (userId: string, pageIdentifier: string) => getItem<AiRateCacheEntry>(keyOf(userId, pageIdentifier));

/**
 * What the page shows as its last check: the cached entry while it is fresh (under 24 h) and not
 * older than the latest check the API knows of (another device may have checked since), else
 * the API's. Pure, for tests.
 */
export function freshCacheEntry(entry: AiRateCacheEntry | null, apiTimestamp: number | null, now = Date.now()): AiRateCacheEntry | null {
  if (!entry || now - entry.timestamp >= AI_RATE_CACHE_TTL_MS || entry.timestamp > now + 60_000) return null;
  if (apiTimestamp !== null && apiTimestamp > entry.timestamp) return null;
  return entry;
}
