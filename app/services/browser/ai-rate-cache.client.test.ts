import { describe, expect, it } from 'vitest';
import { AI_RATE_CACHE_TTL_MS, freshCacheEntry, type AiRateCacheEntry } from './ai-rate-cache.client';
import { checkedAgo } from '~/services/detection';

const NOW = Date.UTC(2026, 0, 10, 12);
const entry = (ageMs: number): AiRateCacheEntry => ({
  aiRate: 99.9,
  writingId: 'w',
  timestamp: NOW - ageMs,
  original: 'text',
  modified: null,
  label: 'ai',
});

describe('the AI rate cache as the page reads it', () => {
  it('is used while under 24 hours old, not after', () => {
    expect(freshCacheEntry(entry(60_000), null, NOW)).toMatchObject({ aiRate: 99.9 });
    expect(freshCacheEntry(entry(AI_RATE_CACHE_TTL_MS - 1), null, NOW)).not.toBeNull();
    expect(freshCacheEntry(entry(AI_RATE_CACHE_TTL_MS), null, NOW)).toBeNull();
    expect(freshCacheEntry(null, null, NOW)).toBeNull();
  });

  it('gives way to a newer check the API knows of (another device), not to an older one', () => {
    expect(freshCacheEntry(entry(60_000), NOW - 1_000, NOW)).toBeNull();
    expect(freshCacheEntry(entry(60_000), NOW - 120_000, NOW)).not.toBeNull();
  });

  it('says how long ago in words', () => {
    expect(checkedAgo(NOW - 10_000, NOW)).toBe('刚刚');
    expect(checkedAgo(NOW - 5 * 60_000, NOW)).toBe('5 分钟前');
    expect(checkedAgo(NOW - 3 * 3600_000, NOW)).toBe('3 小时前');
    expect(checkedAgo(NOW - 49 * 3600_000, NOW)).toBe('2 天前');
  });
});
