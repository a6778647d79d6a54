/**
 * The survey schemas accept exactly the valid answers (docs/api.md#entities, docs/rules.md): random answers, valid and not, are
 * checked against an oracle written straight from the specification's rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  residentialQuestions,
  SURVEY_SIZE_MAX,
  type SurveyQuestion,
  smeQuestions,
  surveyQuestions,
} from '../src/surveys.ts';
import { profileSchemaFor, residentialProfileSchema, smeProfileSchema } from '../src/surveys-schemas.ts';

/** docs/rules.md#validation (required answers), docs/api.md#entities (option lists), docs/rules.md#states-and-transitions (exclusive values) and the size limits, as plainly as possible. */
function validBySpec(questions: readonly SurveyQuestion[], profile: Record<string, unknown>): boolean {
  const known = new Set(questions.flatMap((q) => (q.size ? [q.key, q.size.key] : [q.key])));
  if (Object.keys(profile).some((key) => !known.has(key))) return false;
  for (const q of questions) {
    const values = q.options.map((o) => o.value);
    const answer = profile[q.key];
    if (q.size) {
      const size = profile[q.size.key];
      if (size !== undefined) {
        if (typeof size !== 'number' || !Number.isFinite(size) || size < 0 || size > 1000) return false;
        if (Math.abs(Math.round(size * 100) - size * 100) > 1e-6) return false;
      }
      if (answer === undefined && size === undefined) return false;
      if (answer === undefined) continue;
    }
    if (q.kind === 'single') {
      if (typeof answer !== 'string' || !values.includes(answer)) return false;
    } else {
      if (!Array.isArray(answer) || answer.length === 0) return false;
      if (answer.some((a) => typeof a !== 'string' || !values.includes(a))) return false;
      if (new Set(answer).size !== answer.length) return false;
      if (answer.length > 1 && answer.some((a) => (q.exclusive ?? []).includes(a))) return false;
    }
  }
  return true;
}

/** Random answers for one survey: each answer mostly valid, sometimes missing or wrong in a way a client could be. */
function answersFor(questions: readonly SurveyQuestion[]) {
  const absent = fc.constant(undefined);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const q of questions) {
    const option = fc.constantFrom(...q.options.map((o) => o.value));
    const wrong = fc.oneof(
      fc.constantFrom('', 'maybe', 'SKIP', 'Rent', 3, null, true),
      q.kind === 'single' ? fc.array(option, { maxLength: 2 }) : option,
      fc.array(fc.oneof(option, fc.constantFrom('maybe', 7)), { maxLength: q.options.length + 1 }),
    );
    const valid =
      q.kind === 'single'
        ? option
        : fc.oneof(
            fc.uniqueArray(option, { minLength: 1, maxLength: 3 }),
            option.map((value) => [value]),
          );
    fields[q.key] = fc.oneof(
      { weight: 20, arbitrary: valid },
      { weight: q.size ? 4 : 1, arbitrary: absent },
      { weight: 1, arbitrary: wrong },
    );
    if (q.size) {
      fields[q.size.key] = fc.oneof(
        { weight: 4, arbitrary: absent },
        {
          weight: 3,
          arbitrary: fc.integer({ min: 0, max: SURVEY_SIZE_MAX * 100 }).map((cents) => cents / 100),
        },
        { weight: 1, arbitrary: fc.double({ min: -5, max: 1005, noNaN: true }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(0, 1000, 1000.01, -0.01, 0.005, Number.POSITIVE_INFINITY, '5', null),
        },
      );
    }
  }
  const extra = fc.oneof(
    { weight: 10, arbitrary: absent },
    { weight: 1, arbitrary: fc.constantFrom('colour', 'segment', 'tenancy_type') },
  );
  return fc.tuple(fc.record(fields), extra).map(([record, extraKey]) => {
    const profile: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (value !== undefined) profile[key] = value;
    if (typeof extraKey === 'string') profile[extraKey] = 'x';
    return profile;
  });
}

describe.each([
  ['residential', residentialQuestions, residentialProfileSchema],
  ['small-business', smeQuestions, smeProfileSchema],
] as const)('the %s profile schema', (_name, questions, schema) => {
  it('accepts random answers exactly when they are valid', () => {
    let valid = 0;
    fc.assert(
      fc.property(answersFor(questions), (profile) => {
        const expected = validBySpec(questions, profile);
        if (expected) valid++;
        expect(schema.safeParse(profile).success).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    // The generator must reach both sides of the rule, not only the invalid one.
    expect(valid).toBeGreaterThan(200);
  });

  it('accepts every complete set of first options, and each option of every question', () => {
    const base = Object.fromEntries(
      questions.map((q) => [q.key, q.kind === 'multi' ? [q.options[0]?.value] : q.options[0]?.value]),
    );
    expect(schema.safeParse(base).success).toBe(true);
    for (const q of questions)
      for (const o of q.options) {
        const answer = q.kind === 'multi' ? [o.value] : o.value;
        expect(schema.safeParse({ ...base, [q.key]: answer }).success, `${q.key}=${o.value}`).toBe(true);
      }
  });
});

describe('survey questions', () => {
  it('lists the option values of docs/api.md#entities with labels for people', () => {
    const residential = Object.fromEntries(
      residentialQuestions.map((q) => [q.key, q.options.map((o) => o.value)]),
    );
    expect(residential).toEqual({
      tenancy: ['rent', 'own', 'skip'],
      building_type: ['apartment', 'house', 'unit', 'townhouse', 'other', 'skip'],
      bedrooms_qty: ['1', '2', '3', '4', '5', '6_and_more', 'skip'],
      household_size: ['1', '2', '3', '4', '5', '6_and_more', 'skip'],
      heating_type: [
        'electricity_reverse_cycle',
        'gas_space_heating',
        'wood_burner',
        'electric_heater',
        'other',
        'skip',
      ],
      hot_water_type: ['electricity', 'gas', 'solar_electric', 'skip'],
      aircon_qty: ['0', '1', '2', '3', '4', '5', '6_and_more', 'skip'],
      pool_or_spa: ['no', 'pool_pump', 'spa', 'pool_heater', 'underfloor_heating', 'other'],
      solar_panels: ['no', 'three_kW', 'four_to_six_kW', 'seven_to_ten_kW', 'greater_than_ten_kW', 'skip'],
      home_battery: ['no', 'yes', 'skip'],
      electric_car: ['no', 'less_than_forty_kW', 'forty_to_sixty_kWh', 'greater_than_sixty_kW', 'skip'],
      load_disag: [
        'dishwasher',
        'tv',
        'electric_oven',
        'dryer',
        'washing_machine',
        'fridge_freezer',
        'electric_hob',
        'skip',
      ],
    });
    expect(Object.fromEntries(smeQuestions.map((q) => [q.key, q.options.map((o) => o.value)]))).toEqual({
      employee_number: ['less_than_five', 'five_to_ten', 'ten_to_fifteen', 'fifteen_plus'],
      shifts: ['single', 'double', '24hr', 'skip'],
      tenancy: ['rent', 'lease', 'own', 'skip'],
      business_type: ['office', 'retail', 'manufacturing', 'other'],
      monthly_outgoings_energy_spend: [
        'less_than_three_percent',
        'three_to_six_percent',
        'greater_than_six_percent',
        'not_sure',
      ],
      heating_cooling_cost: ['yes', 'no', 'skip'],
      roof: ['yes', 'no', 'skip'],
      solar_panels: [
        'no',
        'less_than_three_kW',
        'four_to_ten_kW',
        'ten_to_twenty_kw',
        'greater_than_twenty_kW',
      ],
      decisions: ['owner', 'accountant', 'facility_manager', 'other'],
    });
    const label = (key: string, value: string) =>
      residentialQuestions.find((q) => q.key === key)?.options.find((o) => o.value === value)?.label;
    expect(label('tenancy', 'skip')).toBe('Rather not say');
    expect(label('solar_panels', 'four_to_six_kW')).toBe('4 to 6 kW');
    expect(label('bedrooms_qty', '6_and_more')).toBe('6 or more');
    for (const q of [...residentialQuestions, ...smeQuestions])
      for (const o of q.options) expect(o.label, `${q.key}.${o.value}`).not.toMatch(/_/);
  });

  it('marks the multi-selects and their exclusive values (docs/rules.md#states-and-transitions)', () => {
    const multi = residentialQuestions.filter((q) => q.kind === 'multi').map((q) => [q.key, q.exclusive]);
    expect(multi).toEqual([
      ['heating_type', ['skip']],
      ['pool_or_spa', ['no']],
      ['load_disag', ['skip']],
    ]);
    expect(smeQuestions.every((q) => q.kind === 'single')).toBe(true);
    expect([...residentialQuestions, ...smeQuestions].every((q) => q.required)).toBe(true);
  });

  it('picks the survey by market segment', () => {
    expect(surveyQuestions.sme).toBe(smeQuestions);
    expect(profileSchemaFor('sme')).toBe(smeProfileSchema);
    expect(profileSchemaFor('residential')).toBe(residentialProfileSchema);
  });
});
