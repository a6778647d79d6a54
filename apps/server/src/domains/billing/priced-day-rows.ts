/**
 * A priced day as a row of `priced_days` (migration 0008, decision 0021) and back: exact money as numeric, the
 * hours as arrays (the solar and estimate arrays only when the day has any), estimates as whole percents. The
 * reads (priced-days-reads.ts) take values as text and decode them here.
 */
import type { NewPricedDayRow } from '../../db/schema/priced-days.ts';
import type { Money } from './money.ts';
import type { DayParts } from './money-parts.ts';
import type { DayQuality, PricedDay } from './priced-day.ts';
import { type DaySpend, hourSpend } from './spend.ts';

const moneyText = (values: readonly Money[]) => values.map(String);

/** The row that stores an account's priced day. */
export function pricedDayRow(nmi: string, accountId: string, day: PricedDay): NewPricedDayRow {
  const { spend, quality, parts } = day;
  const hours = spend?.hours ?? [];
  const exported = hours.some((hour) => hour.solarMicroKwh !== 0);
  const estimated = quality ? quality.hours.some((share) => share !== 0) : false;
  return {
    nmi,
    accountId,
    marketDate: day.date,
    hasImport: day.hasImport,
    hasExport: day.hasExport,
    tariffCode: spend?.tariffCode ?? null,
    usageMicroKwh: day.usageMicroKwh,
    exportMicroKwh: day.exportMicroKwh,
    gridSpend: spend ? String(spend.gridSpend) : null,
    solarInput: spend ? String(spend.solarInput) : null,
    serviceCharge: spend ? String(spend.serviceCharge) : null,
    concession: spend ? String(spend.concession) : null,
    hourGrid: spend ? moneyText(hours.map((hour) => hour.gridSpend)) : null,
    hourSolar: spend && exported ? moneyText(hours.map((hour) => hour.solarInput)) : null,
    hourWaived: day.waived ? moneyText(day.waived) : null,
    hourUsage: spend ? hours.map((hour) => hour.usageMicroKwh) : null,
    hourExport: spend && exported ? hours.map((hour) => hour.solarMicroKwh) : null,
    // Stored as whole percents: a share is percent / 100, the same number the week computes.
    estimatedPercent: quality ? Math.round(quality.day * 100) : null,
    hourEstimatedPercent: quality && estimated ? quality.hours.map((share) => Math.round(share * 100)) : null,
    partNames: spend && parts ? parts.names : null,
    partUsage: spend && parts ? parts.usage : null,
    partSpend: spend && parts ? moneyText(parts.spend) : null,
    partAlwaysOnUsage: spend && parts?.alwaysOnUsage ? parts.alwaysOnUsage : null,
    partAlwaysOnSpend: spend && parts?.alwaysOnSpend ? moneyText(parts.alwaysOnSpend) : null,
  };
}

/** A stored day as the week, the forecast and the emails read it. */
export interface StoredDay {
  date: string;
  hasImport: boolean;
  hasExport: boolean;
  usageMicroKwh: number | null;
  spend: DaySpend | null;
  waived: Money[] | null;
  quality: DayQuality | null;
  /** Null when the day was not priced. */
  parts: DayParts | null;
}

/** A stored day as its read selects it: exact values and lists as text. */
export interface StoredDayRow {
  market_date: string;
  has_import: boolean;
  has_export: boolean;
  tariff_code: string | null;
  usage_micro_kwh: string | number | null;
  export_micro_kwh: string | number | null;
  grid_spend: string | null;
  solar_input: string | null;
  service_charge: string | null;
  concession: string | null;
  total_spend: string | null;
  hour_grid: string | null;
  hour_solar: string | null;
  hour_waived: string | null;
  hour_usage: string | null;
  hour_export: string | null;
  estimated_percent: number | null;
  hour_estimated_percent: string | null;
  /** JSON array text. */
  part_names: string | null;
  part_usage: string | null;
  part_spend: string | null;
  part_always_on_usage: string | null;
  part_always_on_spend: string | null;
}

const HOURS = 24;
const ZEROS = new Array<number>(HOURS).fill(0);
const split = (text: string | null) => (text === null || text === '' ? null : text.split(','));

function moneyList(text: string | null): Money[] | null {
  const parts = split(text);
  return parts ? parts.map((part) => BigInt(part)) : null;
}

function numberList(text: string | null): number[] | null {
  const parts = split(text);
  return parts ? parts.map(Number) : null;
}

/** The stored day of a row read as text. */
export function decodeStoredDay(row: StoredDayRow): StoredDay {
  const usageMicroKwh = row.usage_micro_kwh === null ? null : Number(row.usage_micro_kwh);
  let spend: DaySpend | null = null;
  if (row.tariff_code !== null) {
    const grid = moneyList(row.hour_grid) ?? [];
    const solar = moneyList(row.hour_solar);
    const usage = numberList(row.hour_usage) ?? ZEROS;
    const exported = numberList(row.hour_export) ?? ZEROS;
    const hours = Array.from({ length: HOURS }, (_, hour) =>
      hourSpend(hour, grid[hour] ?? 0n, solar?.[hour] ?? 0n, usage[hour] ?? 0, exported[hour] ?? 0),
    );
    spend = {
      date: row.market_date,
      tariffCode: row.tariff_code,
      gridSpend: BigInt(row.grid_spend ?? 0),
      solarInput: BigInt(row.solar_input ?? 0),
      serviceCharge: BigInt(row.service_charge ?? 0),
      concession: BigInt(row.concession ?? 0),
      totalSpend: BigInt(row.total_spend ?? 0),
      usageMicroKwh: usageMicroKwh ?? 0,
      solarMicroKwh: Number(row.export_micro_kwh ?? 0),
      hours,
    };
  }
  const percents = numberList(row.hour_estimated_percent) ?? ZEROS;
  const names = row.part_names === null ? null : (JSON.parse(row.part_names) as string[]);
  return {
    date: row.market_date,
    hasImport: row.has_import,
    hasExport: row.has_export,
    usageMicroKwh,
    spend,
    waived: moneyList(row.hour_waived),
    quality:
      row.estimated_percent === null
        ? null
        : { day: row.estimated_percent / 100, hours: percents.map((percent) => percent / 100) },
    parts:
      spend && names
        ? {
            names,
            usage: numberList(row.part_usage) ?? [],
            spend: moneyList(row.part_spend) ?? [],
            alwaysOnUsage: numberList(row.part_always_on_usage),
            alwaysOnSpend: moneyList(row.part_always_on_spend),
          }
        : null,
  };
}
