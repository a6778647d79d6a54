/**
 * From what the survey form holds to the profile it sends (docs/rules.md#validation): unanswered questions and empty size
 * inputs are left out, sizes become numbers, and the segment's schema from `@portal/contracts` decides
 * whether every question is answered. The schema (and zod with it) is loaded when first needed, not with the
 * screen: the survey's first load stays within the bundle budget (decision 0010).
 */
import type { MarketSegment, SurveyProfile, SurveyQuestion } from '@portal/contracts';

/** The survey schemas, loaded once; the form starts loading them when it opens. */
export const loadSurveySchemas = () => import('@portal/contracts/surveys-schemas');

export interface SurveyAnswers {
  /** Single-select answers by question key. */
  single: Record<string, string | undefined>;
  /** Multi-select answers by question key. */
  multi: Record<string, readonly string[] | undefined>;
  /** Size inputs by their key, as typed. */
  sizes: Record<string, string | null | undefined>;
}

export const emptyAnswers = (): SurveyAnswers => ({ single: {}, multi: {}, sizes: {} });

/** A typed size as a number; empty, null or undefined input gives undefined (dropped from the payload). */
export function sizeValue(input: string | null | undefined): number | undefined {
  if (input === null || input === undefined || input.trim() === '') return undefined;
  return Number(input);
}

/** The profile to send: only what was answered. */
export function buildProfile(
  questions: readonly SurveyQuestion[],
  answers: SurveyAnswers,
): Record<string, string | string[] | number> {
  const profile: Record<string, string | string[] | number> = {};
  for (const question of questions) {
    if (question.kind === 'multi') {
      const list = answers.multi[question.key];
      if (list && list.length > 0) profile[question.key] = [...list];
    } else {
      const answer = answers.single[question.key];
      if (answer) profile[question.key] = answer;
    }
    if (question.size) {
      const size = sizeValue(answers.sizes[question.size.key]);
      if (size !== undefined) profile[question.size.key] = size;
    }
  }
  return profile;
}

/** The required questions with no answer yet (neither an option nor, where it has one, a size). */
export function unansweredQuestions(questions: readonly SurveyQuestion[], answers: SurveyAnswers): string[] {
  const profile = buildProfile(questions, answers);
  return questions
    .filter((question) => question.required)
    .filter(
      (question) =>
        profile[question.key] === undefined && (!question.size || profile[question.size.key] === undefined),
    )
    .map((question) => question.key);
}

/** The profile when every required question is answered validly, otherwise undefined ('Please answer all'). */
export async function completeProfile(
  segment: MarketSegment,
  questions: readonly SurveyQuestion[],
  answers: SurveyAnswers,
): Promise<SurveyProfile | undefined> {
  const { profileSchemaFor } = await loadSurveySchemas();
  const parsed = profileSchemaFor(segment).safeParse(buildProfile(questions, answers));
  return parsed.success ? parsed.data : undefined;
}
