/**
 * GET /api/tracker/quarter_comparison (issue 28 item 2, docs/tracker-figures.md#this-quarter-against-last-year):
 * this billing quarter so far against the same dates last year, the difference split into parts that add up
 * to it as shown. Apart from insights.ts, whose wording the web app imports without loading zod
 * (docs/decisions/0010).
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { quarterChangeParts } from './insights.ts';
import { marketDateSchema } from './market-date.ts';

export const insightsQuerySchema = z.object({ account_id: accountIdSchema });
export type InsightsQuery = z.input<typeof insightsQuerySchema>;

const period = z.object({
  from: marketDateSchema,
  to: marketDateSchema,
  /** Dollars: the sum of the days' totals as Tracker shows them. */
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
