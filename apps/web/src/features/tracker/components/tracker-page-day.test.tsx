/** The Tracker page: the day view. */
import {
  addDays,
  dayOfWeek,
  marketToday,
  messages,
  paths,
  trackerCopy,
  trackerLegend,
} from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatLongDate } from '../../../shared/lib/dates.ts';
import {
  chartTable,
  columnButtons,
  id,
  pastWeek,
  renderTracker,
  resetTrackerState,
  stubUsage,
  thisWeek,
  toolbar,
} from '../../../test/tracker-page.tsx';

beforeEach(resetTrackerState);

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
