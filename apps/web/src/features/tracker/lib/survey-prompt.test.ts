import type { Customer } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { shouldShowSurvey, surveyHref } from './survey-prompt.ts';

const customer = (overrides: Partial<Customer>): Customer => ({
  budget: 40,
  no_email: false,
  email_click_count: 2,
  completed_survey: false,
  market_segment: 'residential',
  ...overrides,
});

describe('survey prompt (docs/rules.md#validation)', () => {
  it('shows at click counts 2, 5, 8, ... ((count + 1) divisible by 3, at least 2)', () => {
    const shown = Array.from({ length: 12 }, (_, count) => count).filter((count) =>
      shouldShowSurvey(customer({ email_click_count: count }), true),
    );
    expect(shown).toEqual([2, 5, 8, 11]);
  });

  it('is not shown once the survey is completed', () => {
    expect(shouldShowSurvey(customer({ completed_survey: true }), true)).toBe(false);
  });

  it('is shown only on the current week', () => {
    expect(shouldShowSurvey(customer({}), false)).toBe(false);
  });

  it('links small businesses to their own survey, with the from segment when given', () => {
    expect(surveyHref(customer({}), 'demo-home', '2026-11-16')).toBe('/new/survey/demo-home/2026-11-16');
    expect(surveyHref(customer({}), 'demo-home')).toBe('/new/survey/demo-home');
    expect(surveyHref(customer({ market_segment: 'sme' }), 'demo-business', '2026-11-16')).toBe(
      '/new/sme_survey/demo-business/2026-11-16',
    );
  });
});
