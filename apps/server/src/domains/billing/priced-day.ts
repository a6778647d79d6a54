/**
 * A priced day (decision 0021): what the Tracker, the forecast, the email snapshots and the weekly settlement
 * need of one account's market day, priced once by the spend engine (`priceDay`) when the reads, tariffs or
 * Happy Hours slots behind it change, and stored (`priced_days`). Pure: no I/O.
 *
 * Besides the day's spend it keeps the usage charges Happy Hours waived in each hour, so that the forecast can
 * price past days as if the slot chosen last had applied throughout (a free window is whole hours, and the
 * engine's hours are exact sums), and the share of estimated reads, so that nothing a week shows needs the
 * half-hourly reads again.
 */

import type { Tariff } from '@portal/contracts';
import { dayNumber, weekdayOfDayNumber } from '@portal/contracts';
import type { Money } from './money.ts';
import { type DayParts, dayParts } from './money-parts.ts';
import { type ChannelDay, type DaySpend, isNullData, priceDay } from './spend.ts';
import { type FreeWindow, type TariffAssignment, tariffForDay } from './tariff.ts';

/** Estimated or substituted share of the import intervals, per day and per hour (0 = all actual reads). */
export interface DayQuality {
  day: number;
  hours: number[];
}

export interface PricedDay {
  date: string;
  /** The day has import reads (even if all of them are null data). */
  hasImport: boolean;
  /** The day has export (solar) reads. */
  hasExport: boolean;
  /** Micro-kWh imported and exported by the reads that count; null when no import read counts. */
  usageMicroKwh: number | null;
  exportMicroKwh: number | null;
  /** The day priced under its tariff; null without import data that counts or without a tariff that day. */
  spend: DaySpend | null;
  /** Usage charges waived by Happy Hours per hour (24); null when nothing was waived. */
  waived: Money[] | null;
  /** Null without import reads. */
  quality: DayQuality | null;
  /** Where the day's usage charges go (money-parts.ts); null exactly when `spend` is. */
  parts: DayParts | null;
}

const HOURS = 24;

/** The share, rounded to hundredths, of the import intervals of a day and of each hour that are not 'A'. */
export function qualityOfDay(channels: readonly ChannelDay[]): DayQuality | null {
  let found = false;
  const day: [number, number] = [0, 0];
  const hours = Array.from({ length: HOURS }, () => [0, 0] as [number, number]);
  for (const channel of channels) {
    if (channel.kind !== 'import') continue;
    found = true;
    const quality = channel.quality ?? '';
    for (let i = 0; i < quality.length; i++) {
      const estimated = quality.charCodeAt(i) === 65 /* A */ ? 0 : 1;
      const hour = hours[Math.floor((i * channel.intervalMinutes) / 60)] as [number, number];
      hour[0] += estimated;
      hour[1]++;
      day[0] += estimated;
      day[1]++;
    }
  }
  if (!found) return null;
  return { day: shareOf(day), hours: hours.map(shareOf) };
}

/** Percent as a whole number: the stored form of a share (share = percent / 100, the same double). */
export const percentOf = ([estimated, total]: readonly [number, number]) =>
  total === 0 ? 0 : Math.round((estimated / total) * 100);
const shareOf = (counts: readonly [number, number]) => percentOf(counts) / 100;

function energyOf(channels: readonly ChannelDay[], kind: 'import' | 'export'): number | null {
  let total: number | null = null;
  for (const channel of channels) {
    if (channel.kind !== kind || isNullData(channel)) continue;
    total ??= 0;
    for (const value of channel.values) total += value;
  }
  return total;
}

export interface PriceAccountDayInput {
  date: string;
  /** The day's import and export channels as stored. */
  channels: readonly ChannelDay[];
  assignments: readonly TariffAssignment<Tariff>[];
  /** The Happy Hours windows in force on the date (`freeWindowsOn`); the weekday rule is the engine's. */
  freeWindows: readonly FreeWindow[];
}

/** Prices one account's day the one way the Tracker, the forecast and the emails show it. */
export function priceAccountDay(input: PriceAccountDayInput): PricedDay {
  const { date, channels, freeWindows } = input;
  const tariff = tariffForDay(input.assignments, date);
  const usageMicroKwh = energyOf(channels, 'import');
  const spend = tariff && usageMicroKwh !== null ? priceDay({ date, tariff, channels, freeWindows }) : null;
  let waived: Money[] | null = null;
  if (spend && freeWindows.length > 0 && weekdayOfDayNumber(dayNumber(date)) < 5) {
    const charged = priceDay({ date, tariff: tariff as Tariff, channels }) as DaySpend;
    const differences = charged.hours.map((hour, i) => hour.gridSpend - (spend.hours[i]?.gridSpend ?? 0n));
    if (differences.some((value) => value !== 0n)) waived = differences;
  }
  return {
    date,
    hasImport: channels.some((channel) => channel.kind === 'import'),
    hasExport: channels.some((channel) => channel.kind === 'export'),
    usageMicroKwh,
    exportMicroKwh: usageMicroKwh === null ? null : (energyOf(channels, 'export') ?? 0),
    spend,
    waived,
    quality: qualityOfDay(channels),
    parts: spend ? dayParts({ date, tariff: tariff as Tariff, channels, freeWindows }) : null,
  };
}

/** A Happy Hours window as whole hours, `fromHour` to `toHour` (exclusive); slots are whole hours. */
export function windowHours(window: FreeWindow): { fromHour: number; toHour: number } {
  if (window.fromMinute % 60 !== 0 || window.toMinute % 60 !== 0) {
    throw new RangeError(`a Happy Hours window is whole hours: ${window.fromMinute}-${window.toMinute}`);
  }
  return { fromHour: window.fromMinute / 60, toHour: window.toMinute / 60 };
}

/**
 * The day's total_spend had `window` been its only free window (the forecast's projection of a Happy Hours
 * participant, docs/tracker-figures.md): every hour's usage charges as if nothing had been waived, less the window's hours
 * on a weekday. Exact, because a slot is whole hours and a priced hour is the exact sum of its intervals.
 */
export function totalWithOnlyWindow(
  day: DaySpend,
  waived: readonly Money[] | null,
  window: FreeWindow,
): Money {
  const { fromHour, toHour } = windowHours(window);
  const weekday = weekdayOfDayNumber(dayNumber(day.date)) < 5;
  let grid = 0n;
  for (let hour = 0; hour < HOURS; hour++) {
    if (weekday && hour >= fromHour && hour < toHour) continue;
    grid += (day.hours[hour]?.gridSpend ?? 0n) + (waived?.[hour] ?? 0n);
  }
  return grid + day.serviceCharge - day.solarInput - day.concession;
}
