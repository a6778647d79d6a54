/** Small-business profile survey (spec §2): /new/sme_survey/{accountId}/{from?}. */
import { SurveyForm } from './survey-form.tsx';

export function SmeSurveyPage() {
  return <SurveyForm segment="sme" />;
}
