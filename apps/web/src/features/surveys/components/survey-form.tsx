/**
 * A profile survey (docs/screens.md): the header 'Tracker Survey' with Skip, the intro, the markers' explanation,
 * every question of the segment, and Submit at the end. Submit with an unanswered question shows 'Please
 * answer all the questions' and marks (and focuses) the first one left; Skip and a saved survey return to
 * the Tracker, to the week the customer came from.
 */
import {
  type MarketSegment,
  messages,
  paths,
  screenTitles,
  surveyCopy,
  surveyQuestions,
} from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { toggleOption } from '../lib/multi-select.ts';
import { completeProfile, emptyAnswers, type SurveyAnswers, unansweredQuestions } from '../lib/profile.ts';
import { SurveyQuestionFieldset } from './survey-question.tsx';
import './survey.css';

export function SurveyForm({ segment }: { segment: MarketSegment }) {
  useDocumentTitle(screenTitles.survey);
  const { accountId = '', from } = useParams();
  const questions = surveyQuestions[segment];
  const [answers, setAnswers] = useState<SurveyAnswers>(emptyAnswers);
  const [attempted, setAttempted] = useState(false);
  const { showAlert } = useAlert();
  const save = useUpdateProfile(accountId, from);
  const missing = attempted ? new Set(unansweredQuestions(questions, answers)) : new Set<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const profile = completeProfile(segment, questions, answers);
    if (!profile) {
      setAttempted(true);
      showAlert({ kind: 'warning', message: messages.surveyIncomplete });
      const [first] = unansweredQuestions(questions, answers);
      if (first)
        event.currentTarget.querySelector<HTMLInputElement>(`#survey-${first} input:not(:disabled)`)?.focus();
      return;
    }
    save.mutate(profile);
  }

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
      <p className="survey__intro">{segment === 'sme' ? surveyCopy.smeIntro : surveyCopy.residentialIntro}</p>
      <p className="survey__notes">
        {surveyCopy.requiredNote} {surveyCopy.multiNote}
      </p>
      <form className="survey__form" onSubmit={onSubmit} aria-labelledby="survey-title">
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
            onSize={(value) =>
              question.size &&
              update((current) => ({
                ...current,
                sizes: { ...current.sizes, [question.size?.key ?? '']: value },
              }))
            }
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
    </section>
  );
}
