/**
 * GET /api/tracker/quarter_comparison (issue 28 item 2, docs/tracker-figures.md#this-quarter-against-last-year):
 * this billing quarter so far against the same dates last year, the difference split into parts that add up
 * to it as shown. Apart from insights.ts, whose wording the web app imports without loading zod
 * (docs/decisions/0010).
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { quarterChangeParts, similarHomesRatings, similarHomesStatuses } from './insights.ts';
import { marketDateSchema } from './market-date.ts';

export const insightsQuerySchema = z.object({ account_id: accountIdSchema });
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

const period = z.object({
  from: marketDateSchema,
  to: marketDateSchema,
  /** Dollars: the exact sum of the days' totals, rounded once to the cent (as the forecast's; decision 0043). */
  total: z.number(),
  days_with_data: z.number().int().min(0),
  /** Calendar days from `from` to `to`. */
  days: z.number().int().min(0),
});

export const quarterComparisonSchema = z
  .object({
    quarter_start: marketDateSchema,
    quarter_end: marketDateSchema,
    /** This quarter so far: its first day to yesterday. */
    this_year: period,
    /** The same dates a year earlier. */
    same_dates_last_year: period,
    /** The whole of the same quarter last year. */
    last_year_quarter: period,
    /** The quarter's projected total (the Tracker's forecast), null when it cannot be projected. */
    projected_total: z.number().nullable(),
    /** Whether both periods have enough data to compare (the rule is in `method`). */
    enough_data: z.boolean(),
    /** this_year.total - same_dates_last_year.total; null without enough data. */
    difference: z.number().nullable(),
    /** The difference split into parts adding up to it to the cent, in this order; empty without enough data. */
    parts: z.array(z.object({ part: z.enum(quarterChangeParts), amount: z.number() })),
    /** How the figures are worked out, in words (or why there is not enough data). */
    method: z.array(z.string()),
  })
  .meta({ id: 'QuarterComparison' });
export type QuarterComparison = z.infer<typeof quarterComparisonSchema>;

/** GET /api/tracker/similar_homes (issue 28 item 3): the account's stored comparison with similar homes. */
export const similarHomesSchema = z
  .object({
    status: z.enum(similarHomesStatuses),
    /** The 4 complete weeks compared; null before a comparison. */
    period_from: marketDateSchema.nullable(),
    period_to: marketDateSchema.nullable(),
    /** kWh a day, to 0.1; null unless compared (own also with a group too small). */
    own_kwh_per_day: z.number().nullable(),
    median_kwh_per_day: z.number().nullable(),
    /** The group's 20th percentile: its efficient 20%. */
    efficient_kwh_per_day: z.number().nullable(),
    /** How many homes the group has (at least 20); null unless compared. */
    homes: z.number().int().nullable(),
    rating: z.enum(similarHomesRatings).nullable(),
    /** Where to answer the survey, for an account without a profile. */
    survey_path: z.string().nullable(),
    /** When the batch compared it (ISO time); null before. */
    computed_at: z.string().nullable(),
  })
  .meta({ id: 'SimilarHomes' });
export type SimilarHomes = z.infer<typeof similarHomesSchema>;
