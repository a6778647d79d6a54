/** Residential profile survey (docs/screens.md): /new/survey/{accountId}/{from?}. */
import { SurveyForm } from './survey-form.tsx';

export function SurveyPage() {
  return <SurveyForm segment="residential" />;
}
