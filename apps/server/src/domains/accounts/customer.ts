/**
 * The customer block of docs/api.md#entities: an account's settings as the web app reads them, in the answer
 * of GET /api/accounts/customer and inside every usage answer.
 */
import type { AccountRow } from '../../db/schema.ts';

export const toCustomer = (account: AccountRow) => ({
  budget: account.spendTarget,
  no_email: account.noEmail,
  email_click_count: account.emailClickCount,
  completed_survey: account.completedSurvey,
  market_segment: account.marketSegment,
});
