/**
 * One survey question as a fieldset with its legend (docs/screens.md, docs/rules.md#states-and-transitions): radio buttons for a single answer,
 * checkboxes for several (with the exclusive rules of `multi-select.ts`), and the size input where the
 * question has one (docs/rules.md#validation). The required and multi-select markers are part of the legend, so screen
 * readers announce them with the question.
 */
import {
  SURVEY_SIZE_MAX,
  SURVEY_SIZE_MIN,
  SURVEY_SIZE_STEP,
  type SurveyQuestion,
  surveyCopy,
} from '@portal/contracts';
import { isOptionDisabled } from '../lib/multi-select.ts';

export interface SurveyQuestionProps {
  question: SurveyQuestion;
  single: string | undefined;
  multi: readonly string[];
  size: string;
  /** Shown after an incomplete submit. */
  missing: boolean;
  /** What is wrong with the size, after a submit (issue 26 item 13). */
  sizeError?: string | undefined;
  onSingle(value: string): void;
  onToggle(value: string): void;
  onSize(value: string): void;
}

export function SurveyQuestionFieldset({
  question,
  single,
  multi,
  size,
  missing,
  sizeError,
  onSingle,
  onToggle,
  onSize,
}: SurveyQuestionProps) {
  const id = `survey-${question.key}`;
  const exclusive = question.exclusive ?? [];
  const hints = [question.size ? `${id}-hint` : '', missing ? `${id}-missing` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`survey-question${missing ? ' survey-question--missing' : ''}`}
      id={id}
      data-question={question.key}
      aria-describedby={hints || undefined}
    >
      <legend className="survey-question__legend">
        <span className="survey-question__text">{question.legend}</span>
        {question.required ? (
          <>
            <span className="survey-question__required" aria-hidden="true">
              {'\u00a0*'}
            </span>
            <span className="visually-hidden"> ({surveyCopy.required})</span>
          </>
        ) : null}
        {question.kind === 'multi' ? (
          <span className="survey-question__multi">{surveyCopy.selectAll}</span>
        ) : null}
      </legend>
      {question.size ? (
        <p className="survey-question__hint" id={`${id}-hint`}>
          {surveyCopy.orSize}
        </p>
      ) : null}
      {missing ? (
        <p className="survey-question__missing" id={`${id}-missing`}>
          {surveyCopy.needsAnswer}
        </p>
      ) : null}
      <div className="survey-question__options">
        {question.options.map((option) => {
          const inputId = `${id}-${option.value}`;
          if (question.kind === 'single') {
            return (
              <label key={option.value} className="survey-option" htmlFor={inputId}>
                <input
                  id={inputId}
                  type="radio"
                  name={question.key}
                  value={option.value}
                  checked={single === option.value}
                  onChange={() => onSingle(option.value)}
                />
                <span>{option.label}</span>
              </label>
            );
          }
          const disabled = isOptionDisabled(multi, option.value, exclusive);
          return (
            <label
              key={option.value}
              className={`survey-option${disabled ? ' survey-option--disabled' : ''}`}
              htmlFor={inputId}
            >
              <input
                id={inputId}
                type="checkbox"
                name={question.key}
                value={option.value}
                checked={multi.includes(option.value)}
                disabled={disabled}
                onChange={() => onToggle(option.value)}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
      {question.size ? (
        <div className="survey-size">
          <label className="survey-size__label" htmlFor={`${id}-size`}>
            {question.size.label} ({question.size.unit})
          </label>
          <div className="survey-size__field">
            <input
              id={`${id}-size`}
              className="survey-size__input"
              type="number"
              inputMode="decimal"
              name={question.size.key}
              min={SURVEY_SIZE_MIN}
              max={SURVEY_SIZE_MAX}
              step={SURVEY_SIZE_STEP}
              value={size}
              aria-invalid={sizeError ? true : undefined}
              aria-describedby={sizeError ? `${id}-size-error` : undefined}
              onChange={(event) => onSize(event.target.value)}
            />
            <span className="survey-size__unit" aria-hidden="true">
              {question.size.unit}
            </span>
          </div>
          {sizeError ? (
            <p className="survey-question__missing" id={`${id}-size-error`}>
              {sizeError}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
