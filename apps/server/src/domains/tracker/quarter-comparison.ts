/**
 * This quarter against the same quarter last year (issue 28 item 2, docs/tracker-figures.md#this-quarter-against-last-year):
 * this billing quarter so far against the same dates a year earlier, and the difference split into days,
 * usage, prices, solar credit, Happy Hours and concessions, parts that add up to it as shown. Pure: the caller
 * reads the priced days.
 *
 * Totals are exact sums of the days' totals shown in dollars, as the quarterly forecast's spend to date is
 * (billing/forecast.ts), so "this quarter so far" here and "spent so far" beside it are the same figure. The
 * parts are exact money apportioned to the shown difference by the largest remainder method.
 */
import {
  addDays,
  daysBetween,
  formatMessage,
  QUARTER_COMPARE_MIN_COVERAGE,
  QUARTER_COMPARE_MIN_DAYS,
  type QuarterChangePart,
  type QuarterComparison,
  quarterChangeParts,
  quarterCopy,
} from '@portal/contracts';
import { billingQuarter, type DateRange } from '../billing/forecast.ts';
import { ATTOCENTS_PER_CENT, divideRounded, type Money, sumMoney, toDollars } from '../billing/money.ts';
import type { DaySpend } from '../billing/spend.ts';
import { apportionCents } from './week.ts';

/** A priced day as the comparison reads it: its spend and the usage charges Happy Hours waived per hour. */
export interface ComparedDay {
  spend: DaySpend;
  waived: readonly Money[] | null;
}

/** The sums of a period's days with data, exact. */
export interface PeriodSums {
  days: number;
  total: Money;
  /** Usage charges as charged (after Happy Hours). */
  grid: Money;
  /** Usage charges Happy Hours waived. */
  waived: Money;
  supply: Money;
  solar: Money;
  concession: Money;
  usageMicroKwh: number;
}

export function periodSums(days: Iterable<ComparedDay>): PeriodSums {
  const sums: PeriodSums = {
    days: 0,
    total: 0n,
    grid: 0n,
    waived: 0n,
    supply: 0n,
    solar: 0n,
    concession: 0n,
    usageMicroKwh: 0,
  };
  for (const { spend, waived } of days) {
    sums.days++;
    sums.total += spend.totalSpend;
    sums.grid += spend.gridSpend;
    sums.waived += waived ? sumMoney(waived) : 0n;
    sums.supply += spend.serviceCharge;
    sums.solar += spend.solarInput;
    sums.concession += spend.concession;
    sums.usageMicroKwh += spend.usageMicroKwh;
  }
  return sums;
}

/**
 * The change from `last` to `now` in exact parts that add up to `now.total - last.total`:
 * - days: the difference in days with data times last year's mean daily supply;
 * - usage: the change in kWh times last year's mean price per kWh (its usage charges before Happy Hours over
 *   its kWh);
 * - prices: the usage charges before Happy Hours less this year's kWh at last year's mean price, and the supply
 *   change the days do not explain;
 * - solar, happy_hours, concessions: the change in each credit, negative when the credit grew.
 */
export function quarterChange(now: PeriodSums, last: PeriodSums): Record<QuarterChangePart, Money> {
  const days =
    last.days === 0 ? 0n : divideRounded(BigInt(now.days - last.days) * last.supply, BigInt(last.days));
  const fullNow = now.grid + now.waived;
  const fullLast = last.grid + last.waived;
  const usage =
    last.usageMicroKwh === 0
      ? 0n
      : divideRounded(BigInt(now.usageMicroKwh - last.usageMicroKwh) * fullLast, BigInt(last.usageMicroKwh));
  return {
    days,
    usage,
    prices: fullNow - fullLast - usage + (now.supply - last.supply - days),
    solar: -(now.solar - last.solar),
    happy_hours: -(now.waived - last.waived),
    concessions: -(now.concession - last.concession),
  };
}

const floorToCent = (value: Money): Money => {
  const remainder = value % ATTOCENTS_PER_CENT;
  return value - remainder - (remainder < 0n ? ATTOCENTS_PER_CENT : 0n);
};

/**
 * Whole-cent parts adding up to `total` exactly: `apportionCents` when the total is a rounding of their sum
 * (always, but for two totals that both sit on half a cent of opposite signs); otherwise the floors with the
 * cents left over on the largest part.
 */
export function apportionToTotal(parts: readonly Money[], total: Money): Money[] {
  const floors = parts.map(floorToCent);
  const missing = (total - sumMoney(floors)) / ATTOCENTS_PER_CENT;
  const withRemainder = parts.filter((part, index) => part !== floors[index]).length;
  if (missing >= 0n && missing <= BigInt(withRemainder)) return apportionCents(parts, total);
  let largest = 0;
  parts.forEach((part, index) => {
    const abs = (value: Money) => (value < 0n ? -value : value);
    if (abs(part) > abs(parts[largest] ?? 0n)) largest = index;
  });
  floors[largest] = (floors[largest] as Money) + missing * ATTOCENTS_PER_CENT;
  return floors;
}

/** The same market date a year earlier (29 February becomes the 28th). */
export function sameDateLastYear(date: string): string {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0');
  const candidate = `${year}${date.slice(4)}`;
  return date.slice(5) === '02-29' ? `${year}-02-28` : candidate;
}

export interface QuarterComparisonInput {
  today: string;
  /** The account's supply period (decision 0034); null ends unbounded. */
  supply: { from: string | null; to: string | null };
  /** The account's priced days, by date: this quarter so far and last year's quarter (others are ignored). */
  days: ReadonlyMap<string, ComparedDay>;
  /** The forecast's projected total in dollars, or null. */
  projectedTotal: number | null;
}

/** The days to read: last year's whole quarter (which holds the same dates) and this quarter so far. */
export function comparisonReadRanges(today: string): [DateRange, DateRange] {
  const quarter = billingQuarter(today);
  const lastYear = billingQuarter(sameDateLastYear(quarter.start));
  return [
    { from: lastYear.start, to: lastYear.end },
    { from: quarter.start, to: addDays(today, -1) },
  ];
}

function daysIn(days: ReadonlyMap<string, ComparedDay>, from: string, to: string): ComparedDay[] {
  const found: ComparedDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = days.get(date);
    if (day) found.push(day);
  }
  return found;
}

const calendarDays = (from: string, to: string) => (to < from ? 0 : daysBetween(from, to) + 1);

export function compareQuarter(input: QuarterComparisonInput): QuarterComparison {
  const quarter = billingQuarter(input.today);
  const yesterday = addDays(input.today, -1);
  const from = input.supply.from && input.supply.from > quarter.start ? input.supply.from : quarter.start;
  const to = input.supply.to && input.supply.to < yesterday ? input.supply.to : yesterday;
  const lastFrom = sameDateLastYear(from);
  const lastTo = sameDateLastYear(to);
  const lastQuarter = billingQuarter(sameDateLastYear(quarter.start));

  const now = periodSums(to < from ? [] : daysIn(input.days, from, to));
  const last = periodSums(to < from ? [] : daysIn(input.days, lastFrom, lastTo));
  const wholeLast = periodSums(daysIn(input.days, lastQuarter.start, lastQuarter.end));
  const nowDays = calendarDays(from, to);
  const lastDays = calendarDays(lastFrom, lastTo);
  const enough =
    nowDays >= QUARTER_COMPARE_MIN_DAYS &&
    now.days >= nowDays * QUARTER_COMPARE_MIN_COVERAGE &&
    last.days >= lastDays * QUARTER_COMPARE_MIN_COVERAGE &&
    last.usageMicroKwh > 0;

  const period = (start: string, end: string, sums: PeriodSums, calendar: number) => ({
    from: start,
    to: end < start ? start : end,
    total: toDollars(sums.total),
    days_with_data: sums.days,
    days: calendar,
  });
  const base = {
    quarter_start: quarter.start,
    quarter_end: quarter.end,
    this_year: period(from, to, now, nowDays),
    same_dates_last_year: period(lastFrom, lastTo, last, lastDays),
    last_year_quarter: period(
      lastQuarter.start,
      lastQuarter.end,
      wholeLast,
      calendarDays(lastQuarter.start, lastQuarter.end),
    ),
    projected_total: input.projectedTotal,
  };
  if (!enough) {
    return {
      ...base,
      enough_data: false,
      difference: null,
      parts: [],
      method: [
        formatMessage(quarterCopy.notEnough, {
          days: QUARTER_COMPARE_MIN_DAYS,
          percent: Math.round(QUARTER_COMPARE_MIN_COVERAGE * 100),
        }),
      ],
    };
  }
  // The difference as shown: this quarter's total less last year's, each in whole cents.
  const cents = (value: Money) => divideRounded(value, ATTOCENTS_PER_CENT) * ATTOCENTS_PER_CENT;
  const shownDifference = cents(now.total) - cents(last.total);
  const change = quarterChange(now, last);
  // Days, usage and prices always; a credit only when either period has one.
  const shownParts = quarterChangeParts.filter(
    (part) =>
      part === 'days' ||
      part === 'usage' ||
      part === 'prices' ||
      (part === 'solar' && (now.solar !== 0n || last.solar !== 0n)) ||
      (part === 'happy_hours' && (now.waived !== 0n || last.waived !== 0n)) ||
      (part === 'concessions' && (now.concession !== 0n || last.concession !== 0n)),
  );
  const amounts = apportionToTotal(
    shownParts.map((part) => change[part]),
    shownDifference,
  );
  return {
    ...base,
    enough_data: true,
    difference: toDollars(shownDifference),
    parts: shownParts.map((part, index) => ({ part, amount: toDollars(amounts[index] as Money) })),
    method: [
      quarterCopy.methodDays,
      quarterCopy.methodUsage,
      quarterCopy.methodPrices,
      quarterCopy.methodRest,
      quarterCopy.methodRounding,
    ],
  };
}
