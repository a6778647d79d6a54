/** The Tracker page: the week view and its columns' names. */
import {
  addDays,
  formatMessage,
  messages,
  paths,
  quarterCopy,
  similarHomesCopy,
  trackerCopy,
} from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate } from '../../../shared/lib/dates.ts';
import {
  chartTable,
  columnButtons,
  curated,
  id,
  pastWeek,
  renderTracker,
  resetTrackerState,
  shortDate,
  stubUsage,
  toolbar,
  usageRequests,
} from '../../../test/tracker-page.tsx';
import {
  json,
  makeQuarterComparison,
  makeSimilarHomes,
  trackerFetch,
  type UsageFixtureOptions,
} from '../../../test/usage-fixtures.ts';
import { formatWeekRange } from '../lib/dates.ts';

beforeEach(resetTrackerState);

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

  it('shows this quarter against last year in the week’s last section, its parts adding up (issue 28 item 2)', async () => {
    stubUsage();
    await renderTracker(paths.usage.href(id, pastWeek));
    const card = await screen.findByTestId('quarter-comparison');
    // Last on the screen, not in the overview above the chart: its arrival moves nothing painted (issue 32).
    expect(screen.getByRole('region', { name: trackerCopy.insightsTitle }).contains(card)).toBe(true);
    expect(screen.getByRole('region', { name: trackerCopy.overviewTitle }).contains(card)).toBe(false);
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
