/**
 * The Tracker's usage response (docs/api.md#entities, docs/tracker-figures.md): a week of spend per day and per hour, the insights and
 * the quarterly forecast, computed by the server from stored reads and tariffs. Money in dollars, energy in
 * kWh, times in AEST. Fields the specification names with a leading underscore are derived by the web app
 * and are not part of the response.
 */
import { z } from 'zod';
import { accountIdSchema, customerSchema } from './account.ts';
import { BUDGET_MAX } from './limits.ts';
import { marketDateSchema } from './market-date.ts';

export const timePointSchema = z.object({
  /** Weekday name, e.g. 'Monday'. */
  day: z.string(),
  /** Day of the month, 1-31. */
  date: z.number().int().min(1).max(31),
  /** Month name, e.g. 'November'. */
  month: z.string(),
  /** The date as YYYYMMDD. */
  yyyymmdd: z.string().regex(/^\d{8}$/),
  /** HH:mm in AEST. */
  time: z.string().regex(/^\d{2}:\d{2}$/),
});
export type TimePoint = z.infer<typeof timePointSchema>;

export const intervalRangeSchema = z.object({ starts_at: timePointSchema, ends_at: timePointSchema });
export type IntervalRange = z.infer<typeof intervalRangeSchema>;

/** A column's numbers; null where there is no data (the column shows 'No data'). */
export const columnDataSchema = z.object({
  total_spend: z.number().nullable(),
  grid_spend: z.number().nullable(),
  service_charge: z.number().nullable(),
  solar_input: z.number().nullable(),
  solar_kwh: z.number().nullable(),
  /**
   * Beyond the specification: the daily concession credit (0 for an hour), so that a day's figures add up:
   * total_spend = grid_spend + service_charge - solar_input - concession.
   */
  concession: z.number().nullable(),
  /** Beyond the specification: kWh from the grid beside the spend. */
  usage_kwh: z.number().nullable(),
  /** Same weekday (or hour of it) over the previous 5 weeks with data. */
  average_spend: z.number().nullable(),
});
export type ColumnData = z.infer<typeof columnDataSchema>;

export const trendSchema = z.object({
  up: z.boolean(),
  down: z.boolean(),
  stable: z.boolean(),
  /** This period's spend divided by its average. */
  value_to_times: z.number(),
});
export type Trend = z.infer<typeof trendSchema>;

export const dayPeriods = ['night', 'morning', 'afternoon', 'evening'] as const;
export const diversionSchema = z.object({
  trend: z.enum(['more', 'less']),
  /** Dollars above or below the period's average. */
  value: z.number(),
  value_to_times: z.number(),
  period: z.enum(dayPeriods),
});
export type Diversion = z.infer<typeof diversionSchema>;

export const intervalMetadataSchema = z.object({ has_solar: z.boolean().optional() });

export const hourEntrySchema = z.object({
  interval_range: intervalRangeSchema,
  metadata: intervalMetadataSchema,
  data: columnDataSchema,
  /** Share of the hour's intervals that were estimated or substituted (0 when all are actual). */
  estimated_share: z.number().min(0).max(1),
  /**
   * Beyond the specification: the usage charge Happy Hours waived in the hour, in dollars; present only on an
   * hour of the account's free slot that used energy (its grid_spend is then 0).
   */
  happy_hours_saving: z.number().min(0).optional(),
  insights: z.object({}),
});
export type HourEntry = z.infer<typeof hourEntrySchema>;

/** What a part of the spend is (docs/tracker-figures.md#where-your-money-goes), in the order shown. */
export const moneyPartKinds = [
  'always_on',
  'usage',
  'controlled_load',
  'supply',
  'solar_credit',
  'concession',
] as const;
export type MoneyPartKind = (typeof moneyPartKinds)[number];

export const moneyPartSchema = z.object({
  part: z.enum(moneyPartKinds),
  /**
   * For `usage`, the period of the day it was used in: a time-of-use period's name from the tariff, or for a
   * flat rate 'night' (0-6), 'morning' (6-12), 'afternoon' (12-18) or 'evening' (18-24 AEST); null otherwise.
   */
  period: z.string().nullable(),
  /** Dollars, as shown: credits (solar, concession) negative; the parts add up to the total_spend beside them. */
  spend: z.number(),
  /** kWh of the always-on, usage and controlled-load parts (for usage, above always-on); null for the others. */
  usage_kwh: z.number().nullable(),
});
export type MoneyPart = z.infer<typeof moneyPartSchema>;

/**
 * Beyond the specification (issue 28 item 1): where the money goes, for a day or the week. Always on, each
 * period's usage above it, controlled load, supply, less the solar credit and concession, adding up to the
 * total_spend shown beside them to the cent.
 */
export const moneyPartsSchema = z.object({
  parts: z.array(moneyPartSchema),
  /** The days whose always-on figure is known (night reads); the always-on part covers only those. */
  always_on_days: z.number().int().min(0).max(7),
});
export type MoneyParts = z.infer<typeof moneyPartsSchema>;

export const dayEntrySchema = z.object({
  interval_range: intervalRangeSchema,
  metadata: intervalMetadataSchema,
  data: columnDataSchema,
  estimated_share: z.number().min(0).max(1),
  insights: z.object({ trend: trendSchema.nullable(), diversion: diversionSchema.nullable() }),
  intervals: z.array(hourEntrySchema).length(24),
  /** Beyond the specification: where the day's money goes; null for a day without data. */
  money_parts: moneyPartsSchema.nullable(),
});
export type DayEntry = z.infer<typeof dayEntrySchema>;

export const solarCurtailmentSchema = z.object({
  cumulative_hours_curtailed: z.number(),
  cumulative_kwh_curtailed: z.number(),
  cumulative_benefit: z.number(),
  /** The account is in the Solar Advantage trial. */
  applicable: z.boolean(),
  /** The trial's welcome has been seen. */
  welcome_banner: z.boolean(),
});
export type SolarCurtailment = z.infer<typeof solarCurtailmentSchema>;

export const weeklyInsightsSchema = z.object({
  max_spend: z.object({ day: marketDateSchema, value: z.number() }).nullable(),
  weekly_average_spend: z.number().nullable(),
  trend: trendSchema.nullable(),
  /**
   * Beyond the specification: what the trend compares the week's spend with. For a whole week, the weekly
   * average (days 7); for the week in progress, the average's share for its days with data (spend =
   * weekly_average_spend x days / 7), so "9% more" is said of like for like.
   */
  trend_basis: z.object({ spend: z.number(), days: z.number().int().min(1).max(7) }).nullable(),
  solar_export: z.number().nullable(),
  solar_export_kwh: z.number().nullable(),
  solar_curtailment: solarCurtailmentSchema.nullable(),
  /** Beyond the specification: the week's totals. */
  total_spend: z.number().nullable(),
  usage_kwh: z.number().nullable(),
  /** Beyond the specification: where the week's money goes; null for a week without data. */
  money_parts: moneyPartsSchema.nullable(),
});
export type WeeklyInsights = z.infer<typeof weeklyInsightsSchema>;

export const neighbourWeekSchema = z.object({
  /** The week's Monday, or null for a week that has not started (or before the first market week). */
  from: marketDateSchema.nullable(),
  has_data: z.boolean(),
});

export const forecastSchema = z.object({
  quarter_start: marketDateSchema,
  quarter_end: marketDateSchema,
  spend_to_date: z.number(),
  /** Null when there is not enough data to project. */
  projected_total: z.number().nullable(),
  days_with_data: z.number().int(),
  days_projected: z.number().int(),
  /** The method in words, e.g. "Based on your last 5 weeks, adjusted for last year's seasonal change". */
  method: z.string(),
});
export type Forecast = z.infer<typeof forecastSchema>;

export const usageResponseSchema = z
  .object({
    customer: customerSchema,
    metadata: z.object({ has_solar: z.boolean() }),
    previous_week: neighbourWeekSchema,
    next_week: neighbourWeekSchema,
    current_week: z.object({
      interval_range: intervalRangeSchema,
      insights: weeklyInsightsSchema,
      intervals: z.array(dayEntrySchema).length(7),
    }),
    forecast: forecastSchema,
  })
  .meta({ id: 'UsageResponse' });
export type UsageResponse = z.infer<typeof usageResponseSchema>;

export const usageQuerySchema = z.object({
  account_id: accountIdSchema,
  /** Any date of the week; normalised to its Monday. Default: this week. */
  from: marketDateSchema.optional(),
});
export type UsageQuery = z.input<typeof usageQuerySchema>;

/** Budget: whole dollars per week, 0 (off) to BUDGET_MAX (docs/rules.md#validation). */
export const spendTargetBodySchema = z.object({
  spend_target: z.number().int().min(0).max(BUDGET_MAX),
});
export type SpendTargetBody = z.input<typeof spendTargetBodySchema>;
