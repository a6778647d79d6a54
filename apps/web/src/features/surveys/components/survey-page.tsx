/** Residential profile survey (spec §2): /new/survey/{accountId}/{from?}. */
import { SurveyForm } from './survey-form.tsx';

export function SurveyPage() {
  return <SurveyForm segment="residential" />;
}
