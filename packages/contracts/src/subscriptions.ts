/**
 * The email snapshot subscription (docs/api.md#entities Subscription, docs/rules.md#states-and-transitions, docs/api.md#calls subscription calls) and the words of the
 * Settings screen. The type names are the specification's: 'Subscriptions::WeeklyEmail' is weekly, any other
 * value is treated as monthly; our server stores and answers 'Subscriptions::MonthlyEmail' for monthly. The
 * calls' schemas are in subscriptions-schemas.ts, apart, so that the Settings screen does not load zod
 * (docs/decisions/0010).
 */
import { dayOfWeek, MONTH_NAMES, WEEKDAY_NAMES } from './market-time.ts';

export const WEEKLY_EMAIL = 'Subscriptions::WeeklyEmail';
export const MONTHLY_EMAIL = 'Subscriptions::MonthlyEmail';
export const subscriptionTypes = [WEEKLY_EMAIL, MONTHLY_EMAIL] as const;
export type SubscriptionType = (typeof subscriptionTypes)[number];

export type EmailFrequency = 'weekly' | 'monthly';

/** docs/api.md#entities: 'Subscriptions::WeeklyEmail' is weekly; any other value is treated as monthly. */
export const frequencyOf = (type: string | null | undefined): EmailFrequency =>
  type === WEEKLY_EMAIL ? 'weekly' : 'monthly';

export const typeOfFrequency = (frequency: EmailFrequency): SubscriptionType =>
  frequency === 'weekly' ? WEEKLY_EMAIL : MONTHLY_EMAIL;

/** Words of the Settings screen (docs/screens.md describes only its behaviour). */
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

/** The words of the email snapshots (docs/email-snapshots.md); `{name}` placeholders are filled with formatMessage. */
export const snapshotCopy = {
  subjectWeekly: 'Your Tracker snapshot: {total} for the week of {range}',
  subjectMonthly: 'Your Tracker snapshot: {total} for {month}',
  headingWeekly: 'Your week: {range}',
  headingMonthly: 'Your month: {month}',
  brand: '{retailer} Tracker',
  spent: 'spent on electricity ({kwh} kWh)',
  coverage: 'Based on {days} of {total} days with meter data.',
  averageHigher: '{percent}% more than your average of {average} over the previous {count}.',
  averageLower: '{percent}% less than your average of {average} over the previous {count}.',
  averageSame: 'About the same as your average of {average} over the previous {count}.',
  weeks: 'weeks',
  week: 'week',
  months: 'months',
  month: 'month',
  lastYearWeekly: 'The same week last year: {amount}.',
  lastYearMonthly: '{month} last year: {amount}.',
  budgetTitle: 'Budget',
  budgetProgressWeekly: 'You used {percent}% of your {budget} weekly budget.',
  budgetProgressMonthly: 'You used {percent}% of your {budget} budget for the month ({weekly} a week).',
  budgetOver: 'You went {amount} over your budget.',
  budgetUnder: 'You stayed {amount} under your budget.',
  highestDay: 'Your highest day: {day}, {amount}.',
  solar: 'Solar credit: {amount} for {kwh} kWh sent to the grid.',
  /** Where the money went (issue 28 item 1): a line per part, as in Tracker. */
  moneyPartsTitle: 'Where your money went',
  /** {part} as Tracker names it, {amount} in dollars. */
  moneyPart: '{part}: {amount}',
  /** The same with the part's energy: {kwh} to 1 decimal. */
  moneyPartKwh: '{part}: {amount} ({kwh} kWh)',
  moneyPartsAlwaysOn:
    'Always on is what your home draws around the clock, from its quietest half-hour overnight.',
  forecastTitle: 'This quarter',
  forecast: 'Projected bill for {from} to {to}: {projected} ({spent} so far).',
  forecastToDate: 'Spent so far this quarter ({from} to {to}): {spent}.',
  forecastNote: 'A projection only, from your recent usage: not a bill.',
  viewWeek: 'See your week in Tracker',
  viewMonth: 'See your usage in Tracker',
  changeSlot: 'Change your Happy Hours time slot',
  settingsLine: 'You get this email because you subscribed to Tracker snapshots.',
  settingsLink: 'Change how often, or unsubscribe',
  phone: 'Questions? Call us on {phone}.',
  aest: 'Times and dates are in Australian Eastern Standard Time (AEST).',
} as const;

/** The words of the budget alert email (docs/budget-alerts.md, decision 0040). */
export const budgetAlertCopy = {
  subject: 'Your week is on track to go over your {budget} budget',
  subjectOver: 'Your week has gone over your {budget} budget',
  heading: 'Your week of {range}',
  projected: 'On track for {projected} this week, {over} more than your {budget} weekly budget.',
  alreadyOver: 'You have spent {spent} this week, {over} more than your {budget} weekly budget.',
  spent: 'Spent so far: {spent}, on {days} with meter data.',
  rest: 'Still to come, at your usual spend: {rest}.',
  canSave: 'There is still time to bring it down this week.',
  daysTitle: 'Your days',
  dayActual: '{day}: {amount}',
  dayProjected: '{day}: {amount} expected (your average)',
  dayNoAverage: '{day}: no average yet, counted as {amount}',
  methodTitle: 'How we project your week',
  method:
    'Each day without meter data yet is counted at its average: what you spent on the same weekday over the last {weeks} weeks with data, the Average marker in Tracker. Days with meter data count as Tracker shows them.',
  viewWeek: 'See your week in Tracker',
  why: 'You get this alert at most once a week, when your week is on track to go over your budget.',
  turnOff: 'Turn off budget alerts',
  day: 'day',
  days: 'days',
} as const;

/** The words of the Settings screen's budget alert control (docs/budget-alerts.md). */
export const budgetAlertSettingsCopy = {
  legend: 'Budget alert',
  label: 'Email me during the week when my spend is on track to go over my weekly budget',
  budget: 'Your weekly budget: {budget}.',
  noBudget: 'You have no weekly budget: set one in Tracker to get alerts.',
  turnedOn: 'Budget alerts turned on.',
  turnedOff: 'Budget alerts turned off.',
  loadError: 'Your budget alert setting could not be loaded. Please try again later.',
} as const;
