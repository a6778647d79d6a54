import {
  addDays,
  budgetNotices,
  dayOfWeek,
  formatMessage,
  marketToday,
  messages,
  paths,
  quarterCopy,
  similarHomesCopy,
  TRACKER_HINT_COOKIE,
  trackerCopy,
  trackerLegend,
  USAGE_CACHE_MAX_AGE_MS,
} from '@portal/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usageCacheKey } from '../../../shared/api/usage-cache.ts';
import { formatLongDate } from '../../../shared/lib/dates.ts';
import { renderRoute, renderWithProviders } from '../../../test/render.tsx';
import {
  apiError,
  json,
  makeQuarterComparison,
  makeSimilarHomes,
  makeUsage,
  trackerFetch,
  type UsageFixtureOptions,
} from '../../../test/usage-fixtures.ts';
import { currentWeekStart, formatWeekRange } from '../lib/dates.ts';
import { TrackerPage } from './tracker-page.tsx';

const id = 'demo-home';
const thisWeek = currentWeekStart();
const pastWeek = addDays(thisWeek, -14);

function stubUsage(options: UsageFixtureOptions = {}) {
  const fetchMock = trackerFetch({
    usage: (url) => json(makeUsage({ from: url.searchParams.get('from') ?? undefined, ...options })),
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderTracker(path: string) {
  const result = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Tracker' });
  return result;
}

const toolbar = () => screen.findByRole('toolbar');
/** The chart's table of numbers (collapsed under its summary), not the table of where the money goes. */
const chartTable = () =>
  within(document.querySelector('.chart-table') as HTMLElement).getByRole('table', { hidden: true });
/** A column's date as its label shows it: "Mon 16 Nov". */
const shortDate = (date: string) =>
  formatLongDate(date).replace(/^(\w{3})\w* (\d+) (\w{3})\w*.*$/, '$1 $2 $3');
/** Text as axe compares it (label-content-name-mismatch): lower case, no punctuation, single spaces. */
const curated = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('column names (WCAG 2.5.3 label in name; issue 15 item 8)', () => {
  it.each([
    ['week', (from: string) => paths.usage.href(id, from), {}],
    [
      'week with a day without data and estimated reads',
      (from: string) => paths.usage.href(id, from),
      {
        daysWithData: (index: number) => index !== 4,
        estimated: (index: number) => (index === 2 ? 0.5 : 0),
      },
    ],
    [
      'day',
      (from: string) => paths.usage.href(id, from, 3),
      { hoursWithData: (_: number, hour: number) => hour < 20 },
    ],
  ] as const)('names each %s column with its visible text, in order', async (_, href, options) => {
    stubUsage(options as UsageFixtureOptions);
    await renderTracker(href(pastWeek));
    for (const button of await columnButtons()) {
      // Every text of the column in document order (the overlay's VIEW DAY or VIEW WEEK included).
      const visible = curated(button.textContent ?? '');
      expect(curated(button.getAttribute('aria-label') ?? '')).toContain(visible);
    }
  });
});
async function columnButtons() {
  return within(await toolbar()).getAllByRole('button');
}
/**
 * Usage requests that were not canceled. (StrictMode mounts twice in tests; TanStack Query cancels the first
 * mount's request through its AbortSignal and asks again, as it does when a customer navigates away.)
 */
const usageRequests = (fetchMock: ReturnType<typeof trackerFetch>) =>
  fetchMock.calls('/api/tracker/usage').filter(([, init]) => !init?.signal?.aborted);

/** A stand-in for IntersectionObserver (jsdom has none): `show(element, ratio)` reports how much is in view. */
function stubIntersectionObserver() {
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

beforeEach(() => {
  localStorage.clear();
  Cookies.remove(TRACKER_HINT_COOKIE, { path: '/' });
});

describe('week view', () => {
  it('asks for the week of the route, normalised to its Monday, and shows 7 columns with labels', async () => {
    const fetchMock = stubUsage();
    await renderTracker(paths.usage.href(id, addDays(pastWeek, 3)));
    const buttons = await columnButtons();
    expect(buttons).toHaveLength(7);
    const [url, init] = usageRequests(fetchMock)[0] ?? [];
    expect(String(url)).toBe(`/api/tracker/usage?account_id=${id}&from=${pastWeek}`);
    // Fresh from the server: the browser cache of docs/rules.md#states-and-transitions (not the HTTP cache) decides when to ask.
    expect(init?.cache).toBe('no-cache');

    expect(screen.getByRole('heading', { level: 2, name: formatWeekRange(pastWeek) })).toBeTruthy();
    // Monday: grid $4 + supply $1.10; Sunday is the highest day.
    expect(buttons[0]?.getAttribute('aria-label')).toBe(`${shortDate(pastWeek)}: $5.10, VIEW DAY`);
    expect(buttons[6]?.getAttribute('aria-label')).toBe(
      `${shortDate(addDays(pastWeek, 6))}: $11.10, VIEW DAY (highest)`,
    );
    expect(buttons[6]?.className).toContain('is-max');
    expect(buttons.filter((button) => button.className.includes('is-max'))).toHaveLength(1);
    // Label: total, weekday truncated to 3 characters, date.
    expect(buttons[0]?.textContent).toContain('$5.10');
    expect(buttons[0]?.textContent).toContain('Mon');
    expect(buttons[0]?.textContent).toContain(String(Number(pastWeek.slice(8, 10))));
    expect(buttons[0]?.textContent).toContain(trackerCopy.viewDay);
    // The bars, the average markers and the budget line (budget 40 > 0).
    expect(document.querySelectorAll('.usage-chart__usage')).toHaveLength(7);
    expect(document.querySelectorAll('.usage-chart__supply')).toHaveLength(7);
    expect(screen.getAllByTestId('average-marker')).toHaveLength(7);
    expect(screen.getByTestId('budget-line')).toBeTruthy();
  });

  it('shows both arrows when both neighbours have data, linking 7 days away', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(screen.getByRole('link', { name: trackerCopy.previousWeek }).getAttribute('href')).toBe(
      paths.usage.href(id, addDays(pastWeek, -7)),
    );
    expect(screen.getByRole('link', { name: trackerCopy.nextWeek }).getAttribute('href')).toBe(
      paths.usage.href(id, addDays(pastWeek, 7)),
    );
  });

  it('hides previous without previous data, and next when next_week.from is null or has no data', async () => {
    stubUsage({
      previousWeek: { from: addDays(pastWeek, -7), has_data: false },
      nextWeek: { from: null, has_data: false },
    });
    const first = await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(screen.queryByRole('link', { name: trackerCopy.previousWeek })).toBeNull();
    expect(screen.queryByRole('link', { name: trackerCopy.nextWeek })).toBeNull();
    first.unmount();
    localStorage.clear();

    stubUsage({
      previousWeek: { from: null, has_data: true },
      nextWeek: { from: addDays(pastWeek, 7), has_data: false },
    });
    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(screen.queryByRole('link', { name: trackerCopy.previousWeek })).toBeNull();
    expect(screen.queryByRole('link', { name: trackerCopy.nextWeek })).toBeNull();
  });

  it('opens the day view from a column click', async () => {
    stubUsage();
    const { router } = await renderTracker(paths.usage.href(id, pastWeek));
    const buttons = await columnButtons();
    fireEvent.click(buttons[2] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.usage.href(id, pastWeek, 2)));
    expect(await columnButtons()).toHaveLength(24);
  });

  it('moves between columns with the arrow keys (one tab stop) and opens a day with Enter', async () => {
    stubUsage();
    const user = userEvent.setup();
    const { router } = await renderTracker(paths.usage.href(id, pastWeek));
    const buttons = await columnButtons();
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1]);
    (buttons[0] as HTMLElement).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(buttons[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(buttons[6]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(buttons[5]);
    expect(buttons[5]?.tabIndex).toBe(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.usage.href(id, pastWeek, 5)));
  });

  it('says when the week has no data, and shows No data in a column without data', async () => {
    stubUsage({ daysWithData: () => false });
    const first = await renderTracker(paths.usage.href(id, pastWeek));
    expect((await screen.findByTestId('no-data')).textContent).toBe(messages.weekNoData);
    expect(screen.queryByRole('toolbar')).toBeNull();
    first.unmount();
    localStorage.clear();

    stubUsage({ daysWithData: (index) => index !== 4 });
    await renderTracker(paths.usage.href(id, pastWeek));
    const buttons = await columnButtons();
    expect(within(buttons[4] as HTMLElement).getByText(messages.columnNoData)).toBeTruthy();
    expect(buttons[4]?.getAttribute('aria-label')).toBe(
      `${shortDate(addDays(pastWeek, 4))}: No data, VIEW DAY`,
    );
    expect(within(buttons[3] as HTMLElement).queryByText(messages.columnNoData)).toBeNull();
  });

  it("shows 'Loading' while the week is fetched", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    await renderTracker(paths.usage.href(id, pastWeek));
    const status = await screen.findByText(messages.chartLoading, { selector: '.tracker-chart__state' });
    expect(status.getAttribute('role')).toBe('status');
  });

  it('lists Usage, Supply, Average and Budget, and Solar Export only for solar accounts', async () => {
    stubUsage();
    const first = await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    const labels = () =>
      Array.from(document.querySelectorAll('.chart-legend__label')).map((label) => label.textContent);
    expect(labels()).toEqual(['Usage', 'Supply', 'Average', 'Budget']);
    expect(screen.getByText(/Your weekly budget of \$40 \(\$5\.71 a day\)/)).toBeTruthy();
    first.unmount();
    localStorage.clear();

    stubUsage({ hasSolar: true });
    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(labels()).toEqual(['Usage', 'Supply', 'Solar Export', 'Average', 'Budget']);
    expect(document.querySelectorAll('.usage-chart__solar')).toHaveLength(7);
  });

  it('switches the chart to kWh (usage_kwh), leaving out supply, average and budget', async () => {
    stubUsage();
    const user = userEvent.setup();
    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    await user.click(screen.getByRole('radio', { name: trackerCopy.unitKwh }));
    const buttons = await columnButtons();
    expect(buttons[0]?.getAttribute('aria-label')).toBe(`${shortDate(pastWeek)}: 12.8 kWh, VIEW DAY`);
    expect(document.querySelectorAll('.usage-chart__supply')).toHaveLength(0);
    expect(screen.queryByTestId('budget-line')).toBeNull();
    expect(screen.queryAllByTestId('average-marker')).toHaveLength(0);
    expect(screen.getByText(trackerCopy.kwhNote)).toBeTruthy();
  });

  it('marks columns with estimated reads in the chart, the name, the legend and the table', async () => {
    stubUsage({ estimated: (day) => (day === 2 ? 0.25 : 0) });
    await renderTracker(paths.usage.href(id, pastWeek));
    const buttons = await columnButtons();
    expect(screen.getAllByTestId('estimated-marker')).toHaveLength(1);
    expect(buttons[2]?.getAttribute('aria-label')).toContain('(includes estimated reads)');
    expect(screen.getByText('Estimated', { selector: '.chart-legend__label' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '25% estimated' })).toBeTruthy();
  });

  it('has the numbers as a table for screen readers', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    const table = chartTable();
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(8);
    expect(
      within(table).getByRole('rowheader', { name: formatLongDate(pastWeek), hidden: true }),
    ).toBeTruthy();
  });

  it('shows where the week’s money goes as a table adding up to the week’s spend (issue 28 item 1)', async () => {
    stubUsage({ hasSolar: true, daysWithData: (index) => index !== 3 });
    await renderTracker(paths.usage.href(id, pastWeek));
    const card = await screen.findByTestId('money-parts');
    const table = within(card).getByRole('table', {
      name: formatMessage(trackerCopy.moneyPartsCaption, { range: formatWeekRange(pastWeek) }),
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    // Six days with data: evening is $1 + index for index 0, 1, 2, 4, 5, 6 ($24), the rest per day.
    expect(rows).toEqual([
      ['Always on', '28.80', '$9.00'],
      ['Night (midnight to 6 am)', '9.60', '$3.00'],
      ['Morning (6 am to noon)', '9.60', '$3.00'],
      ['Afternoon (noon to 6 pm)', '9.60', '$3.00'],
      ['Evening (6 pm to midnight)', '76.80', '$24.00'],
      ['Supply charge', '', '$6.60'],
      ['Solar credit', '', '-$6.00'],
      ['Total', '', '$42.60'],
    ]);
    expect(screen.getByText(trackerCopy.moneyPartsAlwaysOnNote)).toBeTruthy();
    expect(card.querySelectorAll('svg[aria-hidden="true"] rect')).toHaveLength(7);
  });

  it('shows this quarter against last year beside the projected bill, its parts adding up (issue 28 item 2)', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    const card = await screen.findByTestId('quarter-comparison');
    expect(within(card).getByTestId('quarter-difference').textContent).toBe(
      '$9.20 more than the same dates last year',
    );
    const table = within(card).getByRole('table', {
      name: 'What makes the difference, 1 October 2026 to 20 October 2026 against the same dates last year',
    });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      [quarterCopy.parts.days, '-$2.00'],
      [quarterCopy.parts.usage, '-$0.50'],
      [quarterCopy.parts.prices, '+$11.70'],
      [quarterCopy.total, '+$9.20'],
    ]);
    expect(card.textContent).toContain(
      'The whole quarter last year (1 October 2025 to 31 December 2025): $322.00',
    );
  });

  it('says when there is not enough data to compare the quarter with last year', async () => {
    vi.stubGlobal(
      'fetch',
      trackerFetch({
        quarterComparison: () =>
          json(
            makeQuarterComparison({
              enough_data: false,
              difference: null,
              parts: [],
              method: ['Not enough data to compare with last year yet.'],
            }),
          ),
      }),
    );
    await renderTracker(paths.usage.href(id, pastWeek));
    const card = await screen.findByTestId('quarter-comparison');
    expect(card.textContent).toContain('Not enough data to compare with last year yet.');
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('shows how the home compares with similar homes, in Opower’s words (issue 28 item 3)', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    const card = await screen.findByTestId('similar-homes');
    expect(within(card).getByTestId('similar-homes-rating').textContent).toBe('Great');
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['You', '4.0'],
      ['Efficient similar homes', '4.8'],
      ['All similar homes (median)', '10.5'],
    ]);
    expect(card.textContent).toContain('Compared with 20 homes like yours');
  });

  it('invites a customer without a profile to the survey instead', async () => {
    vi.stubGlobal(
      'fetch',
      trackerFetch({
        similarHomes: () =>
          json(
            makeSimilarHomes({
              status: 'no_profile',
              period_from: null,
              period_to: null,
              own_kwh_per_day: null,
              median_kwh_per_day: null,
              efficient_kwh_per_day: null,
              homes: null,
              rating: null,
              survey_path: '/new/survey/demo-home',
              computed_at: null,
            }),
          ),
      }),
    );
    await renderTracker(paths.usage.href(id, pastWeek));
    const card = await screen.findByTestId('similar-homes');
    expect(card.textContent).toContain(similarHomesCopy.noProfile);
    expect(within(card).getByRole('link', { name: similarHomesCopy.surveyLink }).getAttribute('href')).toBe(
      '/new/survey/demo-home',
    );
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('never shows a negative zero: an hour without export is $0.00 in the solar column, not -$0.00 (issue 26 item 10)', async () => {
    // A solar day: export from 9:00 to 15:00 only, so most hours have a solar credit of nothing.
    stubUsage({ hasSolar: true });
    const { container } = await renderTracker(paths.usage.href(id, pastWeek, 2));
    await toolbar();
    const table = chartTable();
    const solar = within(table)
      .getAllByRole('row', { hidden: true })
      .slice(1)
      .map((row) => row.children[2]?.textContent);
    expect(solar.slice(0, 3)).toEqual(['$0.00', '$0.00', '$0.00']);
    expect(solar[10]).toBe('-$0.05');
    expect(container.textContent).not.toMatch(/-\$0\.00|-0\.0/);
  });

  it('records a week_view visit', async () => {
    const fetchMock = stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    await waitFor(() => expect(fetchMock.calls('/api/web_interactions')).toHaveLength(1));
    const body = JSON.parse(String(fetchMock.calls('/api/web_interactions')[0]?.[1]?.body));
    expect(body).toMatchObject({ page_name: 'week_view', account_identifier: id });
  });

  it('goes to the next or previous week on a swipe, only where the arrow is shown', async () => {
    stubUsage({ nextWeek: { from: null, has_data: false } });
    const { router } = await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    const area = screen.getByTestId('chart-swipe-area');
    const swipe = (fromX: number, toX: number) => {
      fireEvent.touchStart(area, { touches: [{ clientX: fromX, clientY: 100 }] });
      fireEvent.touchMove(area, { touches: [{ clientX: (fromX + toX) / 2, clientY: 102 }] });
      fireEvent.touchMove(area, { touches: [{ clientX: toX, clientY: 104 }] });
      fireEvent.touchEnd(area, { touches: [] });
    };
    // Left (next): no next arrow, so nothing happens.
    swipe(300, 100);
    expect(router.state.location.pathname).toBe(paths.usage.href(id, pastWeek));
    // Right (previous).
    swipe(100, 300);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(paths.usage.href(id, addDays(pastWeek, -7))),
    );
  });
});

describe('day view', () => {
  it('shows 24 hourly columns labelled with the hour and :00, every third hour highlighted', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek, 2));
    const buttons = await columnButtons();
    expect(buttons).toHaveLength(24);
    expect(buttons.map((button) => button.querySelector('.usage-chart__primary')?.textContent)).toEqual(
      Array.from({ length: 24 }, (_, hour) => `${hour}:00`),
    );
    expect(buttons.flatMap((button, hour) => (button.className.includes('is-major') ? [hour] : []))).toEqual([
      0, 3, 6, 9, 12, 15, 18, 21,
    ]);
    expect(buttons[14]?.getAttribute('aria-label')).toBe('14:00: $0.24, VIEW WEEK');
    expect(
      screen.getByRole('heading', { level: 2, name: formatLongDate(addDays(pastWeek, 2), true) }),
    ).toBeTruthy();
    expect(screen.getByText(messages.aestNote)).toBeTruthy();
    expect(document.querySelectorAll('.usage-chart__supply')).toHaveLength(0);
    expect(screen.queryByTestId('budget-line')).toBeNull();
    expect(screen.queryByRole('heading', { name: trackerCopy.budgetTitle })).toBeNull();
  });

  it('lists Usage and Average per interval, Solar Export for solar accounts, never Supply or Budget', async () => {
    stubUsage({ hasSolar: true });
    await renderTracker(paths.usage.href(id, pastWeek, 2));
    await toolbar();
    expect(
      Array.from(document.querySelectorAll('.chart-legend__label')).map((label) => label.textContent),
    ).toEqual(['Usage', 'Solar Export', 'Average']);
    expect(screen.getByText('Your average for this hour over the last 5 weeks')).toBeTruthy();
  });

  it('goes back to the week with Week zoom and with a column (VIEW WEEK)', async () => {
    stubUsage();
    const { router } = await renderTracker(paths.usage.href(id, pastWeek, 2));
    fireEvent.click(await screen.findByRole('button', { name: trackerCopy.weekZoom }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.usage.href(id, pastWeek)));
    fireEvent.click((await columnButtons())[3] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.usage.href(id, pastWeek, 3)));
    fireEvent.click((await columnButtons())[10] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.usage.href(id, pastWeek)));
  });

  it('moves a day within the week', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek, 3));
    await toolbar();
    expect(screen.getByRole('link', { name: trackerCopy.previousDay }).getAttribute('href')).toBe(
      paths.usage.href(id, pastWeek, 2),
    );
    expect(screen.getByRole('link', { name: trackerCopy.nextDay }).getAttribute('href')).toBe(
      paths.usage.href(id, pastWeek, 4),
    );
  });

  it('crosses week boundaries: day 0 to day 6 of the previous week, day 6 to day 0 of the next', async () => {
    stubUsage();
    const first = await renderTracker(paths.usage.href(id, pastWeek, 0));
    await toolbar();
    expect(screen.getByRole('link', { name: trackerCopy.previousDay }).getAttribute('href')).toBe(
      paths.usage.href(id, addDays(pastWeek, -7), 6),
    );
    first.unmount();

    await renderTracker(paths.usage.href(id, pastWeek, 6));
    await toolbar();
    expect(screen.getByRole('link', { name: trackerCopy.nextDay }).getAttribute('href')).toBe(
      paths.usage.href(id, addDays(pastWeek, 7), 0),
    );
  });

  it('stops at a week boundary whose neighbouring week has no data', async () => {
    stubUsage({
      previousWeek: { from: addDays(pastWeek, -7), has_data: false },
      nextWeek: { from: addDays(pastWeek, 7), has_data: false },
    });
    const first = await renderTracker(paths.usage.href(id, pastWeek, 0));
    await toolbar();
    expect(screen.queryByRole('link', { name: trackerCopy.previousDay })).toBeNull();
    expect(screen.getByRole('link', { name: trackerCopy.nextDay })).toBeTruthy();
    first.unmount();

    await renderTracker(paths.usage.href(id, pastWeek, 6));
    await toolbar();
    expect(screen.getByRole('link', { name: trackerCopy.previousDay })).toBeTruthy();
    expect(screen.queryByRole('link', { name: trackerCopy.nextDay })).toBeNull();
  });

  // Every day of the current week, a past week and the first week (issue 26 item 1, decision 0037): the next
  // day is there while it has data or is before today, also in the current week whose next week has not started.
  const todayIndex = dayOfWeek(marketToday());
  const weeksToWalk = [
    {
      name: 'the current week',
      from: thisWeek,
      options: {
        nextWeek: { from: null, has_data: false },
        daysWithData: (index: number) => index < todayIndex,
      },
      previous: (day: number) =>
        day > 0 ? paths.usage.href(id, thisWeek, day - 1) : paths.usage.href(id, addDays(thisWeek, -7), 6),
      next: (day: number) => (day < todayIndex - 1 ? paths.usage.href(id, thisWeek, day + 1) : null),
    },
    {
      name: 'a past week',
      from: pastWeek,
      options: {},
      previous: (day: number) =>
        day > 0 ? paths.usage.href(id, pastWeek, day - 1) : paths.usage.href(id, addDays(pastWeek, -7), 6),
      next: (day: number) =>
        day < 6 ? paths.usage.href(id, pastWeek, day + 1) : paths.usage.href(id, addDays(pastWeek, 7), 0),
    },
    {
      name: 'the first week (data from Wednesday)',
      from: pastWeek,
      options: {
        previousWeek: { from: addDays(pastWeek, -7), has_data: false },
        daysWithData: (index: number) => index >= 2,
      },
      previous: (day: number) => (day > 0 ? paths.usage.href(id, pastWeek, day - 1) : null),
      next: (day: number) =>
        day < 6 ? paths.usage.href(id, pastWeek, day + 1) : paths.usage.href(id, addDays(pastWeek, 7), 0),
    },
  ];
  it.each(weeksToWalk)(
    'links the previous and next day from every day of $name',
    async ({ from, options, previous, next }) => {
      stubUsage(options);
      for (let day = 0; day < 7; day++) {
        const rendered = await renderTracker(paths.usage.href(id, from, day));
        await screen.findByRole('heading', { level: 2, name: formatLongDate(addDays(from, day), true) });
        await waitFor(() => expect(screen.queryByText(messages.chartLoading)).toBeNull());
        const href = (name: string) => screen.queryByRole('link', { name })?.getAttribute('href') ?? null;
        expect([href(trackerCopy.previousDay), href(trackerCopy.nextDay)], `day ${day}`).toEqual([
          previous(day),
          next(day),
        ]);
        rendered.unmount();
      }
    },
  );

  it('goes to the next day of the current week on a swipe while that day has data', async () => {
    stubUsage({ nextWeek: { from: null, has_data: false }, daysWithData: () => true });
    const day = Math.min(todayIndex, 5);
    const { router } = await renderTracker(paths.usage.href(id, thisWeek, day));
    await screen.findByRole('link', { name: trackerCopy.nextDay });
    const area = screen.getByTestId('chart-swipe-area');
    fireEvent.touchStart(area, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchMove(area, { touches: [{ clientX: 120, clientY: 100 }] });
    fireEvent.touchEnd(area, { touches: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.usage.href(id, thisWeek, day + 1)));
  });

  it('says when the day has no data, and shows No data in an hour without data', async () => {
    stubUsage({ daysWithData: (index) => index !== 1, hoursWithData: (_, hour) => hour < 20 });
    const first = await renderTracker(paths.usage.href(id, pastWeek, 1));
    expect((await screen.findByTestId('no-data')).textContent).toBe(messages.dayNoData);
    // The arrows stay, so the customer can move on.
    expect(screen.getByRole('link', { name: trackerCopy.previousDay })).toBeTruthy();
    first.unmount();

    await renderTracker(paths.usage.href(id, pastWeek, 2));
    const buttons = await columnButtons();
    expect(within(buttons[21] as HTMLElement).getByText(messages.columnNoData)).toBeTruthy();
    expect(within(buttons[19] as HTMLElement).queryByText(messages.columnNoData)).toBeNull();
  });

  it('goes to the previous or next day on a swipe', async () => {
    stubUsage();
    const { router } = await renderTracker(paths.usage.href(id, pastWeek, 3));
    await toolbar();
    const area = screen.getByTestId('chart-swipe-area');
    fireEvent.touchStart(area, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchMove(area, { touches: [{ clientX: 120, clientY: 100 }] });
    fireEvent.touchEnd(area, { touches: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.usage.href(id, pastWeek, 4)));
  });

  it('marks the free hours of Happy Hours, in the chart, the names, the legend and the table (issue 26 item 9)', async () => {
    stubUsage({ freeHours: (_, hour) => hour === 11 || hour === 12 });
    await renderTracker(paths.usage.href(id, pastWeek, 1));
    const buttons = await columnButtons();
    // 11:00 used energy at no charge: $0.00 with the mark, and what it saved in its name.
    expect(within(buttons[11] as HTMLElement).getByText(trackerCopy.freeMark)).toBeTruthy();
    expect(buttons[11]?.getAttribute('aria-label')).toBe(
      '11:00: $0.00 Free, VIEW WEEK (Happy Hours saved $0.21)',
    );
    expect(buttons[12]?.getAttribute('aria-label')).toContain(
      '$0.00 Free, VIEW WEEK (Happy Hours saved $0.22)',
    );
    for (const index of [10, 13]) {
      expect(within(buttons[index] as HTMLElement).queryByText(trackerCopy.freeMark)).toBeNull();
    }
    const legend = screen.getByText(trackerLegend.free.meaning);
    expect(legend.previousSibling?.textContent).toBe('Free');
    const table = chartTable();
    const usageCells = within(table)
      .getAllByRole('row', { hidden: true })
      .slice(1)
      .map((row) => row.children[1]?.textContent);
    expect(usageCells.slice(10, 14)).toEqual(['$0.20', '$0.00 Free', '$0.00 Free', '$0.23']);
    // In kWh the free hours keep their mark: energy was used.
    await userEvent.click(screen.getByRole('radio', { name: trackerCopy.unitKwh }));
    expect((await columnButtons())[11]?.getAttribute('aria-label')).toBe(
      '11:00: 0.63 kWh Free, VIEW WEEK (Happy Hours saved $0.21)',
    );
  });

  it('shows where the day’s money goes, adding up to the day’s spend (issue 28 item 1)', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek, 2));
    const card = await screen.findByTestId('money-parts');
    expect(within(card).getByRole('heading', { name: trackerCopy.moneyPartsTitle })).toBeTruthy();
    expect(within(card).getByRole('rowheader', { name: 'Evening (6 pm to midnight)' })).toBeTruthy();
    expect(within(card).getByTestId('money-parts-total').textContent).toBe('$7.10');
  });

  it('shows the day insights and records a day_view visit', async () => {
    const fetchMock = stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek, 2));
    expect((await screen.findByTestId('day-spend')).textContent).toBe('$7.10');
    expect(screen.getByText('You spent $0.42 more than usual in the evening.')).toBeTruthy();
    await waitFor(() => expect(fetchMock.calls('/api/web_interactions')).toHaveLength(1));
    expect(JSON.parse(String(fetchMock.calls('/api/web_interactions')[0]?.[1]?.body)).page_name).toBe(
      'day_view',
    );
  });
});

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

describe('budget form (docs/rules.md#validation, docs/api.md#errors)', () => {
  async function renderBudget(fetchMock = stubUsage()) {
    await renderTracker(paths.usage.href(id, pastWeek));
    const input = (await screen.findByLabelText(trackerCopy.budgetLabel)) as HTMLInputElement;
    return { input, fetchMock };
  }

  it('is a whole-dollar number input from 0 to 99 prefixed with $', async () => {
    const { input } = await renderBudget();
    expect(input.type).toBe('number');
    expect([input.min, input.max, input.step]).toEqual(['0', '99', '1']);
    expect(input.value).toBe('40');
    expect(input.parentElement?.textContent).toContain('$');
    expect(screen.getByTestId('budget-status').textContent).toBe(trackerCopy.budgetOn);
  });

  it('lets the customer delete the budget and type another: 40, cleared, 25 saves $25 and shows 25', async () => {
    const fetchMock = stubUsage();
    const { input } = await renderBudget(fetchMock);
    await userEvent.clear(input);
    expect(input.value).toBe('');
    await userEvent.type(input, '25');
    expect(input.value).toBe('25');
    await userEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    await waitFor(() => expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(1));
    expect(JSON.parse(String(fetchMock.calls('/api/settings/spend_target')[0]?.[1]?.body))).toEqual({
      spend_target: 25,
    });
    await screen.findByText(formatMessage(messages.budgetUpdated, { amount: 25 }));
    expect(input.value).toBe('25');
  });

  it("reverts to the saved budget when left empty or '-', strips a leading minus, coerces the rest", async () => {
    const fetchMock = stubUsage();
    const { input } = await renderBudget(fetchMock);
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
    fireEvent.blur(input);
    expect(input.value).toBe('40');
    fireEvent.change(input, { target: { value: '-15' } });
    expect(input.value).toBe('15');
    fireEvent.change(input, { target: { value: '007' } });
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    await waitFor(() => expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(1));
    expect(JSON.parse(String(fetchMock.calls('/api/settings/spend_target')[0]?.[1]?.body))).toEqual({
      spend_target: 7,
    });
    await screen.findByText('Budget updated to $7 per week.');
    // The field shows what was saved.
    expect(input.value).toBe('7');
  });

  it.each([
    ['', 'empty'],
    ['-', 'a minus alone'],
    ['abc', 'letters (the number field holds nothing)'],
    ['e', 'an exponent alone'],
    ['40', 'the saved budget typed again'],
  ])(
    'saves nothing for %j (%s) and says the budget is already that, not "updated" (issue 26 item 14)',
    async (typed) => {
      const fetchMock = stubUsage();
      const { input } = await renderBudget(fetchMock);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
      const notice = await screen.findByText(formatMessage(budgetNotices.unchanged, { amount: 40 }));
      expect(notice.closest('[data-kind]')?.getAttribute('data-kind')).toBe('info');
      expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(0);
      expect(screen.queryByText(/Budget updated/)).toBeNull();
      expect(input.value).toBe('40');
    },
  );

  it.each([
    ['150', 'above 99'],
    ['4025', 'typed after the old budget'],
    ['7.6', 'not whole dollars'],
    ['100', 'just above the range'],
  ])(
    'never saves %s (%s) as another budget: no message, Save off, the field as typed and marked',
    async (typed) => {
      const fetchMock = stubUsage();
      const { input } = await renderBudget(fetchMock);
      fireEvent.change(input, { target: { value: typed } });
      expect(input.value).toBe(typed);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByRole('alert')).toBeNull();
      const save = screen.getByRole('button', { name: trackerCopy.budgetSave }) as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      fireEvent.submit(input.closest('form') as HTMLFormElement);
      expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(0);
      expect(input.value).toBe(typed);
      // Back in range, it saves.
      fireEvent.change(input, { target: { value: '99' } });
      expect(input.getAttribute('aria-invalid')).toBeNull();
      fireEvent.click(save);
      await screen.findByText(formatMessage(messages.budgetUpdated, { amount: 99 }));
      expect(input.value).toBe('99');
    },
  );

  it('is on above 0 and off at 0', async () => {
    const { input } = await renderBudget();
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByTestId('budget-status').textContent).toBe(trackerCopy.budgetOff);
    fireEvent.change(input, { target: { value: '1' } });
    expect(screen.getByTestId('budget-status').textContent).toBe(trackerCopy.budgetOn);
  });

  it('saves nothing when the field is cleared and left for Save (blur reverts it first)', async () => {
    const fetchMock = stubUsage();
    const { input } = await renderBudget(fetchMock);
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    await screen.findByText(formatMessage(budgetNotices.unchanged, { amount: 40 }));
    expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(0);
    expect(input.value).toBe('40');
  });

  it('says the budget was updated, clears all local storage and refetches the week', async () => {
    const fetchMock = stubUsage();
    const { input } = await renderBudget(fetchMock);
    await toolbar();
    localStorage.setItem('another-entry', 'x');
    expect(usageRequests(fetchMock)).toHaveLength(1);
    fireEvent.change(input, { target: { value: '55' } });
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));

    const alert = await screen.findByText('Budget updated to $55 per week.');
    expect(alert.closest('[data-kind]')?.getAttribute('data-kind')).toBe('success');
    expect(JSON.parse(String(fetchMock.calls('/api/settings/spend_target')[0]?.[1]?.body))).toEqual({
      spend_target: 55,
    });
    await waitFor(() => expect(usageRequests(fetchMock)).toHaveLength(2));
    expect(localStorage.getItem('another-entry')).toBeNull();
  });

  it('says the budget was disabled at 0, as an error-styled alert', async () => {
    const { input } = await renderBudget();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.budgetDisabled);
    expect(alert.closest('[data-kind]')?.getAttribute('data-kind')).toBe('error');
  });

  it('says when saving failed, and keeps the browser cache', async () => {
    const fetchMock = trackerFetch({ spendTarget: () => apiError(500, 'INTERNAL', 'x') });
    vi.stubGlobal('fetch', fetchMock);
    const { input } = await renderBudget(fetchMock);
    await toolbar();
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.budgetSaveError);
    expect(alert.closest('[data-kind]')?.getAttribute('data-kind')).toBe('warning');
    expect(localStorage.getItem(usageCacheKey(id, pastWeek))).not.toBeNull();
  });
});

describe('hints (docs/screens.md, docs/rules.md#limits)', () => {
  it('shows both hint texts until the cookie records that they were viewed, once they were in view', async () => {
    const view = stubIntersectionObserver();
    stubUsage();
    const first = await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    const hint = screen.getByTestId('tracker-hint');
    expect(hint.textContent).toContain(messages.hintInteractive);
    expect(hint.textContent).toContain(messages.hintClickColumn);
    // On screen but below the fold (a phone): not viewed yet, so no cookie.
    view.show(hint, 0);
    expect(Cookies.get(TRACKER_HINT_COOKIE)).toBeUndefined();
    view.show(hint, 0.4);
    expect(Cookies.get(TRACKER_HINT_COOKIE)).toBeUndefined();
    // Scrolled into view: viewed; the cookie is set, and the hint stays for this visit.
    view.show(hint, 1);
    expect(Cookies.get(TRACKER_HINT_COOKIE)).toBe('true');
    expect(screen.getByTestId('tracker-hint')).toBeTruthy();
    first.unmount();

    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(screen.queryByTestId('tracker-hint')).toBeNull();
  });

  it('does not use the hint up when it was never in view: it shows again on the next visit', async () => {
    stubIntersectionObserver();
    stubUsage();
    const first = await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(screen.getByTestId('tracker-hint')).toBeTruthy();
    first.unmount();
    expect(Cookies.get(TRACKER_HINT_COOKIE)).toBeUndefined();
    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    expect(screen.getByTestId('tracker-hint')).toBeTruthy();
  });

  it('hides the hint when dismissed', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    await toolbar();
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.hintDismiss }));
    expect(screen.queryByTestId('tracker-hint')).toBeNull();
    expect(Cookies.get(TRACKER_HINT_COOKIE)).toBe('true');
  });

  it('does not set the cookie when there is no chart to explain', async () => {
    stubUsage({ daysWithData: () => false });
    await renderTracker(paths.usage.href(id, pastWeek));
    await screen.findByTestId('no-data');
    expect(screen.queryByTestId('tracker-hint')).toBeNull();
    expect(Cookies.get(TRACKER_HINT_COOKIE)).toBeUndefined();
  });
});

describe('survey prompt (docs/rules.md#validation)', () => {
  it('shows on the current week when the click count is 2, 5, 8, ... and the survey is not done', async () => {
    stubUsage({ customer: { email_click_count: 5 } });
    await renderTracker(paths.usage.href(id));
    const link = within(await screen.findByTestId('survey-prompt')).getByRole('link', {
      name: trackerCopy.surveyLink,
    });
    expect(link.getAttribute('href')).toBe(paths.survey.href(id));
  });

  it('carries the from segment, and sends small businesses to their survey', async () => {
    stubUsage({ customer: { email_click_count: 2, market_segment: 'sme' } });
    await renderTracker(paths.usage.href('demo-business', thisWeek));
    const link = within(await screen.findByTestId('survey-prompt')).getByRole('link');
    expect(link.getAttribute('href')).toBe(paths.smeSurvey.href('demo-business', thisWeek));
  });

  it.each([
    ['another click count', { email_click_count: 3 }, thisWeek],
    ['a completed survey', { email_click_count: 2, completed_survey: true }, thisWeek],
    ['a past week', { email_click_count: 2 }, pastWeek],
  ])('is not shown for %s', async (_, customer, from) => {
    stubUsage({ customer });
    await renderTracker(paths.usage.href(id, from));
    await screen.findByRole('heading', { name: trackerCopy.budgetTitle });
    expect(screen.queryByTestId('survey-prompt')).toBeNull();
  });
});

describe('overview panel', () => {
  it('shows the spend against the budget, the average and trend, the highest day and the projection', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    const overview = await screen.findByRole('region', { name: trackerCopy.overviewTitle });
    expect(within(overview).getByTestId('week-spend').textContent).toBe('$56.70');
    expect(overview.textContent).toContain('$56.70 of your $40 weekly budget');
    expect(overview.textContent).toContain('$16.70 over budget');
    expect(within(overview).getByTestId('trend').textContent).toContain('25% more than your weekly average');
    expect(overview.textContent).toContain('$38.50');
    expect(overview.textContent).toContain(formatLongDate(addDays(pastWeek, 6)));
    const forecast = within(overview).getByTestId('forecast');
    expect(forecast.textContent).toContain('$512.40');
    expect(forecast.textContent).toContain('1 October 2026 to 31 December 2026');
    expect(forecast.textContent).toContain('$310.25 spent so far');
    expect(forecast.textContent).toContain(
      "Based on your last 5 weeks, adjusted for last year's seasonal change",
    );
    expect(forecast.textContent).toContain('a projection only and no substitute for your actual bill');
    expect(forecast.textContent).toContain('credits, forward balances and special meter read fees');
    // Not a solar account.
    expect(overview.textContent).not.toContain(trackerCopy.solarCredit);
  });

  it("says what this week's spend so far is compared with: the average's share for the days with data", async () => {
    stubUsage({
      daysWithData: (index) => index < 2,
      trend: { up: true, down: false, stable: false, value_to_times: 1.09 },
      trendBasis: { spend: 11, days: 2 },
      nextWeek: { from: null, has_data: false },
    });
    await renderTracker(paths.usage.href(id, thisWeek));
    const overview = await screen.findByRole('region', { name: trackerCopy.overviewTitle });
    expect(within(overview).getByText(trackerCopy.spendThisWeek)).toBeTruthy();
    expect(within(overview).getByTestId('trend').textContent).toBe(
      '▲ 9% more than $11.00, your weekly average for 2 of 7 days',
    );
    // A whole week is compared with the weekly average itself.
    cleanup();
    stubUsage({ trend: { up: false, down: true, stable: false, value_to_times: 0.8 } });
    await renderTracker(paths.usage.href(id, pastWeek));
    expect((await screen.findByTestId('trend')).textContent).toBe('▼ 20% less than your weekly average');
  });

  it('marks "About the same" with a sign unlike the table’s disclosure triangle (issue 26 item 14)', async () => {
    stubUsage({ trend: { up: false, down: false, stable: true, value_to_times: 1.02 } });
    await renderTracker(paths.usage.href(id, pastWeek));
    const trend = (await screen.findByTestId('trend')).textContent ?? '';
    expect(trend).toBe('≈ About the same as your weekly average');
    // No triangle pointing right, the shape of a closed <details> marker, in any direction's sign.
    expect(trend).not.toMatch(/[▶▸►▷▹⯈]/u);
  });

  it('says when there is not enough data to project', async () => {
    stubUsage({ projectedTotal: null });
    await renderTracker(paths.usage.href(id, pastWeek));
    const forecast = await screen.findByTestId('forecast');
    expect(forecast.textContent).not.toContain(trackerCopy.forecastProjection);
  });

  it('shows the solar credit and curtailment, rounded, and welcomes a new Solar Advantage customer once', async () => {
    const curtailment = {
      cumulative_hours_curtailed: 3.26,
      cumulative_kwh_curtailed: 4.125,
      cumulative_benefit: 1.86,
      applicable: true,
      welcome_banner: false,
    };
    const fetchMock = stubUsage({ hasSolar: true, curtailment });
    await renderTracker(paths.usage.href('demo-solar', pastWeek));
    const overview = await screen.findByRole('region', { name: trackerCopy.overviewTitle });
    expect(overview.textContent).toContain('$7.00');
    expect(overview.textContent).toContain('For 87.50 kWh fed into the grid');
    expect(within(overview).getByTestId('curtailment').textContent).toBe(
      '3.5 hours of limited export (4.13 kWh), earning you $1.86 so far',
    );
    expect(within(overview).getByTestId('solar-advantage-welcome')).toBeTruthy();
    await waitFor(() => expect(fetchMock.calls('/api/tracker/solar_welcome')).toHaveLength(1));
    expect(String(fetchMock.calls('/api/tracker/solar_welcome')[0]?.[0])).toBe(
      '/api/tracker/solar_welcome?account_id=demo-solar',
    );
    // Recorded in the browser copy too, so a reload within the hour does not welcome again.
    await waitFor(() =>
      expect(
        JSON.parse(localStorage.getItem(usageCacheKey('demo-solar', pastWeek)) ?? '{}').data.current_week
          .insights.solar_curtailment.welcome_banner,
      ).toBe(true),
    );
  });

  it('does not welcome a customer who has seen the welcome', async () => {
    const fetchMock = stubUsage({
      hasSolar: true,
      curtailment: {
        cumulative_hours_curtailed: 1,
        cumulative_kwh_curtailed: 1,
        cumulative_benefit: 1,
        applicable: true,
        welcome_banner: true,
      },
    });
    await renderTracker(paths.usage.href('demo-solar', pastWeek));
    await screen.findByTestId('curtailment');
    expect(screen.queryByTestId('solar-advantage-welcome')).toBeNull();
    expect(fetchMock.calls('/api/tracker/solar_welcome')).toHaveLength(0);
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
