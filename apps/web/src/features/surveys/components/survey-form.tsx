/**
 * A profile survey (docs/screens.md): the header 'Tracker Survey' with Skip, the intro, the markers' explanation,
 * every question of the segment, and Submit at the end. Submit with an unanswered question shows 'Please
 * answer all the questions' and marks (and focuses) the first one left; Skip and a saved survey return to
 * the Tracker, to the week the customer came from.
 */
import {
  formatMessage,
  type MarketSegment,
  messages,
  paths,
  SURVEY_SIZE_MAX,
  type SurveyQuestion,
  screenTitles,
  surveyCopy,
  surveyNotices,
  surveyQuestions,
  surveySizeProblem,
} from '@portal/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { isAccountRefused, lookupProblemMessage } from '../../../shared/components/lookup-problem.tsx';
import { PageLoading } from '../../../shared/components/page-loading.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useSurveyCustomer } from '../api/get-customer.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { toggleOption } from '../lib/multi-select.ts';
import {
  completeProfile,
  emptyAnswers,
  loadSurveySchemas,
  type SurveyAnswers,
  unansweredQuestions,
} from '../lib/profile.ts';
import { SurveyQuestionFieldset } from './survey-question.tsx';
import './survey.css';

export function SurveyForm({ segment }: { segment: MarketSegment }) {
  useDocumentTitle(screenTitles.survey);
  const { accountId = '', from } = useParams();
  const questions = surveyQuestions[segment];
  const [answers, setAnswers] = useState<SurveyAnswers>(emptyAnswers);
  const [attempted, setAttempted] = useState(false);
  /** The message of each size found wrong at the last Submit, by question key, until it is edited. */
  const [sizeErrors, setSizeErrors] = useState<Record<string, string>>({});
  const { showAlert } = useAlert();
  const save = useUpdateProfile(accountId, from);
  const customer = useSurveyCustomer(accountId);
  // A submit waiting for the schema: a second click in that moment sends nothing more.
  const checking = useRef(false);
  const missing = attempted ? new Set(unansweredQuestions(questions, answers)) : new Set<string>();

  useEffect(() => {
    void loadSurveySchemas();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || checking.current) return;
    const form = event.currentTarget;
    const errors = sizeProblems(form, questions, answers);
    const unanswered = new Set(unansweredQuestions(questions, answers));
    checking.current = true;
    const profile = await completeProfile(segment, questions, answers).finally(() => {
      checking.current = false;
    });
    if (!profile || Object.keys(errors).length > 0) {
      setAttempted(true);
      setSizeErrors(errors);
      // The first problem in the form's order is said and focused: a question left unanswered, or a size that
      // is wrong, named (issue 26 item 13), never 'Please answer all the questions' for a wrong size.
      const first = questions.find((question) => unanswered.has(question.key) || errors[question.key]);
      const sizeMessage = first ? errors[first.key] : undefined;
      showAlert({ kind: 'warning', message: sizeMessage ?? messages.surveyIncomplete });
      if (first) {
        const target = form.querySelector<HTMLInputElement>(
          sizeMessage ? `#survey-${first.key}-size` : `#survey-${first.key} input:not(:disabled)`,
        );
        // Centred rather than scrolled to the top, where the alert banner would cover it and its message.
        target?.focus({ preventScroll: true });
        target?.scrollIntoView?.({ block: 'center' });
      }
      return;
    }
    save.mutate(profile);
  }

  // The account's own survey, known before any question (issue 26 item 12): another segment's survey could only
  // be refused when sent, and an account the server refuses cannot answer either. A look-up failing otherwise
  // leaves the questions (the server checks the segment anyway).
  const refused = customer.error && isAccountRefused(customer.error) ? customer.error : null;
  const wrongSegment =
    customer.data && customer.data.market_segment !== segment ? customer.data.market_segment : null;

  const update = (change: (draft: SurveyAnswers) => SurveyAnswers) =>
    setAnswers((current) => change(current));

  return (
    <section className="page survey" aria-labelledby="survey-title">
      <div className="survey__header">
        <h1 id="survey-title">{screenTitles.survey}</h1>
        <Link className="button button--secondary survey__skip" to={paths.usage.href(accountId, from)}>
          {surveyCopy.skip}
        </Link>
      </div>
      {refused || wrongSegment ? null : (
        <>
          <p className="survey__intro">
            {segment === 'sme' ? surveyCopy.smeIntro : surveyCopy.residentialIntro}
          </p>
          <p className="survey__notes">
            {surveyCopy.requiredNote} {surveyCopy.multiNote}
          </p>
        </>
      )}
      {refused ? (
        <p className="survey__notice" data-testid="survey-refused">
          {lookupProblemMessage(refused, messages.invalidAccountId)}
        </p>
      ) : wrongSegment ? (
        <div className="survey__notice" data-testid="wrong-survey">
          <p>{segment === 'sme' ? surveyNotices.wrongSurveyResidential : surveyNotices.wrongSurveySme}</p>
          <Link
            className="button button--primary"
            to={
              wrongSegment === 'sme'
                ? paths.smeSurvey.href(accountId, from)
                : paths.survey.href(accountId, from)
            }
          >
            {wrongSegment === 'sme' ? surveyNotices.linkSme : surveyNotices.linkResidential}
          </Link>
        </div>
      ) : customer.isPending ? (
        <PageLoading />
      ) : (
        <form className="survey__form" onSubmit={onSubmit} noValidate aria-labelledby="survey-title">
          {questions.map((question) => (
            <SurveyQuestionFieldset
              key={question.key}
              question={question}
              single={answers.single[question.key]}
              multi={answers.multi[question.key] ?? []}
              size={(question.size && answers.sizes[question.size.key]) || ''}
              missing={missing.has(question.key)}
              onSingle={(value) =>
                update((current) => ({ ...current, single: { ...current.single, [question.key]: value } }))
              }
              onToggle={(value) =>
                update((current) => ({
                  ...current,
                  multi: {
                    ...current.multi,
                    [question.key]: toggleOption(
                      current.multi[question.key] ?? [],
                      value,
                      question.exclusive ?? [],
                    ),
                  },
                }))
              }
              sizeError={sizeErrors[question.key]}
              onSize={(value) => {
                if (!question.size) return;
                setSizeErrors(({ [question.key]: _edited, ...rest }) => rest);
                update((current) => ({
                  ...current,
                  sizes: { ...current.sizes, [question.size?.key ?? '']: value },
                }));
              }}
            />
          ))}
          <div className="survey__actions">
            <button
              className="button button--primary"
              type="submit"
              aria-disabled={save.isPending || undefined}
            >
              {save.isPending ? surveyCopy.submitting : surveyCopy.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The sizes that are wrong (docs/rules.md#validation: 0 to 1000 in steps of 0.01), each with the message naming
 * it. The field's own text is read for letters a number field does not hold (`badInput`).
 */
function sizeProblems(
  form: HTMLFormElement,
  questions: readonly SurveyQuestion[],
  answers: SurveyAnswers,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    if (!question.size) continue;
    const input = form.querySelector<HTMLInputElement>(`#survey-${question.key}-size`);
    const problem = input?.validity.badInput
      ? 'sizeNotNumber'
      : surveySizeProblem(answers.sizes[question.size.key] ?? '');
    if (problem) {
      errors[question.key] = formatMessage(surveyNotices[problem], {
        field: question.size.name,
        unit: question.size.unit,
        max: SURVEY_SIZE_MAX,
      });
    }
  }
  return errors;
}
