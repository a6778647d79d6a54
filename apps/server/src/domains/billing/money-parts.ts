/**
 * Where a day's money goes (issue 28 item 1, docs/tracker-figures.md#where-your-money-goes): the day's usage
 * charges split into the parts of its tariff - each time-of-use period (for a flat rate, the four clock
 * periods night 0-6, morning 6-12, afternoon 12-18, evening 18-24 AEST), then controlled load - and, of each
 * usage period, the share that is always on. Pure and exact (integer micro-kWh and attocents); computed when the
 * day is priced (priced-day.ts) because it needs the half-hourly reads, which a stored day no longer has.
 *
 * Always-on: the day's lowest half-hourly general import between 00:00 and 06:00 AEST (the base), as if drawn in
 * each of the day's 48 half-hours. In a half-hour that imported less than the base (solar covering the home, a
 * quieter afternoon) only what it imported counts, so no period's usage above always-on is ever negative. A
 * half-hour's always-on kWh is priced at its intervals' rates: split among them in proportion to their kWh (the
 * largest remainder method, in whole micro-kWh), each share times its rate (zero in a free Happy Hours
 * interval). Controlled load is never always-on. A day without general import reads for every night interval
 * (none, or any of them null data) has no always-on figure.
 */
import { dayNumber, TARIFF_SLOT_MINUTES, type Tariff, weekdayOfDayNumber } from '@portal/contracts';
import type { Money } from './money.ts';
import { type ChannelDay, isNullData } from './spend.ts';
import { compileTariff, type FreeWindow } from './tariff.ts';

/** The clock periods a flat rate is split into: [first hour, last hour + 1). */
export const FLAT_PERIODS = [
  { name: 'night', from: 0, to: 6 },
  { name: 'morning', from: 6, to: 12 },
  { name: 'afternoon', from: 12, to: 18 },
  { name: 'evening', from: 18, to: 24 },
] as const;

export const CONTROLLED_LOAD_PART = 'controlled_load';

/** Half-hours of the night whose lowest import is the always-on base: 00:00 to 06:00. */
const NIGHT_HALF_HOURS = 12;
const HALF_HOURS = 48;

export interface DayParts {
  /** The usage periods in the tariff's order (or the clock periods of a flat rate), then controlled load if any. */
  names: string[];
  /** Micro-kWh imported in each part, free Happy Hours intervals included. */
  usage: number[];
  /** Usage charges of each part; they add up to the day's grid spend exactly. */
  spend: Money[];
  /** Of each part, the micro-kWh and the charges that are always on; null without night reads. */
  alwaysOnUsage: number[] | null;
  alwaysOnSpend: Money[] | null;
}

export interface DayPartsInput {
  date: string;
  tariff: Tariff;
  channels: readonly ChannelDay[];
  freeWindows?: readonly FreeWindow[] | undefined;
}

/**
 * Whole numbers adding up to `total` in proportion to `weights` (which add up to more than 0): each its floor,
 * the rest one each to the largest remainders (the earlier on a tie). Each is at most its weight when
 * `total` is at most the weights' sum.
 */
export function apportionInteger(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => BigInt(weight) * BigInt(total));
  const divisor = BigInt(sum);
  const shares = exact.map((value) => Number(value / divisor));
  let missing = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value % divisor }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (missing === 0) break;
    shares[index] = (shares[index] as number) + 1;
    missing--;
  }
  return shares;
}

function isFreeAt(windows: readonly FreeWindow[], minute: number): boolean {
  return windows.some((window) => minute >= window.fromMinute && minute < window.toMinute);
}

/** Whether any night interval of the channel is flagged null data ('N'). */
function nightHasNullData(channel: ChannelDay): boolean {
  const { quality, intervalMinutes } = channel;
  if (!quality || quality.length !== channel.values.length) return false;
  const nightIntervals = (NIGHT_HALF_HOURS * 30) / intervalMinutes;
  for (let i = 0; i < nightIntervals; i++) if (quality.charCodeAt(i) === 78 /* N */) return true;
  return false;
}

/** The day's parts; null when it has no import reads that count (the engine's "no data"). */
export function dayParts(input: DayPartsInput): DayParts | null {
  const tariff = compileTariff(input.tariff);
  const weekday = weekdayOfDayNumber(dayNumber(input.date));
  const free = input.freeWindows && weekday < 5 ? input.freeWindows : [];
  const flat = input.tariff.usage.type === 'flat';
  const usageParts = flat
    ? FLAT_PERIODS.map((period) => period.name)
    : tariff.rateNames.filter((_, rate) => rate !== tariff.controlledLoadRate);
  const names = tariff.controlledLoadRate >= 0 ? [...usageParts, CONTROLLED_LOAD_PART] : [...usageParts];
  const controlledPart = tariff.controlledLoadRate >= 0 ? names.length - 1 : -1;
  const partCount = names.length;
  // The part of a general-usage interval starting at `minute`, and its rate.
  const slotBase = weekday * (1440 / TARIFF_SLOT_MINUTES);
  const rateOf = (minute: number) => tariff.rateBySlot[slotBase + minute / TARIFF_SLOT_MINUTES] as number;
  const partOf = (minute: number) => (flat ? Math.floor(minute / 360) : rateOf(minute));
  // Rate index of each part (a flat tariff's clock periods all use rate 0).
  const partRate = names.map((_, part) =>
    part === controlledPart ? tariff.controlledLoadRate : flat ? 0 : part,
  );

  const usage = new Array<number>(partCount).fill(0);
  const charged = new Array<number>(partCount).fill(0);
  // Per half-hour of general usage: micro-kWh per (part, charged or free) bucket.
  const halfHours = Array.from({ length: HALF_HOURS }, () => new Array<number>(partCount * 2).fill(0));
  const halfHourTotals = new Array<number>(HALF_HOURS).fill(0);
  let hasImport = false;
  let hasGeneral = false;
  let nightNull = false;

  for (const channel of input.channels) {
    if (channel.kind !== 'import' || isNullData(channel)) continue;
    hasImport = true;
    const { values, intervalMinutes: step } = channel;
    const controlled = controlledPart >= 0 && tariff.controlledLoadSuffixes.has(channel.suffix);
    if (!controlled) {
      hasGeneral = true;
      if (nightHasNullData(channel)) nightNull = true;
    }
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as number;
      const minute = i * step;
      const part = controlled ? controlledPart : partOf(minute);
      const isFree = free.length > 0 && isFreeAt(free, minute);
      if (!controlled) {
        const half = Math.floor(minute / 30);
        halfHourTotals[half] = (halfHourTotals[half] as number) + value;
        const bucket = part * 2 + (isFree ? 1 : 0);
        const row = halfHours[half] as number[];
        row[bucket] = (row[bucket] as number) + value;
      }
      if (value === 0) continue;
      usage[part] = (usage[part] as number) + value;
      if (!isFree) charged[part] = (charged[part] as number) + value;
    }
  }
  if (!hasImport) return null;

  const spend = charged.map(
    (micro, part) => BigInt(micro) * (tariff.rates[partRate[part] as number] as Money),
  );
  if (!hasGeneral || nightNull) return { names, usage, spend, alwaysOnUsage: null, alwaysOnSpend: null };

  const base = Math.min(...halfHourTotals.slice(0, NIGHT_HALF_HOURS));
  const alwaysOnUsage = new Array<number>(partCount).fill(0);
  const alwaysOnCharged = new Array<number>(partCount).fill(0);
  for (let half = 0; half < HALF_HOURS; half++) {
    const total = halfHourTotals[half] as number;
    const drawn = Math.min(base, total);
    if (drawn === 0) continue;
    const shares = apportionInteger(halfHours[half] as number[], drawn);
    shares.forEach((share, bucket) => {
      const part = bucket >> 1;
      alwaysOnUsage[part] = (alwaysOnUsage[part] as number) + share;
      if ((bucket & 1) === 0) alwaysOnCharged[part] = (alwaysOnCharged[part] as number) + share;
    });
  }
  const alwaysOnSpend = alwaysOnCharged.map(
    (micro, part) => BigInt(micro) * (tariff.rates[partRate[part] as number] as Money),
  );
  return { names, usage, spend, alwaysOnUsage, alwaysOnSpend };
}
