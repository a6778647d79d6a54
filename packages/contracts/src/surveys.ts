/**
 * The residential and small-business profile surveys (docs/screens.md, docs/api.md, docs/rules.md): every question with its
 * option values and the words people see, which questions are required and which take several answers, the
 * size inputs' limits; surveys-schemas.ts builds from them one zod schema per segment that accepts exactly the
 * valid answers. The web app draws the surveys from these lists and checks a profile with the schema the server
 * validates PATCH /api/accounts/update_profile with, so an answer the screen can offer is always one the server
 * stores.
 */
import type { MarketSegment } from './account.ts';

/** Size inputs (docs/rules.md): numbers from 0 to 1000 in steps of 0.01. */
export const SURVEY_SIZE_MIN = 0;
export const SURVEY_SIZE_MAX = 1000;
export const SURVEY_SIZE_STEP = 0.01;

/** 'Rather not say': exclusive in every multi-select that offers it (docs/rules.md#states-and-transitions). */
export const SURVEY_SKIP = 'skip';

export interface SurveyOption {
  readonly value: string;
  readonly label: string;
}

export interface SurveySizeInput {
  /** The profile field, e.g. `solar_panels_size`. */
  readonly key: string;
  readonly label: string;
  /** What the size is of, as a sentence names it: 'solar system'. */
  readonly name: string;
  readonly unit: 'kW' | 'kWh';
}

export interface SurveyQuestion {
  /** The profile field, e.g. `tenancy`. */
  readonly key: string;
  readonly legend: string;
  /** `single`: one answer (radio group); `multi`: a non-empty list (checkboxes). */
  readonly kind: 'single' | 'multi';
  readonly options: readonly SurveyOption[];
  /** Every question of both surveys must be answered (docs/rules.md#validation); kept explicit for the markers. */
  readonly required: boolean;
  /** Multi-select values that can only be chosen alone (docs/rules.md#states-and-transitions: skip, and the pool question's 'No'). */
  readonly exclusive?: readonly string[];
  /** A number that answers the question instead of (or as well as) an option (docs/rules.md#validation: "or its size"). */
  readonly size?: SurveySizeInput;
}

const skip: SurveyOption = { value: SURVEY_SKIP, label: 'Rather not say' };
const counts = (from: number): SurveyOption[] => [
  ...Array.from({ length: 6 - from }, (_, i) => ({ value: String(from + i), label: String(from + i) })),
  { value: '6_and_more', label: '6 or more' },
  skip,
];

/** The residential survey (docs/api.md#entities "Residential profile fields"), in the order it is asked. */
export const residentialQuestions = [
  {
    key: 'tenancy',
    legend: 'Do you rent or own your home?',
    kind: 'single',
    required: true,
    options: [{ value: 'rent', label: 'Rent' }, { value: 'own', label: 'Own' }, skip],
  },
  {
    key: 'building_type',
    legend: 'What type of home do you live in?',
    kind: 'single',
    required: true,
    options: [
      { value: 'apartment', label: 'Apartment' },
      { value: 'house', label: 'House' },
      { value: 'unit', label: 'Unit' },
      { value: 'townhouse', label: 'Townhouse' },
      { value: 'other', label: 'Other' },
      skip,
    ],
  },
  {
    key: 'bedrooms_qty',
    legend: 'How many bedrooms does your home have?',
    kind: 'single',
    required: true,
    options: counts(1),
  },
  {
    key: 'household_size',
    legend: 'How many people live in your home?',
    kind: 'single',
    required: true,
    options: counts(1),
  },
  {
    key: 'heating_type',
    legend: 'How do you heat your home?',
    kind: 'multi',
    required: true,
    exclusive: [SURVEY_SKIP],
    options: [
      { value: 'electricity_reverse_cycle', label: 'Reverse-cycle air conditioning' },
      { value: 'gas_space_heating', label: 'Gas space heating' },
      { value: 'wood_burner', label: 'Wood burner' },
      { value: 'electric_heater', label: 'Electric heater' },
      { value: 'other', label: 'Other' },
      skip,
    ],
  },
  {
    key: 'hot_water_type',
    legend: 'How do you heat your water?',
    kind: 'single',
    required: true,
    options: [
      { value: 'electricity', label: 'Electric' },
      { value: 'gas', label: 'Gas' },
      { value: 'solar_electric', label: 'Solar with electric boost' },
      skip,
    ],
  },
  {
    key: 'aircon_qty',
    legend: 'How many air conditioners do you have?',
    kind: 'single',
    required: true,
    options: counts(0),
  },
  {
    key: 'pool_or_spa',
    legend: 'Do you have a pool, spa or underfloor heating?',
    kind: 'multi',
    required: true,
    exclusive: ['no'],
    options: [
      { value: 'no', label: 'No' },
      { value: 'pool_pump', label: 'Pool pump' },
      { value: 'spa', label: 'Spa' },
      { value: 'pool_heater', label: 'Pool heater' },
      { value: 'underfloor_heating', label: 'Underfloor heating' },
      { value: 'other', label: 'Other' },
    ],
  },
  {
    key: 'solar_panels',
    legend: 'Do you have solar panels?',
    kind: 'single',
    required: true,
    options: [
      { value: 'no', label: 'No' },
      { value: 'three_kW', label: '3 kW' },
      { value: 'four_to_six_kW', label: '4 to 6 kW' },
      { value: 'seven_to_ten_kW', label: '7 to 10 kW' },
      { value: 'greater_than_ten_kW', label: 'More than 10 kW' },
      skip,
    ],
    size: {
      key: 'solar_panels_size',
      label: 'Or the size of your solar system',
      name: 'solar system',
      unit: 'kW',
    },
  },
  {
    key: 'home_battery',
    legend: 'Do you have a home battery?',
    kind: 'single',
    required: true,
    options: [{ value: 'no', label: 'No' }, { value: 'yes', label: 'Yes' }, skip],
    size: {
      key: 'home_battery_size',
      label: 'Or the size of your battery',
      name: 'battery',
      unit: 'kWh',
    },
  },
  {
    key: 'electric_car',
    legend: 'Do you have an electric car?',
    kind: 'single',
    required: true,
    options: [
      { value: 'no', label: 'No' },
      { value: 'less_than_forty_kW', label: 'Yes, with a battery under 40 kWh' },
      { value: 'forty_to_sixty_kWh', label: 'Yes, with a battery of 40 to 60 kWh' },
      { value: 'greater_than_sixty_kW', label: 'Yes, with a battery over 60 kWh' },
      skip,
    ],
  },
  {
    key: 'load_disag',
    legend: 'Which of these appliances do you have?',
    kind: 'multi',
    required: true,
    exclusive: [SURVEY_SKIP],
    options: [
      { value: 'dishwasher', label: 'Dishwasher' },
      { value: 'tv', label: 'TV' },
      { value: 'electric_oven', label: 'Electric oven' },
      { value: 'dryer', label: 'Clothes dryer' },
      { value: 'washing_machine', label: 'Washing machine' },
      { value: 'fridge_freezer', label: 'Fridge or freezer' },
      { value: 'electric_hob', label: 'Electric cooktop' },
      skip,
    ],
  },
] as const satisfies readonly SurveyQuestion[];

/**
 * The small-business survey (docs/api.md#entities "Small-business profile fields"), in the order it is asked. Its
 * questions only look like the residential ones: each survey's words and option values are its own, so neither
 * list is built from the other.
 */
export const smeQuestions = [
  {
    key: 'employee_number',
    legend: 'How many people work in your business?',
    kind: 'single',
    required: true,
    options: [
      { value: 'less_than_five', label: 'Fewer than 5' },
      { value: 'five_to_ten', label: '5 to 10' },
      { value: 'ten_to_fifteen', label: '11 to 15' },
      { value: 'fifteen_plus', label: 'More than 15' },
    ],
  },
  {
    key: 'shifts',
    legend: 'How many shifts does your business run each day?',
    kind: 'single',
    required: true,
    options: [
      { value: 'single', label: 'One shift' },
      { value: 'double', label: 'Two shifts' },
      { value: '24hr', label: 'Around the clock (24 hours)' },
      skip,
    ],
  },
  {
    key: 'tenancy',
    legend: 'Do you rent, lease or own your premises?',
    kind: 'single',
    required: true,
    options: [
      { value: 'rent', label: 'Rent' },
      { value: 'lease', label: 'Lease' },
      { value: 'own', label: 'Own' },
      skip,
    ],
  },
  {
    key: 'business_type',
    legend: 'What type of business is it?',
    kind: 'single',
    required: true,
    options: [
      { value: 'office', label: 'Office' },
      { value: 'retail', label: 'Retail' },
      { value: 'manufacturing', label: 'Manufacturing' },
      { value: 'other', label: 'Other' },
    ],
  },
  {
    key: 'monthly_outgoings_energy_spend',
    legend: 'How much of your monthly outgoings is spent on energy?',
    kind: 'single',
    required: true,
    options: [
      { value: 'less_than_three_percent', label: 'Less than 3%' },
      { value: 'three_to_six_percent', label: '3% to 6%' },
      { value: 'greater_than_six_percent', label: 'More than 6%' },
      { value: 'not_sure', label: 'Not sure' },
    ],
  },
  {
    key: 'heating_cooling_cost',
    legend: 'Is heating or cooling a large part of your energy costs?',
    kind: 'single',
    required: true,
    options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }, skip],
  },
  {
    key: 'roof',
    legend: 'Could solar panels go on your roof?',
    kind: 'single',
    required: true,
    options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }, skip],
  },
  {
    key: 'solar_panels',
    legend: 'Do you have solar panels?',
    kind: 'single',
    required: true,
    options: [
      { value: 'no', label: 'No' },
      { value: 'less_than_three_kW', label: 'Less than 3 kW' },
      { value: 'four_to_ten_kW', label: '4 to 10 kW' },
      { value: 'ten_to_twenty_kw', label: '10 to 20 kW' },
      { value: 'greater_than_twenty_kW', label: 'More than 20 kW' },
    ],
    size: {
      key: 'solar_panels_size',
      label: 'Or the size of your solar system',
      name: 'solar system',
      unit: 'kW',
    },
  },
  {
    key: 'decisions',
    legend: 'Who makes decisions about energy for the business?',
    kind: 'single',
    required: true,
    options: [
      { value: 'owner', label: 'The owner' },
      { value: 'accountant', label: 'An accountant' },
      { value: 'facility_manager', label: 'A facility manager' },
      { value: 'other', label: 'Someone else' },
    ],
  },
] as const satisfies readonly SurveyQuestion[];

export const surveyQuestions: Record<MarketSegment, readonly SurveyQuestion[]> = {
  residential: residentialQuestions,
  sme: smeQuestions,
};

/** The survey's own words beyond the error catalogue (docs/screens.md only describes them). */
export const surveyCopy = {
  skip: 'Skip',
  submit: 'Submit',
  submitting: 'Submitting',
  residentialIntro:
    'Thank you for using Tracker. Tell us a little about your home and we can make Tracker more useful for you. It takes about two minutes.',
  smeIntro:
    'Thank you for using Tracker. Tell us a little about your business and we can make Tracker more useful for you. It takes about two minutes.',
  requiredNote: 'Questions marked * need an answer.',
  multiNote: 'Where it says "Select all that apply" you can choose more than one answer.',
  required: 'required',
  selectAll: 'Select all that apply',
  /** Shown with a size input: an option or the size answers the question. */
  orSize: 'Choose an answer or enter the size.',
  needsAnswer: 'This question needs an answer.',
} as const;

/**
 * The survey's notices beyond the error catalogue (issue 26 items 12 and 13, docs/surveys.md): the wrong
 * survey for the account, said before any question; and a size that is wrong, named, where spec §8 has only
 * 'Please answer all the questions' (which would blame the wrong thing). {field} is a size's `name`, {unit}
 * its unit, {max} the largest size.
 */
export const surveyNotices = {
  /** A residential account on the small-business survey. */
  wrongSurveyResidential:
    'This survey is for small businesses, and your account is a residential one. Please answer the residential survey instead.',
  /** A small-business account on the residential survey. */
  wrongSurveySme:
    'This survey is for homes, and your account is a small business. Please answer the small-business survey instead.',
  linkResidential: 'Go to the residential survey',
  linkSme: 'Go to the small-business survey',
  sizeNotNumber: 'The size of your {field} must be a number of {unit}.',
  sizeBelowMin: 'The size of your {field} cannot be below 0 {unit}.',
  sizeAboveMax: 'The size of your {field} cannot be more than {max} {unit}.',
  sizeStep: 'The size of your {field} can have at most 2 decimal places.',
} as const;

/** What is wrong with a typed size, if anything (docs/rules.md#validation: 0 to 1000 in steps of 0.01). */
export type SurveySizeProblem = 'sizeNotNumber' | 'sizeBelowMin' | 'sizeAboveMax' | 'sizeStep';

export function surveySizeProblem(typed: string): SurveySizeProblem | null {
  if (typed.trim() === '') return null;
  const value = Number(typed);
  if (!Number.isFinite(value)) return 'sizeNotNumber';
  if (value < SURVEY_SIZE_MIN) return 'sizeBelowMin';
  if (value > SURVEY_SIZE_MAX) return 'sizeAboveMax';
  if (Math.abs(Math.round(value * 100) - value * 100) >= 1e-6) return 'sizeStep';
  return null;
}
