/**
 * The subscription calls of docs/api.md#calls: GET and POST /api/tracker/subscription and
 * PUT /api/tracker/subscription/change_frequency, through every transition of docs/rules.md#states-and-transitions (subscribe,
 * unsubscribe, weekly to monthly and back), the demo subscriptions of docs/contracts.md, and the account answers of
 * docs/access.md.
 */
import {
  addDays,
  dayOfWeek,
  errorResponseSchema,
  MONTHLY_EMAIL,
  messages,
  subscriptionSchema,
  WEEKLY_EMAIL,
  weekStart,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/db/schema/subscriptions.ts';
import { findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();

let address = 0;
const remoteAddress = () => `10.90.${Math.floor(++address / 200)}.${address % 200}`;

const get = (accountId: unknown) =>
  t.app.inject({
    method: 'GET',
    url: '/api/tracker/subscription',
    query: accountId === undefined ? {} : { account_id: String(accountId) },
    remoteAddress: remoteAddress(),
  });
const post = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/tracker/subscription',
    payload: body as object,
    remoteAddress: remoteAddress(),
  });
const put = (body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/tracker/subscription/change_frequency',
    payload: body as object,
    remoteAddress: remoteAddress(),
  });

const today = suiteToday();
const nextMonday = addDays(weekStart(today), 7);
const nextFirst = (() => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
})();

const read = async (accountId: string) => {
  const response = await get(accountId);
  expect(response.statusCode).toBe(200);
  return subscriptionSchema.parse(response.json());
};

describe('GET /api/tracker/subscription', () => {
  it('answers the demo subscriptions of docs/contracts.md, due at once: today on a mailing day, else the next one', async () => {
    // Seeded due on this week's Monday and this month's 1st; a date that has passed is never answered.
    expect(await read('demo-home')).toEqual({
      subscribed: true,
      type: WEEKLY_EMAIL,
      next_mailing_date: dayOfWeek(today) === 0 ? today : nextMonday,
    });
    expect(await read('demo-solar')).toEqual({
      subscribed: true,
      type: MONTHLY_EMAIL,
      next_mailing_date: today.endsWith('-01') ? today : nextFirst,
    });
  });

  it('answers the real next date when the scheduled one passed weeks ago (issue 15 item 4)', async () => {
    const account = await findAccountByPublicId(t.db, 'demo-business');
    if (!account) throw new Error('no demo-business');
    for (const [type, next] of [
      [MONTHLY_EMAIL, today.endsWith('-01') ? today : nextFirst],
      [WEEKLY_EMAIL, dayOfWeek(today) === 0 ? today : nextMonday],
    ] as const) {
      await t.db
        .insert(subscriptions)
        .values({ accountId: account.id, type, subscribed: true, nextMailingDate: addDays(today, -40) })
        .onConflictDoUpdate({
          target: subscriptions.accountId,
          set: { type, subscribed: true, nextMailingDate: addDays(today, -40) },
        });
      const answer = await read('demo-business');
      expect(answer.next_mailing_date).toBe(next);
      expect((answer.next_mailing_date ?? '') >= today).toBe(true);
    }
    await t.db.delete(subscriptions).where(eq(subscriptions.accountId, account.id));
  });

  it('answers an account that never subscribed as unsubscribed, weekly, with no date', async () => {
    expect(await read('demo-new')).toEqual({
      subscribed: false,
      type: WEEKLY_EMAIL,
      next_mailing_date: null,
    });
  });

  it('is never cached', async () => {
    expect((await get('demo-home')).headers['cache-control']).toBe('private, no-store');
  });
});

describe('subscription transitions', () => {
  it('subscribes weekly: the first snapshot is due next Monday', async () => {
    const response = await post({
      account_id: 'demo-business',
      data: { type: WEEKLY_EMAIL, subscribed: true },
    });
    expect(response.statusCode).toBe(200);
    const expected = { subscribed: true, type: WEEKLY_EMAIL, next_mailing_date: nextMonday };
    expect(response.json()).toEqual(expected);
    expect(await read('demo-business')).toEqual(expected);
  });

  it('subscribing again to the same type keeps the date already scheduled', async () => {
    const before = await read('demo-home');
    const response = await post({ account_id: 'demo-home', data: { type: WEEKLY_EMAIL, subscribed: true } });
    expect(response.json()).toEqual(before);
  });

  it('changes the frequency weekly to monthly and back, moving the next date', async () => {
    const monthly = await put({ account_id: 'demo-business' });
    expect(monthly.statusCode).toBe(200);
    expect(monthly.json()).toEqual({ subscribed: true, type: MONTHLY_EMAIL, next_mailing_date: nextFirst });
    expect(await read('demo-business')).toEqual(monthly.json());

    const weekly = await put({ account_id: 'demo-business' });
    expect(weekly.json()).toEqual({ subscribed: true, type: WEEKLY_EMAIL, next_mailing_date: nextMonday });
    expect(await read('demo-business')).toEqual(weekly.json());
  });

  it('unsubscribes: no next date, the type is kept for a later subscription', async () => {
    await put({ account_id: 'demo-business' }); // monthly
    const response = await post({ account_id: 'demo-business', data: { subscribed: false } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscribed: false, type: MONTHLY_EMAIL, next_mailing_date: null });
    expect(await read('demo-business')).toEqual(response.json());

    const again = await post({ account_id: 'demo-business', data: { subscribed: true } });
    expect(again.json()).toEqual({ subscribed: true, type: MONTHLY_EMAIL, next_mailing_date: nextFirst });
  });

  it('subscribes monthly from the start when asked', async () => {
    const response = await post({ account_id: 'demo-new', data: { type: MONTHLY_EMAIL, subscribed: true } });
    expect(response.json()).toEqual({ subscribed: true, type: MONTHLY_EMAIL, next_mailing_date: nextFirst });
    await post({ account_id: 'demo-new', data: { subscribed: false } });
  });

  it('refuses a frequency change while unsubscribed with 409 and changes nothing', async () => {
    const response = await put({ account_id: 'demo-new' });
    expect(response.statusCode).toBe(409);
    expect(errorResponseSchema.parse(response.json()).error.code).toBe('CONFLICT');
    expect((await read('demo-new')).subscribed).toBe(false);
  });
});

describe('bad input', () => {
  it.each([
    ['data missing', { account_id: 'demo-home' }],
    ['subscribed not a boolean', { account_id: 'demo-home', data: { subscribed: 'yes' } }],
    ['an unknown type', { account_id: 'demo-home', data: { subscribed: true, type: 'Daily' } }],
    ['an unknown field', { account_id: 'demo-home', data: { subscribed: true, colour: 'red' } }],
  ])('POST answers 400 for %s and changes nothing', async (_, body) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.safeParse(response.json()).success).toBe(true);
    expect((await read('demo-home')).subscribed).toBe(true);
  });

  it('POST answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tracker/subscription',
      headers: { 'content-type': 'application/json' },
      payload: '{"account_id":',
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('account answers (docs/access.md)', () => {
  const calls = {
    'GET subscription': (id: unknown) => get(id),
    'POST subscription': (id: unknown) => post({ account_id: id, data: { subscribed: true } }),
    'PUT change_frequency': (id: unknown) => put({ account_id: id }),
  };
  it.each(Object.keys(calls))('%s: 422 malformed, 401 unknown, 403 another retailer', async (method) => {
    const call = calls[method as keyof typeof calls];
    const cases: [unknown, number, string][] = [
      ['not an id!', 422, messages.invalidAccountId],
      [undefined, 422, messages.invalidAccountId],
      ['unknown-account-1234', 401, messages.invalidAccountId],
      ['demo-other', 403, messages.wrongProvider],
    ];
    for (const [id, status, message] of cases) {
      const response = await call(id);
      expect(response.statusCode, `${method} ${String(id)}`).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
  });
});
