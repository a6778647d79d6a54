/**
 * Plans compared on an account's own meter data (issue 17, docs/plans.md). Pure: no I/O.
 *
 * Every plan is priced day by day by the Tracker's own engine (`priceDay`, billing/spend.ts: usage by time of
 * day, controlled load, supply, discounts, concession, feed-in, Happy Hours), as if the account had been on it
 * for the whole period, on the same days of reads. The days' exact figures are summed; with fewer than
 * PLAN_YEAR_DAYS days of data each sum is scaled by PLAN_YEAR_DAYS / days. Then, as everywhere the Tracker
 * shows money (docs/tracker-figures.md), the yearly total is rounded to the cent and its parts are apportioned
 * so that they add up to it as shown; savings are differences of shown totals.
 */
import {
  formatCurrency,
  formatDecimal,
  PLAN_MIN_DAYS,
  PLAN_YEAR_DAYS,
  type PlanCost,
  type Tariff,
} from '@portal/contracts';
import { divideRounded, MICRO_KWH_PER_KWH, type Money, toDollars } from '../billing/money.ts';
import { type ChannelDay, priceDay } from '../billing/spend.ts';
import { compileTariff, type FreeWindow } from '../billing/tariff.ts';
import { apportionCents, roundToCent } from './week.ts';

/** One day of the account's reads, with the Happy Hours windows in force that day (none without). */
export interface PlanDay {
  date: string;
  channels: readonly ChannelDay[];
  freeWindows: readonly FreeWindow[];
}

/** What decides which plans on offer an account may take. */
export interface PlanCustomer {
  segment: 'residential' | 'sme';
  /** The account exports (it has solar). */
  hasSolar: boolean;
  /** Suffixes of the account's import channels with reads, e.g. E1 and E2. */
  importSuffixes: ReadonlySet<string>;
}

/** Whether a plan on offer is open to the customer: its segment, and solar or controlled load if it needs them. */
export function isOpenTo(tariff: Tariff, customer: PlanCustomer): boolean {
  const offer = tariff.offer;
  if (!offer) return false;
  if (!offer.segments.includes(customer.segment)) return false;
  if (offer.requires_solar && !customer.hasSolar) return false;
  if (offer.requires_controlled_load) {
    const suffixes = tariff.controlled_load?.suffixes ?? [];
    if (!suffixes.some((suffix) => customer.importSuffixes.has(suffix))) return false;
  }
  return true;
}

/** The exact sums of a plan over the days with data. */
interface PlanSums {
  grid: Money;
  supply: Money;
  solar: Money;
  concession: Money;
  /** Micro-kWh charged at each of the plan's rates (the engine's `chargedByRate`). */
  byRate: number[];
}

export interface PlanComparisonInput {
  days: readonly PlanDay[];
  /** The plans on offer open to the account and its current plan (once, even when it is also on offer). */
  plans: readonly Tariff[];
  /** The code of the account's plan today; null without one. */
  currentCode: string | null;
}

export interface PlanComparison {
  daysWithData: number;
  scaled: boolean;
  enoughData: boolean;
  /** Cheapest first (by shown yearly cost; on equal costs the current plan, then by code). Empty without enough data. */
  plans: PlanCost[];
  /** Micro-kWh imported and exported over the days with data. */
  importedMicroKwh: number;
  exportedMicroKwh: number;
}

/** The sums of every plan over the days: one pass over the days, each day priced under each plan. */
export function sumPlans(input: PlanComparisonInput) {
  const sums = input.plans.map(
    (): PlanSums => ({ grid: 0n, supply: 0n, solar: 0n, concession: 0n, byRate: [] }),
  );
  let daysWithData = 0;
  let importedMicroKwh = 0;
  let exportedMicroKwh = 0;
  for (const day of input.days) {
    let counted = false;
    input.plans.forEach((tariff, index) => {
      const sum = sums[index] as PlanSums;
      const spend = priceDay({
        date: day.date,
        tariff,
        channels: day.channels,
        freeWindows: day.freeWindows,
        chargedByRate: sum.byRate,
      });
      if (!spend) return;
      sum.grid += spend.gridSpend;
      sum.supply += spend.serviceCharge;
      sum.solar += spend.solarInput;
      sum.concession += spend.concession;
      if (!counted) {
        counted = true;
        daysWithData++;
        importedMicroKwh += spend.usageMicroKwh;
        exportedMicroKwh += spend.solarMicroKwh;
      }
    });
  }
  return { sums, daysWithData, importedMicroKwh, exportedMicroKwh };
}

const cents = (price: string) => `${price}c`;
const kwh = (micro: number) => `${formatDecimal(micro / MICRO_KWH_PER_KWH, 0)} kWh`;

/**
 * The usage line: the kWh at each of the plan's prices, e.g. "Usage: 2,190 kWh: 1,460 kWh peak at 50.00c,
 * 730 kWh off-peak at 20.00c: $876.00." (kWh rounded to whole ones, so the parts may differ from the total by one).
 */
function usageLine(
  tariff: Tariff,
  byRate: readonly number[],
  importedMicroKwh: number,
  usage: number,
): string {
  const names = compileTariff(tariff).rateNames;
  const prices =
    tariff.usage.type === 'flat'
      ? [tariff.usage.cents_per_kwh]
      : tariff.usage.periods.map((period) => period.cents_per_kwh);
  if (tariff.controlled_load) prices.push(tariff.controlled_load.cents_per_kwh);
  const parts: string[] = [];
  let charged = 0;
  names.forEach((name, rate) => {
    const micro = byRate[rate] ?? 0;
    charged += micro;
    if (micro === 0) return;
    const price = cents(prices[rate] ?? '0');
    if (name === 'controlled_load') {
      const suffixes = tariff.controlled_load?.suffixes.join(', ') ?? '';
      parts.push(`${kwh(micro)} on your controlled-load circuit (${suffixes}) at ${price}`);
    } else if (name === 'flat') {
      parts.push(`${kwh(micro)} at ${price} a kWh`);
    } else {
      parts.push(`${kwh(micro)} ${name.replace(/_/g, '-')} at ${price}`);
    }
  });
  const free = importedMicroKwh - charged;
  if (free > 0) parts.push(`${kwh(free)} free in your Happy Hours`);
  const discount = tariff.discounts?.usage_percent;
  const less = discount && Number(discount) > 0 ? `, less ${discount}%` : '';
  const amount = formatCurrency(usage);
  if (parts.length === 1 && names.length === 1 && free <= 0) {
    return `Usage: ${kwh(importedMicroKwh)} at ${cents(prices[0] ?? '0')} a kWh${less}: ${amount}.`;
  }
  return `Usage: ${kwh(importedMicroKwh)}: ${parts.join(', ')}${less}: ${amount}.`;
}

function howWorkedOut(
  tariff: Tariff,
  shown: { usage: number; supply: number; solar: number; concession: number },
  yearly: { importedMicroKwh: number; exportedMicroKwh: number; byRate: readonly number[] },
  daysWithData: number,
  freeHours: boolean,
): string[] {
  const lines: string[] = [usageLine(tariff, yearly.byRate, yearly.importedMicroKwh, shown.usage)];
  const supplyDiscount = tariff.discounts?.supply_percent;
  lines.push(
    `Supply: ${cents(tariff.supply_cents_per_day)} a day for ${PLAN_YEAR_DAYS} days${supplyDiscount && Number(supplyDiscount) > 0 ? `, less ${supplyDiscount}%` : ''}: ${formatCurrency(shown.supply)}.`,
  );
  if (yearly.exportedMicroKwh > 0) {
    lines.push(
      `Solar credit: ${kwh(yearly.exportedMicroKwh)} sent to the grid at ${cents(tariff.feed_in_cents_per_kwh)} a kWh: minus ${formatCurrency(shown.solar)}.`,
    );
  }
  if (shown.concession !== 0) {
    lines.push(
      `Concession: ${cents(tariff.concession_cents_per_day)} a day: minus ${formatCurrency(shown.concession)}.`,
    );
  }
  if (freeHours) lines.push('Usage in your Happy Hours is free on weekdays, as it is on your plan today.');
  if (daysWithData < PLAN_YEAR_DAYS) {
    lines.push(
      `Priced on your ${daysWithData} days of data, then scaled to a year (x ${PLAN_YEAR_DAYS} / ${daysWithData}).`,
    );
  }
  return lines;
}

/**
 * Every plan's estimated year on the account's days of reads, cheapest first. Below PLAN_MIN_DAYS days with
 * data nothing is priced (`enoughData` false).
 */
export function comparePlans(input: PlanComparisonInput): PlanComparison {
  const { sums, daysWithData, importedMicroKwh, exportedMicroKwh } = sumPlans(input);
  const scaled = daysWithData < PLAN_YEAR_DAYS;
  const base = { daysWithData, scaled, importedMicroKwh, exportedMicroKwh };
  if (daysWithData < PLAN_MIN_DAYS) return { ...base, enoughData: false, plans: [] };
  const year = BigInt(PLAN_YEAR_DAYS);
  const days = BigInt(daysWithData);
  // Exact below an attocent: a full year is not scaled at all, and a scaled part is rounded to the attocent.
  const toYear = (value: Money) => (scaled ? divideRounded(value * year, days) : value);
  const energyToYear = (micro: number) =>
    scaled ? Math.round((micro * PLAN_YEAR_DAYS) / daysWithData) : micro;
  const yearlyEnergy = {
    importedMicroKwh: energyToYear(importedMicroKwh),
    exportedMicroKwh: energyToYear(exportedMicroKwh),
  };
  const freeHours = input.days.some((day) => day.freeWindows.length > 0);

  const priced = input.plans.map((tariff, index) => {
    const sum = sums[index] as PlanSums;
    const parts = [toYear(sum.grid), toYear(sum.supply), -toYear(sum.solar), -toYear(sum.concession)];
    const total = roundToCent(parts.reduce((a, b) => a + b, 0n));
    const [usage, supply, minusSolar, minusConcession] = apportionCents(parts, total) as [
      Money,
      Money,
      Money,
      Money,
    ];
    const shown = {
      usage: toDollars(usage),
      supply: toDollars(supply),
      solar: toDollars(-minusSolar),
      concession: toDollars(-minusConcession),
    };
    return { tariff, total, shown };
  });
  const current = priced.find((plan) => plan.tariff.code === input.currentCode);
  const plans: PlanCost[] = priced.map(({ tariff, total, shown }, index) => ({
    code: tariff.code,
    name: tariff.name,
    description: tariff.description ?? null,
    current: tariff.code === input.currentCode,
    on_offer: tariff.offer !== undefined,
    yearly_cost: toDollars(total),
    usage: shown.usage,
    supply: shown.supply,
    solar_credit: shown.solar,
    concession: shown.concession,
    saving: current ? toDollars(current.total - total) : null,
    how: howWorkedOut(
      tariff,
      shown,
      { ...yearlyEnergy, byRate: (sums[index] as PlanSums).byRate.map(energyToYear) },
      daysWithData,
      freeHours,
    ),
  }));
  plans.sort(
    (a, b) =>
      a.yearly_cost - b.yearly_cost || Number(b.current) - Number(a.current) || a.code.localeCompare(b.code),
  );
  return { ...base, enoughData: true, plans };
}

/**
 * The better offer: the cheapest plan on offer, other than the current one, saving at least `minSaving`
 * dollars a year on the current plan; null when there is none (the customer is on their cheapest plan, or
 * the saving is too small to mention).
 */
export function betterOfferOf(plans: readonly PlanCost[], minSaving: number) {
  const best = plans.find((plan) => plan.on_offer && !plan.current);
  if (!best || best.saving === null || best.saving < minSaving) return null;
  return { code: best.code, name: best.name, yearly_saving: best.saving };
}
