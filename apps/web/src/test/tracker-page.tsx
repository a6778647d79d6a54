/** The Tracker page's test set-up, shared by its test files (split by subject, issue 30 item 3). */
import { addDays, TRACKER_HINT_COOKIE } from '@portal/contracts';
import { act, screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { vi } from 'vitest';
import { currentWeekStart } from '../features/tracker/lib/dates.ts';
import { formatLongDate } from '../shared/lib/dates.ts';
import { renderRoute } from './render.tsx';
import { json, makeUsage, trackerFetch, type UsageFixtureOptions } from './usage-fixtures.ts';

export const id = 'demo-home';
export const thisWeek = currentWeekStart();
export const pastWeek = addDays(thisWeek, -14);

export function stubUsage(options: UsageFixtureOptions = {}) {
  const fetchMock = trackerFetch({
    usage: (url) => json(makeUsage({ from: url.searchParams.get('from') ?? undefined, ...options })),
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export async function renderTracker(path: string) {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Tracker' });
  return result;
}

export const toolbar = () => screen.findByRole('toolbar');
/** The chart's table of numbers (collapsed under its summary), not the table of where the money goes. */
export const chartTable = () =>
  within(document.querySelector('.chart-table') as HTMLElement).getByRole('table', { hidden: true });
/** A column's date as its label shows it: "Mon 16 Nov". */
export const shortDate = (date: string) =>
  formatLongDate(date).replace(/^(\w{3})\w* (\d+) (\w{3})\w*.*$/, '$1 $2 $3');
/** Text as axe compares it (label-content-name-mismatch): lower case, no punctuation, single spaces. */
export const curated = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

export async function columnButtons() {
  return within(await toolbar()).getAllByRole('button');
}
/**
 * Usage requests that were not canceled. (StrictMode mounts twice in tests; TanStack Query cancels the first
 * mount's request through its AbortSignal and asks again, as it does when a customer navigates away.)
 */
export const usageRequests = (fetchMock: ReturnType<typeof trackerFetch>) =>
  fetchMock.calls('/api/tracker/usage').filter(([, init]) => !init?.signal?.aborted);

/** A stand-in for IntersectionObserver (jsdom has none): `show(element, ratio)` reports how much is in view. */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Set<Element> }>();
  class FakeObserver {
    readonly entry: { callback: IntersectionObserverCallback; targets: Set<Element> };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: new Set() };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    show(target: Element, ratio: number) {
      act(() => {
        for (const observer of [...observers]) {
          if (!observer.targets.has(target)) continue;
          const entry = {
            target,
            intersectionRatio: ratio,
            isIntersecting: ratio > 0,
          } as IntersectionObserverEntry;
          observer.callback([entry], observer as unknown as IntersectionObserver);
        }
      });
    },
  };
}

/** Each test starts without a saved week or the hint's cookie. */
export function resetTrackerState() {
  localStorage.clear();
  Cookies.remove(TRACKER_HINT_COOKIE, { path: '/' });
}
