import { residentialQuestions, smeQuestions } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { buildProfile, completeProfile, emptyAnswers, sizeValue, unansweredQuestions } from './profile.ts';

const complete = {
  single: {
    tenancy: 'rent',
    building_type: 'unit',
    bedrooms_qty: '2',
    household_size: '1',
    hot_water_type: 'gas',
    aircon_qty: '6_and_more',
    electric_car: 'skip',
    home_battery: 'no',
  },
  multi: { heating_type: ['skip'], pool_or_spa: ['no'], load_disag: ['tv', 'dryer'] },
  sizes: { solar_panels_size: '4.5', home_battery_size: '' },
};

describe('survey payload (docs/rules.md#validation)', () => {
  it('reads sizes as numbers and drops empty, null and undefined ones', () => {
    expect(sizeValue('4.5')).toBe(4.5);
    expect(sizeValue('0')).toBe(0);
    for (const empty of ['', '  ', null, undefined]) expect(sizeValue(empty)).toBeUndefined();
  });

  it('sends only what was answered', () => {
    expect(buildProfile(residentialQuestions, complete)).toEqual({
      ...complete.single,
      ...complete.multi,
      solar_panels_size: 4.5,
    });
    expect(
      buildProfile(residentialQuestions, {
        single: {},
        multi: { heating_type: [] },
        sizes: { solar_panels_size: null },
      }),
    ).toEqual({});
  });

  it('is complete when every required question has an answer (a size answers its question)', async () => {
    expect(await completeProfile('residential', residentialQuestions, complete)).toBeDefined();
    expect(unansweredQuestions(residentialQuestions, complete)).toEqual([]);
    const noSolar = { ...complete, sizes: {} };
    expect(await completeProfile('residential', residentialQuestions, noSolar)).toBeUndefined();
    expect(unansweredQuestions(residentialQuestions, noSolar)).toEqual(['solar_panels']);
    const noList = { ...complete, multi: { ...complete.multi, pool_or_spa: [] } };
    expect(unansweredQuestions(residentialQuestions, noList)).toEqual(['pool_or_spa']);
  });

  it('lists every question of an empty survey as unanswered', async () => {
    expect(unansweredQuestions(smeQuestions, emptyAnswers())).toEqual(smeQuestions.map((q) => q.key));
    expect(await completeProfile('sme', smeQuestions, emptyAnswers())).toBeUndefined();
  });

  it('refuses a size out of range even when every question is answered', async () => {
    expect(
      await completeProfile('residential', residentialQuestions, {
        ...complete,
        sizes: { solar_panels_size: '1000.5' },
      }),
    ).toBeUndefined();
  });
});
