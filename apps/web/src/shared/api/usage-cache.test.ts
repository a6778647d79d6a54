import { USAGE_CACHE_MAX_AGE_MS, USAGE_RESPONSE_VERSION } from '@portal/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUsage } from '../../test/usage-fixtures.ts';
import {
  clearCachedUsage,
  clearLocalStorage,
  readCachedUsage,
  usageCacheKey,
  writeCachedUsage,
} from './usage-cache.ts';

describe('usage cache (docs/rules.md#states-and-transitions)', () => {
  beforeEach(() => localStorage.clear());
  const usage = makeUsage({ from: '2026-11-09' });

  it('keeps a response per account and week start for an hour', () => {
    const now = 1_800_000_000_000;
    writeCachedUsage('demo-home', '2026-11-09', usage, now);
    expect(localStorage.getItem(usageCacheKey('demo-home', '2026-11-09'))).not.toBeNull();
    expect(readCachedUsage('demo-home', '2026-11-09', now + USAGE_CACHE_MAX_AGE_MS - 1)).toEqual({
      savedAt: now,
      data: usage,
    });
    expect(readCachedUsage('demo-home', '2026-11-16', now)).toBeUndefined();
    expect(readCachedUsage('demo-solar', '2026-11-09', now)).toBeUndefined();
  });

  it('drops an entry an hour old or older', () => {
    const now = 1_800_000_000_000;
    writeCachedUsage('demo-home', '2026-11-09', usage, now);
    expect(readCachedUsage('demo-home', '2026-11-09', now + USAGE_CACHE_MAX_AGE_MS)).toBeUndefined();
    expect(localStorage.getItem(usageCacheKey('demo-home', '2026-11-09'))).toBeNull();
  });

  it('ignores entries it cannot read or that were saved for another shape of the response', () => {
    const savedAt = Date.now();
    localStorage.setItem(usageCacheKey('demo-home', 'a'), 'not json');
    localStorage.setItem(usageCacheKey('demo-home', 'b'), JSON.stringify({ savedAt, data: usage }));
    localStorage.setItem(
      usageCacheKey('demo-home', 'c'),
      JSON.stringify({ version: USAGE_RESPONSE_VERSION - 1, savedAt, data: usage }),
    );
    localStorage.setItem(
      usageCacheKey('demo-home', 'd'),
      JSON.stringify({ version: USAGE_RESPONSE_VERSION, data: usage }),
    );
    localStorage.setItem(usageCacheKey('demo-home', 'e'), 'null');
    for (const from of ['a', 'b', 'c', 'd', 'e']) expect(readCachedUsage('demo-home', from)).toBeUndefined();
    localStorage.setItem(
      usageCacheKey('demo-home', 'f'),
      JSON.stringify({ version: USAGE_RESPONSE_VERSION, savedAt, data: usage }),
    );
    expect(readCachedUsage('demo-home', 'f')).toEqual({ savedAt, data: usage });
  });

  it("forgets one account's weeks only (after its survey)", () => {
    writeCachedUsage('demo-home', '2026-11-09', usage);
    writeCachedUsage('demo-home', '2026-11-16', usage);
    writeCachedUsage('demo-home-2', '2026-11-09', usage);
    localStorage.setItem('other', 'kept');
    clearCachedUsage('demo-home');
    expect(readCachedUsage('demo-home', '2026-11-09')).toBeUndefined();
    expect(readCachedUsage('demo-home', '2026-11-16')).toBeUndefined();
    expect(readCachedUsage('demo-home-2', '2026-11-09')).toBeDefined();
    expect(localStorage.getItem('other')).toBe('kept');
  });

  it('clears all local storage, not only its own entries', () => {
    writeCachedUsage('demo-home', '2026-11-09', usage);
    localStorage.setItem('something-else', '1');
    clearLocalStorage();
    expect(localStorage.length).toBe(0);
  });
});
