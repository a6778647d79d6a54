/** Small-business profile survey (docs/screens.md): /new/sme_survey/{accountId}/{from?}. */
import { SurveyForm } from './survey-form.tsx';

export function SmeSurveyPage() {
  return <SurveyForm segment="sme" />;
}
