/** The Tracker page: the hints, the survey prompt and the overview panel. */
import { addDays, messages, paths, TRACKER_HINT_COOKIE, trackerCopy } from '@portal/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { usageCacheKey } from '../../../shared/api/usage-cache.ts';
import { formatLongDate } from '../../../shared/lib/dates.ts';
import {
  id,
  pastWeek,
  renderTracker,
  resetTrackerState,
  stubIntersectionObserver,
  stubUsage,
  thisWeek,
  toolbar,
} from '../../../test/tracker-page.tsx';

beforeEach(resetTrackerState);

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
