/**
 * The email snapshot subscription calls' schemas (docs/api.md#calls). Apart from subscriptions.ts, whose constants and
 * wording the web app imports without loading zod (docs/decisions/0010).
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { subscriptionTypes } from './subscriptions.ts';

export const subscriptionTypeSchema = z
  .enum(subscriptionTypes)
  .meta({ description: "'Subscriptions::WeeklyEmail' (Mondays) or 'Subscriptions::MonthlyEmail' (the 1st)" });

/** GET /api/tracker/subscription answers this (and POST and PUT answer it after the change). */
export const subscriptionSchema = z
  .object({
    subscribed: z.boolean(),
    type: subscriptionTypeSchema,
    next_mailing_date: z.iso
      .date()
      .nullable()
      .meta({ description: 'The next snapshot date (AEST), null when not subscribed' }),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /api/tracker/subscription body (docs/api.md#calls): subscribe or unsubscribe, optionally choosing the type. */
export const subscriptionUpdateBodySchema = z
  .object({
    account_id: accountIdSchema,
    data: z
      .object({
        type: subscriptionTypeSchema.optional().meta({ description: 'Kept as it was when absent' }),
        subscribed: z.boolean(),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'SubscriptionUpdate' });
export type SubscriptionUpdateBody = z.infer<typeof subscriptionUpdateBodySchema>;

/** PUT /api/tracker/subscription/change_frequency body (docs/api.md#calls): weekly becomes monthly and back. */
export const changeFrequencyBodySchema = z
  .object({ account_id: accountIdSchema })
  .strict()
  .meta({ id: 'ChangeFrequency' });
export type ChangeFrequencyBody = z.input<typeof changeFrequencyBodySchema>;

/** GET /api/tracker/budget_alert answers this, and PUT answers it after the change (docs/budget-alerts.md). */
export const budgetAlertSettingSchema = z
  .object({
    enabled: z.boolean().meta({
      description: 'Whether the budget alert is on: sent to subscribers only, on unless turned off',
    }),
    budget: z.number().int().min(0).max(99).meta({ description: 'The weekly budget in dollars; 0: none' }),
  })
  .meta({ id: 'BudgetAlertSetting' });
export type BudgetAlertSetting = z.infer<typeof budgetAlertSettingSchema>;

/** PUT /api/tracker/budget_alert body: turn the budget alert on or off (a subscriber only, else 409). */
export const budgetAlertUpdateBodySchema = z
  .object({ account_id: accountIdSchema, enabled: z.boolean() })
  .strict()
  .meta({ id: 'BudgetAlertUpdate' });
export type BudgetAlertUpdateBody = z.infer<typeof budgetAlertUpdateBodySchema>;
