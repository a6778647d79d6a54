/** When the Tracker invites the customer to the profile survey (docs/rules.md#validation), and which survey. */
import { type Customer, paths } from '@portal/contracts';

/**
 * Only for a customer who clicked an email link at least twice, on every third click count
 * ((count + 1) divisible by 3), who has not completed the survey, and only on the current week.
 */
export function shouldShowSurvey(customer: Customer, isCurrentWeek: boolean): boolean {
  const count = customer.email_click_count;
  return count >= 2 && (count + 1) % 3 === 0 && !customer.completed_survey && isCurrentWeek;
}

/** Small businesses get their own survey; the `from` segment rides along so the survey returns to this week. */
export function surveyHref(customer: Customer, accountId: string, from?: string): string {
  return customer.market_segment === 'sme'
    ? paths.smeSurvey.href(accountId, from)
    : paths.survey.href(accountId, from);
}
