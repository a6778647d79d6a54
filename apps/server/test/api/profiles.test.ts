/**
 * PATCH /api/accounts/update_profile (docs/api.md#calls, docs/surveys.md): valid answers for the account's segment are
 * stored with their source and time, each submission kept, and the survey marked completed; invalid answers,
 * the other segment's answers and bad account ids are refused with clear messages.
 */
import { customerSchema, errorResponseSchema, messages } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/db/schema.ts';
import { profileHistory } from '../../src/domains/profiles/queries.ts';
import { testAppForFile } from '../helpers/app.ts';
import { residentialSurvey } from '../helpers/samples.ts';

const t = testAppForFile();

const residential = residentialSurvey;

const sme = {
  employee_number: 'five_to_ten',
  shifts: '24hr',
  tenancy: 'lease',
  business_type: 'retail',
  monthly_outgoings_energy_spend: 'not_sure',
  heating_cooling_cost: 'yes',
  roof: 'skip',
  solar_panels: 'no',
  decisions: 'facility_manager',
};

let address = 0;
const update = (accountId: string, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/accounts/update_profile',
    query: { account_id: accountId },
    payload: body as object,
    remoteAddress: `10.80.0.${++address}`,
  });

const customer = async (accountId: string) =>
  customerSchema.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/accounts/customer',
        query: { account_id: accountId },
        remoteAddress: '10.81.0.1',
      })
    ).json(),
  );

const accountRow = async (publicId: string) => {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.publicId, publicId));
  if (!row) throw new Error(`no account ${publicId}`);
  return row;
};

describe('PATCH /api/accounts/update_profile', () => {
  it('stores a residential profile with its source and time and marks the survey completed', async () => {
    expect((await customer('demo-home')).completed_survey).toBe(false);
    const before = Date.now();
    const response = await update('demo-home', { profile: residential, source: 'survey' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await customer('demo-home')).completed_survey).toBe(true);

    const [latest, ...older] = await profileHistory(t.db, (await accountRow('demo-home')).id);
    expect(older).toEqual([]);
    expect(latest).toMatchObject({ segment: 'residential', source: 'survey', answers: residential });
    expect(latest?.submittedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps the history: a later submission becomes the profile, the earlier one stays', async () => {
    const account = await accountRow('demo-solar');
    const first = { ...residential, solar_panels: 'greater_than_ten_kW', solar_panels_size: undefined };
    delete first.solar_panels_size;
    const second = { ...residential, tenancy: 'rent', pool_or_spa: ['spa', 'pool_pump'] };
    expect((await update('demo-solar', { profile: first, source: 'survey' })).statusCode).toBe(204);
    expect((await update('demo-solar', { profile: second, source: 'survey' })).statusCode).toBe(204);
    const history = await profileHistory(t.db, account.id);
    expect(history.map((row) => row.answers)).toEqual([second, first]);
  });

  it('stores a small-business profile for an sme account', async () => {
    const response = await update('demo-business', { profile: sme, source: 'survey' });
    expect(response.statusCode).toBe(204);
    expect((await customer('demo-business')).completed_survey).toBe(true);
    const [latest] = await profileHistory(t.db, (await accountRow('demo-business')).id);
    expect(latest).toMatchObject({ segment: 'sme', answers: sme });
  });

  it('accepts a size instead of the option, and the option instead of the size', async () => {
    const { solar_panels: _, home_battery_size: __, ...sizeOnly } = { ...residential, home_battery: 'skip' };
    expect((await update('demo-happy', { profile: sizeOnly, source: 'survey' })).statusCode).toBe(204);
    const { solar_panels: ___, ...smeSizeOnly } = sme;
    expect(
      (
        await update('demo-business', {
          profile: { ...smeSizeOnly, solar_panels_size: 1000 },
          source: 'survey',
        })
      ).statusCode,
    ).toBe(204);
  });

  it.each([
    ['a missing required answer', { ...residential, tenancy: undefined }, 'profile.tenancy'],
    ['an option outside the list', { ...residential, building_type: 'castle' }, 'profile.building_type'],
    ['an empty list', { ...residential, heating_type: [] }, 'profile.heating_type'],
    ['skip with another answer', { ...residential, load_disag: ['skip', 'tv'] }, 'profile.load_disag'],
    [
      "the pool question's No with another",
      { ...residential, pool_or_spa: ['no', 'spa'] },
      'profile.pool_or_spa',
    ],
    ['a repeated answer', { ...residential, heating_type: ['other', 'other'] }, 'profile.heating_type'],
    ['a single answer as a list', { ...residential, tenancy: ['own'] }, 'profile.tenancy'],
    ['a size above 1000', { ...residential, solar_panels_size: 1000.01 }, 'profile.solar_panels_size'],
    ['a negative size', { ...residential, home_battery_size: -1 }, 'profile.home_battery_size'],
    ['a size finer than 0.01', { ...residential, solar_panels_size: 1.005 }, 'profile.solar_panels_size'],
    ['a size as text', { ...residential, solar_panels_size: '5' }, 'profile.solar_panels_size'],
    [
      'neither the battery nor its size',
      { ...residential, home_battery: undefined, home_battery_size: undefined },
      'profile.home_battery',
    ],
    ['an unknown question', { ...residential, favourite_colour: 'blue' }, 'favourite_colour'],
    ['the small-business answers', sme, 'profile.building_type'],
  ])('refuses %s with 422 naming the field', async (_what, profile, field) => {
    const response = await update('demo-new', { profile, source: 'survey' });
    expect(response.statusCode).toBe(422);
    const { error } = errorResponseSchema.parse(response.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(/^Invalid answers for the residential survey: /);
    expect(error.message).toContain(field);
    expect((await customer('demo-new')).completed_survey).toBe(false);
  });

  it('refuses residential answers from a small business', async () => {
    const response = await update('demo-business', { profile: residential, source: 'survey' });
    expect(response.statusCode).toBe(422);
    expect(errorResponseSchema.parse(response.json()).error.message).toMatch(
      /^Invalid answers for the small-business survey: .*profile\.employee_number/,
    );
  });

  it.each([
    ['no profile', { source: 'survey' }, 'profile'],
    ['another source', { profile: residential, source: 'email' }, 'source'],
    ['a profile that is not an object', { profile: ['own'], source: 'survey' }, 'profile'],
  ])('refuses a body with %s with 422', async (_what, body, field) => {
    const response = await update('demo-new', body);
    expect(response.statusCode).toBe(422);
    expect(errorResponseSchema.parse(response.json()).error.message).toContain(field);
  });

  it.each([
    ['a malformed id', 'x', 422, messages.invalidAccountId],
    ['an unknown id', 'no-such-account', 401, messages.invalidAccountId],
    ["another retailer's account", 'demo-other', 403, messages.wrongProvider],
  ])('answers %s with %i and stores nothing', async (_what, id, status, message) => {
    const response = await update(id, { profile: residential, source: 'survey' });
    expect(response.statusCode).toBe(status);
    expect(errorResponseSchema.parse(response.json()).error.message).toBe(message);
  });

  it("leaves another retailer's account untouched", async () => {
    const other = await accountRow('demo-other');
    expect(other.completedSurvey).toBe(false);
    expect(await profileHistory(t.db, other.id)).toEqual([]);
  });
});
