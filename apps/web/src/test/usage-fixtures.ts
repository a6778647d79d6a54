/**
 * Usage responses for tests, built to the server's contract and checked against `usageResponseSchema`, so
 * a test can never pass on a shape the server would not send. Here rather than in the Tracker's folder because
 * the shared usage cache and the app's composition tests use them too.
 */
import {
  addDays,
  type ColumnData,
  type Customer,
  dayOfWeek,
  MONTH_NAMES,
  type MoneyParts,
  marketToday,
  type QuarterComparison,
  quarterComparisonSchema,
  type SimilarHomes,
  type SolarCurtailment,
  similarHomesSchema,
  type UsageResponse,
  usageResponseSchema,
  WEEKDAY_NAMES,
  weekStart,
} from '@portal/contracts';
import { vi } from 'vitest';

function timePoint(date: string, time: string) {
  return {
    day: WEEKDAY_NAMES[dayOfWeek(date)] as string,
    date: Number(date.slice(8, 10)),
    month: MONTH_NAMES[Number(date.slice(5, 7)) - 1] as string,
    yyyymmdd: date.replaceAll('-', ''),
    time,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

export const emptyData: ColumnData = {
  total_spend: null,
  grid_spend: null,
  service_charge: null,
  solar_input: null,
  solar_kwh: null,
  concession: null,
  usage_kwh: null,
  average_spend: null,
};

/** A day's numbers: grid 4 + index, supply 1.1, average 5, and solar 1 when the account has solar. */
export function dayData(index: number, solar: boolean): ColumnData {
  const grid = 4 + index;
  const service = 1.1;
  const solarInput = solar ? 1 : 0;
  return {
    total_spend: round(grid + service - solarInput),
    grid_spend: grid,
    service_charge: service,
    solar_input: solar ? solarInput : 0,
    solar_kwh: solar ? 12.5 : 0,
    concession: 0,
    usage_kwh: round(grid * 3.2),
    average_spend: 5,
  };
}

/**
 * Where a day's money goes, adding up to `dayData`'s total: always-on $1.50, night, morning and afternoon
 * $0.50 each, evening $1 + index, supply $1.10, less a $1 solar credit with solar.
 */
export function dayMoneyParts(index: number, solar: boolean): MoneyParts {
  const usage = (period: string, spend: number, kwh: number) => ({
    part: 'usage' as const,
    period,
    spend,
    usage_kwh: kwh,
  });
  return {
    parts: [
      { part: 'always_on', period: null, spend: 1.5, usage_kwh: 4.8 },
      usage('night', 0.5, 1.6),
      usage('morning', 0.5, 1.6),
      usage('afternoon', 0.5, 1.6),
      usage('evening', 1 + index, round((1 + index) * 3.2)),
      { part: 'supply', period: null, spend: 1.1, usage_kwh: null },
      ...(solar ? [{ part: 'solar_credit' as const, period: null, spend: -1, usage_kwh: null }] : []),
    ],
    always_on_days: 1,
  };
}

/** Parts of several days summed part by part, in whole cents, as the server sums a week's. */
export function sumMoneyParts(days: readonly MoneyParts[]): MoneyParts | null {
  if (days.length === 0) return null;
  const byKey = new Map<string, MoneyParts['parts'][number]>();
  for (const day of days) {
    for (const part of day.parts) {
      const key = `${part.part}:${part.period}`;
      const found = byKey.get(key);
      if (!found) byKey.set(key, { ...part });
      else {
        found.spend = round(found.spend + part.spend);
        found.usage_kwh = found.usage_kwh === null ? null : round(found.usage_kwh + (part.usage_kwh ?? 0));
      }
    }
  }
  return {
    parts: [...byKey.values()],
    always_on_days: days.reduce((sum, day) => sum + day.always_on_days, 0),
  };
}

/** An hour's numbers: grid 0.1 + hour / 100, average 0.2. */
export function hourData(hour: number, solar: boolean): ColumnData {
  const grid = round(0.1 + hour / 100);
  const solarInput = solar && hour >= 9 && hour <= 15 ? 0.05 : 0;
  return {
    total_spend: round(grid - solarInput),
    grid_spend: grid,
    service_charge: 0,
    solar_input: solarInput,
    solar_kwh: solarInput * 20,
    concession: 0,
    usage_kwh: round(grid * 3),
    average_spend: 0.2,
  };
}

export interface UsageFixtureOptions {
  from?: string;
  budget?: number;
  hasSolar?: boolean;
  customer?: Partial<Customer>;
  previousWeek?: UsageResponse['previous_week'];
  nextWeek?: UsageResponse['next_week'];
  /** Which days have data (all by default); a day without data has no hourly data either. */
  daysWithData?: (index: number) => boolean;
  /** Which hours have data on a day with data (all by default). */
  hoursWithData?: (day: number, hour: number) => boolean;
  estimated?: (day: number) => number;
  /** Hours free with Happy Hours (no usage charge; the hour says what it saved). */
  freeHours?: (day: number, hour: number) => boolean;
  curtailment?: SolarCurtailment | null;
  trend?: UsageResponse['current_week']['insights']['trend'];
  trendBasis?: UsageResponse['current_week']['insights']['trend_basis'];
  projectedTotal?: number | null;
}

export function makeUsage(options: UsageFixtureOptions = {}): UsageResponse {
  const from = options.from ?? addDays(weekStart(marketToday()), -14);
  const solar = options.hasSolar ?? false;
  const daysWithData = options.daysWithData ?? (() => true);
  const hoursWithData = options.hoursWithData ?? (() => true);
  const days = Array.from({ length: 7 }, (_, index) => {
    const date = addDays(from, index);
    const hasData = daysWithData(index);
    return {
      interval_range: { starts_at: timePoint(date, '00:00'), ends_at: timePoint(date, '23:59') },
      metadata: solar ? { has_solar: true } : {},
      data: hasData ? dayData(index, solar) : { ...emptyData, average_spend: 5 },
      estimated_share: hasData ? (options.estimated?.(index) ?? 0) : 0,
      insights: hasData
        ? {
            trend: { up: index % 2 === 0, down: false, stable: index % 2 === 1, value_to_times: 1.2 },
            diversion: {
              trend: 'more' as const,
              value: 0.42,
              value_to_times: 1.3,
              period: 'evening' as const,
            },
          }
        : { trend: null, diversion: null },
      money_parts: hasData ? dayMoneyParts(index, solar) : null,
      intervals: Array.from({ length: 24 }, (_, hour) => {
        const time = `${String(hour).padStart(2, '0')}:00`;
        const hourHasData = hasData && hoursWithData(index, hour);
        const free = hourHasData && (options.freeHours?.(index, hour) ?? false);
        const data = hourHasData ? hourData(hour, solar) : emptyData;
        return {
          interval_range: {
            starts_at: timePoint(date, time),
            ends_at: timePoint(date, `${String(hour).padStart(2, '0')}:59`),
          },
          metadata: solar ? { has_solar: true } : {},
          data: free
            ? {
                ...data,
                grid_spend: 0,
                total_spend: round(0 - (data.solar_input ?? 0)),
              }
            : data,
          estimated_share: 0,
          ...(free ? { happy_hours_saving: data.grid_spend ?? 0 } : {}),
          insights: {},
        };
      }),
    };
  });
  const totals = days.map((day) => day.data.total_spend).filter((value): value is number => value !== null);
  const total = totals.length ? round(totals.reduce((sum, value) => sum + value, 0)) : null;
  const maxIndex = totals.length ? days.findIndex((day) => day.data.total_spend === Math.max(...totals)) : -1;

  return usageResponseSchema.parse({
    customer: {
      budget: options.budget ?? 40,
      no_email: false,
      email_click_count: 0,
      completed_survey: false,
      market_segment: 'residential',
      ...options.customer,
    },
    metadata: { has_solar: solar },
    previous_week: options.previousWeek ?? { from: addDays(from, -7), has_data: true },
    next_week: options.nextWeek ?? { from: addDays(from, 7), has_data: true },
    current_week: {
      interval_range: {
        starts_at: timePoint(from, '00:00'),
        ends_at: timePoint(addDays(from, 6), '23:59'),
      },
      insights: {
        max_spend: maxIndex >= 0 ? { day: addDays(from, maxIndex), value: totals[maxIndex] ?? 0 } : null,
        weekly_average_spend: total === null ? null : 38.5,
        trend:
          options.trend !== undefined
            ? options.trend
            : total === null
              ? null
              : { up: true, down: false, stable: false, value_to_times: 1.25 },
        trend_basis:
          options.trendBasis !== undefined
            ? options.trendBasis
            : total === null
              ? null
              : { spend: 38.5, days: 7 },
        solar_export: solar ? 7 : null,
        solar_export_kwh: solar ? 87.5 : null,
        solar_curtailment: options.curtailment ?? null,
        total_spend: total,
        usage_kwh: total === null ? null : 120.4,
        money_parts: sumMoneyParts(days.flatMap((day) => (day.money_parts ? [day.money_parts] : []))),
      },
      intervals: days,
    },
    forecast: {
      quarter_start: '2026-10-01',
      quarter_end: '2026-12-31',
      spend_to_date: 310.25,
      projected_total: options.projectedTotal === undefined ? 512.4 : options.projectedTotal,
      days_with_data: 50,
      days_projected: 42,
      method: "Based on your last 5 weeks, adjusted for last year's seasonal change",
    },
  });
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message } }, status);

/** This quarter against last year (issue 28 item 2): $9.20 more, in days, usage and prices. */
export function makeQuarterComparison(overrides: Partial<QuarterComparison> = {}): QuarterComparison {
  return quarterComparisonSchema.parse({
    quarter_start: '2026-10-01',
    quarter_end: '2026-12-31',
    this_year: { from: '2026-10-01', to: '2026-10-20', total: 79.2, days_with_data: 18, days: 20 },
    same_dates_last_year: { from: '2025-10-01', to: '2025-10-20', total: 70, days_with_data: 20, days: 20 },
    last_year_quarter: { from: '2025-10-01', to: '2025-12-31', total: 322, days_with_data: 92, days: 92 },
    projected_total: 401.5,
    enough_data: true,
    difference: 9.2,
    parts: [
      { part: 'days', amount: -2 },
      { part: 'usage', amount: -0.5 },
      { part: 'prices', amount: 11.7 },
    ],
    method: ['Days: how it is worked out.'],
    ...overrides,
  });
}

/** Similar homes (issue 28 item 3): compared with 20 homes, Great. */
export function makeSimilarHomes(overrides: Partial<SimilarHomes> = {}): SimilarHomes {
  return similarHomesSchema.parse({
    status: 'compared',
    period_from: '2026-10-26',
    period_to: '2026-11-22',
    own_kwh_per_day: 4,
    median_kwh_per_day: 10.5,
    efficient_kwh_per_day: 4.8,
    homes: 20,
    rating: 'great',
    survey_path: null,
    computed_at: '2026-11-23T01:00:00.000Z',
    ...overrides,
  });
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * A fetch stub for the Tracker's calls: `usage(url)` answers GET /api/tracker/usage (by default the week
 * asked for, from `makeUsage`), `spendTarget` the budget save (204 by default); everything else (visit
 * records, the solar welcome) answers 204. Inspect `.mock.calls`, or `calls(path)`.
 */
export function trackerFetch({
  usage = (url) => json(makeUsage({ from: url.searchParams.get('from') ?? undefined })),
  spendTarget = () => new Response(null, { status: 204 }),
  quarterComparison = () => json(makeQuarterComparison()),
  similarHomes = () => json(makeSimilarHomes()),
}: {
  usage?: Handler;
  spendTarget?: Handler;
  quarterComparison?: Handler;
  similarHomes?: Handler;
} = {}) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/tracker/usage') return usage(url, init);
    if (url.pathname === '/api/settings/spend_target') return spendTarget(url, init);
    if (url.pathname === '/api/tracker/quarter_comparison') return quarterComparison(url, init);
    if (url.pathname === '/api/tracker/similar_homes') return similarHomes(url, init);
    return new Response(null, { status: 204 });
  });
  const calls = (pathname: string) =>
    mock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === pathname);
  return Object.assign(mock, { calls });
}
