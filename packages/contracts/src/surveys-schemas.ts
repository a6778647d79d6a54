/**
 * The survey profiles' zod schemas (docs/rules.md#validation): one per segment, accepting exactly the answers the
 * questions of surveys.ts offer, and the PATCH /api/accounts/update_profile body. Apart from the questions so
 * that the survey screen's first load carries no schema library (decision 0010): the server validates with these,
 * and the screen loads them when the customer submits (`@portal/contracts/surveys-schemas`).
 */
import { z } from 'zod';
import type { MarketSegment } from './account.ts';
import {
  residentialQuestions,
  SURVEY_SIZE_MAX,
  SURVEY_SIZE_MIN,
  type SurveyQuestion,
  type SurveySizeInput,
  smeQuestions,
} from './surveys.ts';

type Values<Q> = Q extends { readonly options: readonly (infer O)[] }
  ? O extends { readonly value: infer V extends string }
    ? V
    : never
  : never;

const enumOf = <const V extends readonly [string, ...string[]]>(values: V) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? 'This question needs an answer' : `Expected one of: ${values.join(', ')}`,
  });

function optionValues(question: SurveyQuestion): [string, ...string[]] {
  const [first, ...rest] = question.options.map((option) => option.value);
  if (first === undefined) throw new Error(`${question.key} has no options`);
  return [first, ...rest];
}

/** A multi-select answer: a non-empty list without repeats in which an exclusive value stands alone. */
function listOf(question: SurveyQuestion) {
  const exclusive = question.exclusive ?? [];
  return z
    .array(enumOf(optionValues(question)), {
      error: (issue) => (issue.input === undefined ? 'This question needs an answer' : 'Expected a list'),
    })
    .min(1, 'Choose at least one answer')
    .superRefine((list, ctx) => {
      if (new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', message: 'Answers repeat' });
      const alone = list.find((value) => exclusive.includes(value));
      if (alone !== undefined && list.length > 1) {
        const label = question.options.find((option) => option.value === alone)?.label ?? alone;
        ctx.addIssue({
          code: 'custom',
          message: `'${alone}' (${label}) cannot be combined with other answers`,
        });
      }
    });
}

/** A size answer: 0 to 1000 in steps of 0.01 (docs/rules.md#validation). */
export const surveySizeSchema = z
  .number({ error: 'Expected a number' })
  .min(SURVEY_SIZE_MIN, `Must be at least ${SURVEY_SIZE_MIN}`)
  .max(SURVEY_SIZE_MAX, `Must be at most ${SURVEY_SIZE_MAX}`)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Must be in steps of 0.01');

function profileSchemaOf(questions: readonly SurveyQuestion[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const question of questions) {
    const answer = question.kind === 'multi' ? listOf(question) : enumOf(optionValues(question));
    // A question with a size is answered by its option, its size or both (docs/rules.md#validation).
    shape[question.key] = question.size ? answer.optional() : answer;
    if (question.size) shape[question.size.key] = surveySizeSchema.optional();
  }
  return z.strictObject(shape).superRefine((profile, ctx) => {
    for (const question of questions) {
      if (!question.size) continue;
      const record = profile as Record<string, unknown>;
      if (record[question.key] === undefined && record[question.size.key] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [question.key],
          message: `Answer ${question.key} or ${question.size.key}`,
        });
      }
    }
  });
}

type SingleKeys<Qs extends readonly SurveyQuestion[]> = Extract<Qs[number], { kind: 'single' }>;
type MultiKeys<Qs extends readonly SurveyQuestion[]> = Extract<Qs[number], { kind: 'multi' }>;
type SizedKeys<Qs extends readonly SurveyQuestion[]> = Extract<Qs[number], { size: SurveySizeInput }>;

/** The answers of one survey, as the server stores them. */
export type ProfileOf<Qs extends readonly SurveyQuestion[]> = {
  [Q in Exclude<SingleKeys<Qs>, SizedKeys<Qs>> as Q['key']]: Values<Q>;
} & { [Q in MultiKeys<Qs> as Q['key']]: Values<Q>[] } & {
  [Q in SizedKeys<Qs> as Q['key']]?: Values<Q>;
} & { [Q in SizedKeys<Qs> as Q['size']['key']]?: number };

export type ResidentialProfile = ProfileOf<typeof residentialQuestions>;
export type SmeProfile = ProfileOf<typeof smeQuestions>;
export type SurveyProfile = ResidentialProfile | SmeProfile;

export const residentialProfileSchema = profileSchemaOf(residentialQuestions).meta({
  id: 'ResidentialProfile',
}) as unknown as z.ZodType<ResidentialProfile>;
export const smeProfileSchema = profileSchemaOf(smeQuestions).meta({
  id: 'SmeProfile',
}) as unknown as z.ZodType<SmeProfile>;

/** The profile schema for an account's market segment (sme gets the small-business survey). */
export function profileSchemaFor(segment: MarketSegment): z.ZodType<SurveyProfile> {
  return segment === 'sme' ? smeProfileSchema : residentialProfileSchema;
}

export const profileSources = ['survey'] as const;

/**
 * PATCH /api/accounts/update_profile body (docs/api.md#calls). `profile` is checked against the survey of the
 * account's segment by the route, which knows the account; here it only has to be an object.
 */
export const updateProfileBodySchema = z
  .object({
    profile: z.record(z.string(), z.unknown()).meta({
      description:
        'The survey answers: a ResidentialProfile for residential accounts, an SmeProfile for small businesses',
    }),
    source: z.enum(profileSources),
  })
  .meta({ id: 'UpdateProfileBody' });

export interface UpdateProfileBody {
  profile: SurveyProfile;
  source: (typeof profileSources)[number];
}
