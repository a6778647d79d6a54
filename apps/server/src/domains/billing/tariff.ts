/**
 * Tariffs as the spend engine prices with them (docs/tariffs.md): which tariff applies on a day, and a tariff
 * compiled once into exact per-micro-kWh prices and a week of 5-minute rate slots, so that pricing an
 * interval is an array look-up rather than a search through time-of-use windows.
 */
import {
  clockToMinute,
  dayOfWeek,
  TARIFF_SLOT_MINUTES,
  TARIFF_SLOTS_PER_DAY,
  type Tariff,
  tariffDayIndexes,
} from '@portal/contracts';
import { cents, MICRO_KWH_PER_KWH, type Money, parseScaled } from './money.ts';

export interface TariffAssignment<T = Tariff> {
  tariff: T;
  /** The market date ('YYYY-MM-DD') from which the tariff is in force. */
  startDate: string;
}

/**
 * The tariff in force on a market date: the assignment with the latest start date on or before it, or null
 * when the account had no tariff yet. On equal start dates the later entry wins (the newer assignment).
 */
export function tariffForDay<T>(assignments: readonly TariffAssignment<T>[], date: string): T | null {
  let found: TariffAssignment<T> | null = null;
  for (const assignment of assignments) {
    if (assignment.startDate <= date && (!found || assignment.startDate >= found.startDate))
      found = assignment;
  }
  return found ? found.tariff : null;
}

export interface CompiledTariff {
  code: string;
  /**
   * Attocents per micro-kWh after the usage discount, one per rate: the flat rate or each time-of-use period
   * in the tariff's order, then the controlled-load rate if any. Indexed by `rateBySlot` and
   * `controlledLoadRate`. Always integers (money.ts explains why).
   */
  rates: readonly Money[];
  rateNames: readonly string[];
  /** The general-usage rate index of every 5-minute slot of the week: [dayOfWeek * 288 + minute / 5]. */
  rateBySlot: Uint8Array;
  /** Index into `rates` of the controlled-load rate, or -1 when the tariff has none. */
  controlledLoadRate: number;
  controlledLoadSuffixes: ReadonlySet<string>;
  /** Feed-in credit in attocents per micro-kWh exported (discounts do not apply to credits). */
  feedInPerMicroKwh: Money;
  /** The daily supply charge after the supply discount. */
  serviceCharge: Money;
  /** The daily concession credit. */
  concession: Money;
}

// Prices have at most 6 decimals of a cent and percentages at most 4 decimals (tariff schema), so these
// scaled integers are exact: price x 10^6 and share-after-discount x 10^6.
const PRICE_DECIMALS = 6;
const PERCENT_DECIMALS = 4;
const WHOLE_SHARE = 10n ** 6n;

/** (100 - percent) / 100 in millionths: the share of a charge left after a percentage discount. */
function shareAfterDiscount(percent: string | undefined): bigint {
  return WHOLE_SHARE - parseScaled(percent ?? '0', PERCENT_DECIMALS);
}

function compile(tariff: Tariff): CompiledTariff {
  const usageShare = shareAfterDiscount(tariff.discounts?.usage_percent);
  // cents/kWh x 10^6 (price) x share x 10^6 = attocents per micro-kWh: 10^18 attocents per cent, 10^6
  // micro-kWh per kWh, so the scales cancel exactly.
  const perMicroKwh = (price: string, share = usageShare) => parseScaled(price, PRICE_DECIMALS) * share;

  const rates: Money[] = [];
  const rateNames: string[] = [];
  const rateBySlot = new Uint8Array(7 * TARIFF_SLOTS_PER_DAY);
  if (tariff.usage.type === 'flat') {
    rates.push(perMicroKwh(tariff.usage.cents_per_kwh));
    rateNames.push('flat');
  } else {
    tariff.usage.periods.forEach((period, index) => {
      rates.push(perMicroKwh(period.cents_per_kwh));
      rateNames.push(period.name);
      for (const window of period.windows) {
        const from = clockToMinute(window.from) / TARIFF_SLOT_MINUTES;
        const to = clockToMinute(window.to) / TARIFF_SLOT_MINUTES;
        for (const day of tariffDayIndexes(window.days)) {
          rateBySlot.fill(index, day * TARIFF_SLOTS_PER_DAY + from, day * TARIFF_SLOTS_PER_DAY + to);
        }
      }
    });
  }
  let controlledLoadRate = -1;
  if (tariff.controlled_load) {
    controlledLoadRate = rates.length;
    rates.push(perMicroKwh(tariff.controlled_load.cents_per_kwh));
    rateNames.push('controlled_load');
  }
  // cents/day x 10^6 x share x 10^6 is 10^-12 cent; x 10^6 more is attocents.
  const supply = parseScaled(tariff.supply_cents_per_day, PRICE_DECIMALS);
  return {
    code: tariff.code,
    rates,
    rateNames,
    rateBySlot,
    controlledLoadRate,
    controlledLoadSuffixes: new Set(tariff.controlled_load?.suffixes ?? []),
    feedInPerMicroKwh: perMicroKwh(tariff.feed_in_cents_per_kwh, WHOLE_SHARE),
    serviceCharge: supply * shareAfterDiscount(tariff.discounts?.supply_percent) * 10n ** 6n,
    concession: cents(tariff.concession_cents_per_day),
  };
}

// Tariffs are immutable once validated; compiling each object once keeps a week's pricing free of set-up work.
const compiled = new WeakMap<Tariff, CompiledTariff>();

/** The compiled form of a validated tariff (cached per tariff object). */
export function compileTariff(tariff: Tariff): CompiledTariff {
  let result = compiled.get(tariff);
  if (!result) {
    result = compile(tariff);
    compiled.set(tariff, result);
  }
  return result;
}

/**
 * The usage price per kWh (money per kWh), after the usage discount, of an interval starting at `minute` of a
 * market date on a channel (`suffix` selects the controlled-load rate), and the rate's name. For display and
 * tests; pricing uses the compiled tables directly.
 */
export function usageRateAt(
  tariff: Tariff,
  date: string,
  minute: number,
  suffix = 'E1',
): { name: string; perKwh: Money } {
  const compiledTariff = compileTariff(tariff);
  const rate = rateIndexAt(compiledTariff, dayOfWeek(date), minute, suffix);
  return {
    name: compiledTariff.rateNames[rate] ?? '',
    perKwh: (compiledTariff.rates[rate] ?? 0n) * BigInt(MICRO_KWH_PER_KWH),
  };
}

export function rateIndexAt(tariff: CompiledTariff, day: number, minute: number, suffix: string): number {
  if (tariff.controlledLoadRate >= 0 && tariff.controlledLoadSuffixes.has(suffix)) {
    return tariff.controlledLoadRate;
  }
  return tariff.rateBySlot[day * TARIFF_SLOTS_PER_DAY + Math.floor(minute / TARIFF_SLOT_MINUTES)] ?? 0;
}

/** A free window of a day (Happy Hours): intervals starting at or after `fromMinute` and before `toMinute`. */
export interface FreeWindow {
  fromMinute: number;
  toMinute: number;
}

/** The free window of a Happy Hours slot id such as '11:00-13:00' (docs/api.md#entities time slots). */
export function freeWindowFromSlot(slot: string): FreeWindow {
  const match = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(slot);
  if (!match) throw new RangeError(`not a time slot as HH:mm-HH:mm: ${slot}`);
  const window = { fromMinute: clockToMinute(match[1] ?? ''), toMinute: clockToMinute(match[2] ?? '') };
  assertFreeWindow(window);
  return window;
}

/**
 * The free windows in force on a date from an account's Happy Hours slot history (each entry effective from
 * its date, the latest on or before the date winning, as for tariffs; a null slot is a withdrawal). The
 * weekday rule is applied by `priceDay`, not here.
 */
export function freeWindowsOn(
  slots: readonly { slot: string | null; effectiveDate: string }[],
  date: string,
): FreeWindow[] {
  const slot = tariffForDay(
    slots.map((entry) => ({ tariff: entry.slot, startDate: entry.effectiveDate })),
    date,
  );
  return slot ? [freeWindowFromSlot(slot)] : [];
}

export function assertFreeWindow(window: FreeWindow): void {
  const { fromMinute, toMinute } = window;
  if (
    !Number.isInteger(fromMinute) ||
    !Number.isInteger(toMinute) ||
    fromMinute < 0 ||
    toMinute > 1440 ||
    fromMinute >= toMinute
  ) {
    throw new RangeError(`not a free window within a day: ${fromMinute}-${toMinute}`);
  }
}
