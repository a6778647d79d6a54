/**
 * GET /api/tracker/plans (issue 17, docs/plans.md): every plan open to an account priced on its own last 12
 * months of meter data. Apart from plans.ts, whose wording the web app imports without loading zod
 * (docs/decisions/0010).
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { marketDateSchema } from './market-date.ts';

export const plansQuerySchema = z.object({ account_id: accountIdSchema });
export type PlansQuery = z.input<typeof plansQuerySchema>;

export const planCostSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    /** The account's plan today. */
    current: z.boolean(),
    /** A generally available plan the account may take (the current plan may be an older one). */
    on_offer: z.boolean(),
    yearly_cost: z.number().describe('The estimated cost of a year on this plan, dollars including GST'),
    usage: z.number().describe('Usage charges of the year (controlled load included), dollars including GST'),
    supply: z.number().describe('Supply charges of the year, dollars including GST'),
    solar_credit: z.number().describe('Feed-in credit of the year (subtracted), dollars including GST'),
    concession: z.number().describe('Concession of the year (subtracted), dollars including GST'),
    saving: z
      .number()
      .nullable()
      .describe(
        "The current plan's yearly cost less this plan's, dollars including GST (negative: this plan costs more; null without a current plan)",
      ),
    how: z.array(z.string()).describe('How the figures were worked out, in plain words'),
  })
  .meta({ id: 'PlanCost' });
export type PlanCost = z.infer<typeof planCostSchema>;

export const plansResponseSchema = z
  .object({
    account_id: z.string(),
    from: marketDateSchema.describe('First day of the 12 months compared'),
    to: marketDateSchema.describe('Last day of the 12 months compared (yesterday, AEST)'),
    days_with_data: z.number().int().describe('Days of the 12 months with meter data'),
    scaled: z.boolean().describe('Fewer than 365 days of data: each cost was scaled to a year'),
    enough_data: z.boolean().describe('False below the minimum days of data: no plan is priced'),
    method: z.string().describe('How the yearly figures were worked out, or why there are none'),
    gst_included: z.literal(true),
    plans: z.array(planCostSchema).describe('Cheapest first'),
    better_offer: z
      .object({ code: z.string(), name: z.string(), yearly_saving: z.number() })
      .nullable()
      .describe('The cheapest plan on offer when it saves at least min_saving a year'),
    min_saving: z.number().describe('The smallest yearly saving shown as a better offer, dollars'),
  })
  .meta({ id: 'PlansResponse' });
export type PlansResponse = z.infer<typeof plansResponseSchema>;
