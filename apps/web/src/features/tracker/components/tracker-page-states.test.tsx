/** The Tracker page: fetch errors, the browser cache, the download and a missing account id. */
import { addDays, messages, paths, trackerCopy, USAGE_CACHE_MAX_AGE_MS } from '@portal/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usageCacheKey } from '../../../shared/api/usage-cache.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  columnButtons,
  id,
  pastWeek,
  renderTracker,
  resetTrackerState,
  stubUsage,
  toolbar,
  usageRequests,
} from '../../../test/tracker-page.tsx';
import { apiError, json, makeUsage, trackerFetch } from '../../../test/usage-fixtures.ts';
import { TrackerPage } from './tracker-page.tsx';

beforeEach(resetTrackerState);

describe('usage fetch errors (docs/api.md#errors)', () => {
  it.each([
    [401, 'UNKNOWN_ACCOUNT', messages.invalidAccountId],
    [422, 'INVALID_ACCOUNT_ID', messages.invalidAccountId],
    [403, 'WRONG_PROVIDER', messages.wrongProvider],
    [500, 'INTERNAL', messages.usageFetchError],
    [503, 'UNAVAILABLE', messages.usageFetchError],
  ])('answers %i with its message, and stops loading', async (status, code, message) => {
    vi.stubGlobal('fetch', trackerFetch({ usage: () => apiError(status, code, 'server text') }));
    await renderTracker(paths.usage.href(id, pastWeek));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(screen.getByTestId('usage-error').textContent).toBe(message);
    expect(screen.queryByText(messages.chartLoading, { selector: '.tracker-chart__state' })).toBeNull();
  });

  it('treats an answer that does not match the contract as a fetch error', async () => {
    vi.stubGlobal('fetch', trackerFetch({ usage: () => json({ nothing: true }) }));
    await renderTracker(paths.usage.href(id, pastWeek));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.usageFetchError);
  });

  it('offers to try again after a server error, and shows the week when it answers', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      trackerFetch({
        usage: (url) =>
          fail
            ? apiError(500, 'INTERNAL', 'x')
            : json(makeUsage({ from: url.searchParams.get('from') ?? '' })),
      }),
    );
    await renderTracker(paths.usage.href(id, pastWeek));
    const retry = await screen.findByRole('button', { name: trackerCopy.tryAgain });
    fail = false;
    fireEvent.click(retry);
    expect(await columnButtons()).toHaveLength(7);
  });
});

describe('browser cache (docs/rules.md#states-and-transitions)', () => {
  it('uses a copy saved less than an hour ago instead of fetching', async () => {
    const fetchMock = stubUsage();
    const first = await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(usageRequests(fetchMock)).toHaveLength(1);
    expect(localStorage.getItem(usageCacheKey(id, pastWeek))).not.toBeNull();
    first.unmount();

    // A new page load (new query client): the browser copy is used.
    await renderTracker(paths.usage.href(id, pastWeek));
    expect(await columnButtons()).toHaveLength(7);
    expect(usageRequests(fetchMock)).toHaveLength(1);
  });

  it('fetches again once the copy is an hour old', async () => {
    const fetchMock = stubUsage();
    localStorage.setItem(
      usageCacheKey(id, pastWeek),
      JSON.stringify({
        savedAt: Date.now() - USAGE_CACHE_MAX_AGE_MS - 1000,
        data: makeUsage({ from: pastWeek }),
      }),
    );
    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(usageRequests(fetchMock)).toHaveLength(1);
  });

  it('keeps weeks apart: another week is fetched', async () => {
    const fetchMock = stubUsage();
    const first = await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    first.unmount();
    await renderTracker(paths.usage.href(id, addDays(pastWeek, -7)));
    await toolbar();
    expect(
      usageRequests(fetchMock).map(([url]) => new URL(String(url), 'http://x').searchParams.get('from')),
    ).toEqual([pastWeek, addDays(pastWeek, -7)]);
  });
});

describe('download your data', () => {
  it('links to the CSV export of the displayed week, and explains ranges over 366 days', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    const link = await screen.findByRole('link', { name: trackerCopy.downloadLink });
    expect(link.getAttribute('href')).toBe(
      `/api/tracker/export?account_id=${id}&from=${pastWeek}&to=${addDays(pastWeek, 6)}`,
    );
    expect(link.hasAttribute('download')).toBe(true);

    const fromInput = screen.getByLabelText(trackerCopy.downloadFrom);
    fireEvent.change(fromInput, { target: { value: addDays(pastWeek, 6 - 365) } });
    expect(screen.getByRole('link', { name: trackerCopy.downloadLink }).getAttribute('href')).toContain(
      `from=${addDays(pastWeek, 6 - 365)}`,
    );
    fireEvent.change(fromInput, { target: { value: addDays(pastWeek, 6 - 366) } });
    expect(screen.queryByRole('link', { name: trackerCopy.downloadLink })).toBeNull();
    expect(screen.getByText(trackerCopy.downloadRangeError)).toBeTruthy();
  });
});

describe('without an account id', () => {
  it("says 'Missing account ID number'", async () => {
    vi.stubGlobal('fetch', trackerFetch());
    renderWithProviders(
      <Routes>
        <Route path="/new/usage" element={<TrackerPage />} />
      </Routes>,
      { path: '/new/usage' },
    );
    expect(await screen.findByText(messages.missingAccountId)).toBeTruthy();
  });
});
