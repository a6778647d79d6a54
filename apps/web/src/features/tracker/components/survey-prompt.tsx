/** The survey invitation (docs/rules.md#validation): shown by the page only when `shouldShowSurvey` allows it. */
import { type Customer, trackerCopy } from '@portal/contracts';
import { Link } from 'react-router';
import { surveyHref } from '../lib/survey-prompt.ts';

export function SurveyPrompt({
  customer,
  accountId,
  from,
}: {
  customer: Customer;
  accountId: string;
  from?: string;
}) {
  return (
    <aside className="tracker-survey" aria-label={trackerCopy.surveyLink} data-testid="survey-prompt">
      <p>{customer.market_segment === 'sme' ? trackerCopy.smeSurveyPrompt : trackerCopy.surveyPrompt}</p>
      <Link className="button button--primary" to={surveyHref(customer, accountId, from)}>
        {trackerCopy.surveyLink}
      </Link>
    </aside>
  );
}
