/**
 * The two caches of an account's usage answers: the query keys of TanStack Query's cache, and the browser cache
 * of docs/rules.md#states-and-transitions. Shared because the Tracker fills them and the surveys forget them
 * (a completed survey changes the customer block of every cached week; docs/decisions/0026-boundaries.md).
 *
 * The browser cache: one localStorage entry per account and week start, used
 * for USAGE_CACHE_MAX_AGE_MS (1 hour). An entry that is too old, unreadable or saved under another
 * USAGE_RESPONSE_VERSION (an older shape of the response) is treated as missing. Storage failures (private
 * mode, quota) only cost a fetch.
 */
import { USAGE_CACHE_MAX_AGE_MS, USAGE_RESPONSE_VERSION, type UsageResponse } from '@portal/contracts';

const PREFIX = 'tracker.usage.v1';

/** The query keys of usage answers: all of them, an account's, one week of an account's. */
export const usageKeys = {
  all: ['tracker', 'usage'] as const,
  account: (accountId: string) => [...usageKeys.all, accountId] as const,
  week: (accountId: string, from: string) => [...usageKeys.account(accountId), from] as const,
};

export function usageCacheKey(accountId: string, from: string): string {
  return `${PREFIX}:${accountId}:${from}`;
}

export interface CachedUsage {
  savedAt: number;
  data: UsageResponse;
}

interface StoredUsage extends CachedUsage {
  version: number;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The cached response if it is still valid at `now`. */
export function readCachedUsage(accountId: string, from: string, now = Date.now()): CachedUsage | undefined {
  const store = storage();
  if (!store) return undefined;
  const key = usageCacheKey(accountId, from);
  try {
    const raw = store.getItem(key);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as Partial<Record<keyof StoredUsage, unknown>> | null;
    const age = typeof entry?.savedAt === 'number' ? now - entry.savedAt : Number.NaN;
    const current = entry?.version === USAGE_RESPONSE_VERSION && typeof entry.data === 'object' && entry.data;
    if (!(age >= 0 && age < USAGE_CACHE_MAX_AGE_MS) || !current) {
      store.removeItem(key);
      return undefined;
    }
    return { savedAt: entry.savedAt as number, data: entry.data as UsageResponse };
  } catch {
    return undefined;
  }
}

export function writeCachedUsage(
  accountId: string,
  from: string,
  data: UsageResponse,
  now = Date.now(),
): void {
  try {
    const entry: StoredUsage = { version: USAGE_RESPONSE_VERSION, savedAt: now, data };
    storage()?.setItem(usageCacheKey(accountId, from), JSON.stringify(entry));
  } catch {
    // A full or disabled storage only means the next visit fetches again.
  }
}

/** Forgets every cached week of one account (its customer block changed, e.g. the survey was completed). */
export function clearCachedUsage(accountId: string): void {
  const store = storage();
  if (!store) return;
  try {
    const prefix = `${usageCacheKey(accountId, '')}`;
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
    for (const key of keys) if (key?.startsWith(prefix)) store.removeItem(key);
  } catch {
    // Nothing cached, nothing to clear.
  }
}

/** Saving the budget clears all local storage (docs/rules.md#states-and-transitions), not only the usage entries. */
export function clearLocalStorage(): void {
  try {
    storage()?.clear();
  } catch {
    // Nothing cached, nothing to clear.
  }
}
