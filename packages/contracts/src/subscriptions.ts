/**
 * The email snapshot subscription (spec §3 Subscription, §4, §7 subscription calls) and the words of the
 * Settings screen. The type names are the specification's: 'Subscriptions::WeeklyEmail' is weekly, any other
 * value is treated as monthly; our server stores and answers 'Subscriptions::MonthlyEmail' for monthly.
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { dayOfWeek, MONTH_NAMES, WEEKDAY_NAMES } from './market-time.ts';

export const WEEKLY_EMAIL = 'Subscriptions::WeeklyEmail';
export const MONTHLY_EMAIL = 'Subscriptions::MonthlyEmail';
export const subscriptionTypes = [WEEKLY_EMAIL, MONTHLY_EMAIL] as const;
export const subscriptionTypeSchema = z
  .enum(subscriptionTypes)
  .meta({ description: "'Subscriptions::WeeklyEmail' (Mondays) or 'Subscriptions::MonthlyEmail' (the 1st)" });
export type SubscriptionType = z.infer<typeof subscriptionTypeSchema>;

export type EmailFrequency = 'weekly' | 'monthly';

/** Spec §3: 'Subscriptions::WeeklyEmail' is weekly; any other value is treated as monthly. */
export const frequencyOf = (type: string | null | undefined): EmailFrequency =>
  type === WEEKLY_EMAIL ? 'weekly' : 'monthly';

export const typeOfFrequency = (frequency: EmailFrequency): SubscriptionType =>
  frequency === 'weekly' ? WEEKLY_EMAIL : MONTHLY_EMAIL;

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

/** POST /api/tracker/subscription body (spec §7): subscribe or unsubscribe, optionally choosing the type. */
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

/** PUT /api/tracker/subscription/change_frequency body (spec §7): weekly becomes monthly and back. */
export const changeFrequencyBodySchema = z
  .object({ account_id: accountIdSchema })
  .strict()
  .meta({ id: 'ChangeFrequency' });

/** Words of the Settings screen (spec §2 describes only its behaviour). */
export const settingsCopy = {
  intro:
    'Get a snapshot of your electricity spend by email: what you spent, how it compares, and your budget.',
  subscribedWeekly: 'You get a weekly email snapshot, every Monday, for the week before.',
  subscribedMonthly: 'You get a monthly email snapshot, on the 1st, for the month before.',
  unsubscribed: 'You do not get email snapshots.',
  nextEmail: 'Your next email: {date}.',
  nextEmailDue: 'Your next email is on its way.',
  subscribe: 'Subscribe',
  unsubscribe: 'Unsubscribe',
  frequencyLegend: 'How often',
  weekly: 'Weekly',
  monthly: 'Monthly',
  loading: 'Loading',
  retry: 'Try again',
} as const;

/** A market date for people: '2026-11-23' is 'Monday 23 November 2026'. */
export function formatLongDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}
