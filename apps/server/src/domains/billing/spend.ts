/**
 * The spend engine (docs/tariffs.md): prices one account's stored reads of one market date under the tariff in
 * force that day, into the day's totals and 24 hourly buckets, in exact integer money (money.ts).
 *
 * How it stays exact and fast: an interval's charge is kWh x rate, and a sum of such products is linear in
 * the kWh, so the hot loop only adds integer micro-kWh into one bucket per (hour, rate) - exact in a double
 * up to 2^53 micro-kWh (9 GWh) - and the bigint multiplications happen once per non-empty bucket: one or two
 * per hour instead of one per interval. The day's figures are the exact sums of its hours.
 *
 * Rules (docs/tariffs.md): an interval is priced at the rate of its start time; free windows (Happy Hours)
 * apply on weekdays only, to every import channel, and make usage charges zero (supply, feed-in and
 * concession are unchanged); an hour's `totalSpend` is grid - solar, the service charge and concession being
 * daily; a day without any import channel reads is no data (null), not zero.
 */
import {
  dayNumber,
  TARIFF_SLOT_MINUTES,
  TARIFF_SLOTS_PER_DAY,
  type Tariff,
  weekdayOfDayNumber,
} from '@portal/contracts';
import { groupedBy } from '../../lib/grouped-by.ts';
import type { Money } from './money.ts';
import {
  assertFreeWindow,
  compileTariff,
  type FreeWindow,
  type TariffAssignment,
  tariffForDay,
} from './tariff.ts';

export type ChannelKind = 'import' | 'export' | 'other';

/** One channel's reads of one market date, as stored (one NEM12 300 record). */
export interface ChannelDay {
  /** NEM12 channel suffix, e.g. 'E1' (general usage), 'E2' (controlled load), 'B1' (export). */
  suffix: string;
  kind: ChannelKind;
  intervalMinutes: number;
  /** Integer micro-kWh per interval, 1440 / intervalMinutes of them, from 00:00 AEST. */
  values: readonly number[];
  /** NEM12 quality flags (one per interval, or one for the day); a channel flagged all 'N' is null data. */
  quality?: string | undefined;
}

export interface PriceDayInput {
  /** Market date 'YYYY-MM-DD' (AEST). */
  date: string;
  /** The tariff in force that day (`tariffForDay`). */
  tariff: Tariff;
  channels: readonly ChannelDay[];
  /** Happy Hours windows in effect on this date; applied only when the date is a weekday. */
  freeWindows?: readonly FreeWindow[] | undefined;
  /**
   * When given, the micro-kWh charged at each of the compiled tariff's rates (`compileTariff(tariff).rateNames`:
   * the flat rate or each time-of-use period, then controlled load) are added to it: the plans page says how
   * many kWh each price applied to. Free (Happy Hours) intervals are charged at no rate.
   */
  chargedByRate?: number[] | undefined;
}

/**
 * An hour's spend: usage charges and the solar credit only, so its `totalSpend` is gridSpend - solarInput
 * (the service charge and concession are daily and appear only in the day).
 */
export interface HourSpend {
  /** 0-23: the hour starting at this AEST hour. */
  hour: number;
  gridSpend: Money;
  solarInput: Money;
  totalSpend: Money;
  /** Micro-kWh imported, all import channels (general usage and controlled load). */
  usageMicroKwh: number;
  /** Micro-kWh exported to the grid. */
  solarMicroKwh: number;
}

/** A day's spend, exact: money in attocents, energy in micro-kWh (money.ts converts both for the API). */
export interface DaySpend {
  date: string;
  tariffCode: string;
  gridSpend: Money;
  solarInput: Money;
  /** The daily supply charge after the supply discount. */
  serviceCharge: Money;
  /** The daily concession credit (positive; subtracted in totalSpend). */
  concession: Money;
  /** gridSpend + serviceCharge - solarInput - concession. */
  totalSpend: Money;
  usageMicroKwh: number;
  solarMicroKwh: number;
  /** 24 hours, 00:00 to 23:00. */
  hours: HourSpend[];
}

const HOURS = 24;

/** An hour's figures; its total is usage charges less the solar credit (supply and concession are daily). */
export function hourSpend(
  hour: number,
  gridSpend: Money,
  solarInput: Money,
  usageMicroKwh: number,
  solarMicroKwh: number,
): HourSpend {
  return { hour, gridSpend, solarInput, totalSpend: gridSpend - solarInput, usageMicroKwh, solarMicroKwh };
}
const MINUTES_PER_DAY = 1440;
const INTERVAL_MINUTES = new Set([5, 15, 30]);

/** A channel flagged all null data ('N') is no data, in billing and in the weekly settlement alike. */
export function isNullData(channel: Pick<ChannelDay, 'quality'>): boolean {
  const { quality } = channel;
  return quality !== undefined && quality.length > 0 && /^N+$/.test(quality);
}

function checkChannel(channel: ChannelDay, date: string): void {
  const { intervalMinutes, values, suffix } = channel;
  if (!INTERVAL_MINUTES.has(intervalMinutes)) {
    throw new RangeError(`${date} ${suffix}: interval length ${intervalMinutes} is not 5, 15 or 30 minutes`);
  }
  if (values.length !== MINUTES_PER_DAY / intervalMinutes) {
    throw new RangeError(
      `${date} ${suffix}: ${values.length} values for ${intervalMinutes}-minute intervals, expected ${MINUTES_PER_DAY / intervalMinutes}`,
    );
  }
  for (const value of values) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${date} ${suffix}: ${value} is not a non-negative integer of micro-kWh`);
    }
  }
}

function isFree(windows: readonly FreeWindow[], minute: number): boolean {
  for (const window of windows) {
    if (minute >= window.fromMinute && minute < window.toMinute) return true;
  }
  return false;
}

/** Prices one day of one account's reads; null when the day has no import reads (no data, not zero). */
export function priceDay(input: PriceDayInput): DaySpend | null {
  const { date, channels } = input;
  const tariff = compileTariff(input.tariff);
  const day = weekdayOfDayNumber(dayNumber(date));
  // Happy Hours are weekday hours (docs/rules.md#limits): the caller passes the slot in effect, this applies the weekday rule.
  const free = input.freeWindows && input.freeWindows.length > 0 && day < 5 ? input.freeWindows : [];
  for (const window of free) assertFreeWindow(window);

  const { rates, feedInPerMicroKwh } = tariff;
  const rateCount = rates.length;
  const slotBase = day * TARIFF_SLOTS_PER_DAY;
  // Integer micro-kWh per (hour, rate) charged, per hour imported, per hour exported.
  const charged = new Float64Array(HOURS * rateCount);
  const imported = new Float64Array(HOURS);
  const exported = new Float64Array(HOURS);
  let hasImport = false;

  for (const channel of channels) {
    if (channel.kind === 'other' || isNullData(channel)) continue;
    checkChannel(channel, date);
    const { values, intervalMinutes: step } = channel;
    if (channel.kind === 'export') {
      for (let i = 0; i < values.length; i++) {
        const hour = ((i * step) / 60) | 0;
        exported[hour] = (exported[hour] as number) + (values[i] as number);
      }
      continue;
    }
    hasImport = true;
    const controlled = tariff.controlledLoadRate >= 0 && tariff.controlledLoadSuffixes.has(channel.suffix);
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as number;
      if (value === 0) continue;
      const minute = i * step;
      const hour = (minute / 60) | 0;
      imported[hour] = (imported[hour] as number) + value;
      if (free.length > 0 && isFree(free, minute)) continue;
      // The interval's start time picks the rate, even when the interval runs past a tariff boundary.
      const rate = controlled
        ? tariff.controlledLoadRate
        : (tariff.rateBySlot[slotBase + minute / TARIFF_SLOT_MINUTES] as number);
      const bucket = hour * rateCount + rate;
      charged[bucket] = (charged[bucket] as number) + value;
    }
  }
  if (!hasImport) return null;

  const { chargedByRate } = input;
  if (chargedByRate) {
    for (let bucket = 0; bucket < charged.length; bucket++) {
      const rate = bucket % rateCount;
      chargedByRate[rate] = (chargedByRate[rate] ?? 0) + (charged[bucket] as number);
    }
  }

  const hours: HourSpend[] = new Array(HOURS);
  let gridInDay = 0n;
  let importedInDay = 0;
  let exportedInDay = 0;
  for (let hour = 0; hour < HOURS; hour++) {
    let gridSpend = 0n;
    for (let rate = 0; rate < rateCount; rate++) {
      const micro = charged[hour * rateCount + rate] as number;
      if (micro !== 0) gridSpend += BigInt(micro) * (rates[rate] as Money);
    }
    const usageMicroKwh = imported[hour] as number;
    const solarMicroKwh = exported[hour] as number;
    const solarInput = solarMicroKwh === 0 ? 0n : BigInt(solarMicroKwh) * feedInPerMicroKwh;
    gridInDay += gridSpend;
    importedInDay += usageMicroKwh;
    exportedInDay += solarMicroKwh;
    hours[hour] = hourSpend(hour, gridSpend, solarInput, usageMicroKwh, solarMicroKwh);
  }

  const solarInput = BigInt(exportedInDay) * feedInPerMicroKwh;
  return {
    date,
    tariffCode: tariff.code,
    gridSpend: gridInDay,
    solarInput,
    serviceCharge: tariff.serviceCharge,
    concession: tariff.concession,
    totalSpend: gridInDay + tariff.serviceCharge - solarInput - tariff.concession,
    usageMicroKwh: importedInDay,
    solarMicroKwh: exportedInDay,
    hours,
  };
}

export interface PriceDaysInput {
  /** Stored channel reads, each with its market date, in any order. */
  reads: Iterable<ChannelDay & { date: string }>;
  /** The account's tariff history (`tariffForDay` picks each day's). */
  assignments: readonly TariffAssignment[];
  /** The Happy Hours windows in force on a date (`freeWindowsOn`), if the account has any. */
  freeWindowsFor?: (date: string) => readonly FreeWindow[];
}

/**
 * Prices every date that has reads, each under the tariff in force that day. Days without import reads, or
 * before the account's first tariff, are absent from the result: no data, never zero.
 */
export function priceDays(input: PriceDaysInput): Map<string, DaySpend> {
  const byDate = groupedBy(input.reads, (read) => read.date);
  const days = new Map<string, DaySpend>();
  for (const date of [...byDate.keys()].sort()) {
    const tariff = tariffForDay(input.assignments, date);
    if (!tariff) continue;
    const freeWindows = input.freeWindowsFor?.(date);
    const day = priceDay({ date, tariff, channels: byDate.get(date) ?? [], freeWindows });
    if (day) days.set(date, day);
  }
  return days;
}
