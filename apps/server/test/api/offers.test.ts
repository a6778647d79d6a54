/**
 * The offer calls of docs/api.md#calls (docs/offers.md) on the demo data: Happy Hours participant, product config, sign-up
 * and slot change with the status codes the screens rely on (404 not invited, 304 repeat, 409 for the
 * 24-hour rule and a closed sign-up), Reduce & Be Rewarded opt out and opt in, free hours in the usage
 * response on hand-computed numbers, and the weekly settlement.
 */
import {
  addDays,
  daytimeSaverParticipantSchema,
  errorResponseSchema,
  HERE_FOR_YOU_CREDITS_HEADER,
  marketInstant,
  messages,
  OFFER_ACCOUNT_NOT_FOUND,
  slotEffectiveDate,
  usageResponseSchema,
  weekStart,
} from '@portal/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  happyHoursParticipants,
  hereForYouChanges,
  hereForYouSettlements,
} from '../../src/db/schema/offers.ts';
import type { AccountRow } from '../../src/db/schema.ts';
import { findAccountByPublicId, insertAccount } from '../../src/domains/accounts/queries.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { assignTariff, FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { writeNem12 } from '../../src/domains/meter-data/nem12/writer.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { chooseSlot, inviteToHappyHours, setSignupEndTime } from '../../src/domains/offers/happy-hours.ts';
import {
  creditsCsv,
  hereForYouCredits,
  inviteToHereForYou,
  setHereForYou,
  settleHereForYouWeek,
} from '../../src/domains/offers/reduce-and-be-rewarded.ts';
import { testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();

const CLIENT = 'BRIGHTSIDE';
let address = 0;
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/innovative_billing${url}`, payload, remoteAddress: `10.70.0.${++address}` });

const account = async (publicId: string) => (await findAccountByPublicId(t.db, publicId)) as AccountRow;
const errorOf = (body: string) => errorResponseSchema.parse(JSON.parse(body)).error;

describe('GET /daytime_saver_participants/{accountId}', () => {
  it('answers an invited account that has not signed up (demo-home)', async () => {
    const response = await call('GET', `/daytime_saver_participants/demo-home?client_code=${CLIENT}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(daytimeSaverParticipantSchema.parse(response.json())).toEqual({
      opted_in: false,
      time_slot: null,
      effective_date: null,
      active_time_slot: null,
      next_change_at: null,
    });
  });

  it('answers demo-happy signed up to 11:00-13:00, in force today', async () => {
    const body = (await call('GET', `/daytime_saver_participants/demo-happy?client_code=${CLIENT}`)).json();
    expect(body).toMatchObject({ opted_in: true, time_slot: '11:00-13:00', active_time_slot: '11:00-13:00' });
    expect(body.effective_date < suiteToday()).toBe(true);
  });

  it.each([
    ['demo-solar', 'a solar customer (not eligible)'],
    ['demo-business', 'an account that was not invited'],
  ])('answers 404 for %s: %s', async (id) => {
    const response = await call('GET', `/daytime_saver_participants/${id}?client_code=${CLIENT}`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response.body)).toEqual({ code: 'NOT_FOUND', message: OFFER_ACCOUNT_NOT_FOUND });
  });

  it.each([
    ['bad id!', CLIENT, 422, messages.invalidAccountId],
    ['nobody-here', CLIENT, 401, messages.invalidAccountId],
    ['demo-other', CLIENT, 403, messages.wrongProvider],
    ['demo-home', 'OTHER_RETAILER', 403, messages.wrongProvider],
  ])('guards the account %s (client %s): %i', async (id, client, status, message) => {
    const response = await call(
      'GET',
      `/daytime_saver_participants/${encodeURIComponent(id)}?client_code=${client}`,
    );
    expect(response.statusCode).toBe(status);
    expect(errorOf(response.body).message).toBe(message);
  });

  it('needs the client code', async () => {
    const response = await call('GET', '/daytime_saver_participants/demo-home');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /product_configs/DaytimeSaver', () => {
  it("answers the retailer's sign-up end, null while open", async () => {
    const response = await call('GET', `/product_configs/DaytimeSaver?client_code=${CLIENT}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signup_end_time: null });
  });

  it('refuses another retailer (403) and a missing client code (400)', async () => {
    expect((await call('GET', '/product_configs/DaytimeSaver?client_code=OTHER_RETAILER')).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/product_configs/DaytimeSaver')).statusCode).toBe(400);
  });
});

describe('POST /daytime_saver_participants', () => {
  const signup = (accountId: string, slot: string, client = CLIENT) =>
    call('POST', '/daytime_saver_participants', {
      client_code: client,
      account_identifier: accountId,
      time_slot: slot,
    });

  const forecastOf = async (accountId: string) =>
    usageResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/tracker/usage?account_id=${accountId}`,
          remoteAddress: '10.70.2.1',
        })
      ).json(),
    ).forecast;

  it('signs demo-home up from the next weekday, answers 304 for the same slot, and allows one change a day', async () => {
    const forecastBefore = await forecastOf('demo-home');
    const before = slotEffectiveDate(new Date());
    const first = await signup('demo-home', '12:00-14:00');
    expect(first.statusCode).toBe(200);
    const body = daytimeSaverParticipantSchema.parse(first.json());
    expect(body.opted_in).toBe(true);
    expect(body.time_slot).toBe('12:00-14:00');
    expect([before, slotEffectiveDate(new Date())]).toContain(body.effective_date);
    // Nothing is free today: the slot starts the next weekday.
    expect(body.active_time_slot).toBeNull();
    expect(body.next_change_at).toBeNull();
    // The Tracker's quarterly projection prices the days to come with the free hours at once; what was spent
    // so far is unchanged.
    const forecastAfter = await forecastOf('demo-home');
    expect(forecastAfter?.spend_to_date).toBe(forecastBefore?.spend_to_date);
    expect(forecastAfter?.projected_total).toBeLessThan(forecastBefore?.projected_total ?? 0);

    const repeat = await signup('demo-home', '12:00-14:00');
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');

    // The first change right after signing up is allowed (the 24 hours count from a change).
    const beforeChange = Date.now();
    const change = await signup('demo-home', '10:00-12:00');
    const afterChange = Date.now();
    expect(change.statusCode).toBe(200);
    const changed = daytimeSaverParticipantSchema.parse(change.json());
    expect(changed.time_slot).toBe('10:00-12:00');
    expect(changed.next_change_at).not.toBeNull();
    const nextChange = Date.parse(changed.next_change_at ?? '');
    // 24 hours after the change, which happened while the request was in flight (the database's clock may
    // differ from ours by a second).
    expect(nextChange).toBeGreaterThanOrEqual(beforeChange + 24 * 3600_000 - 1000);
    expect(nextChange).toBeLessThanOrEqual(afterChange + 24 * 3600_000 + 1000);

    const tooSoon = await signup('demo-home', '13:00-15:00');
    expect(tooSoon.statusCode).toBe(409);
    expect(errorOf(tooSoon.body).message).toContain('once every 24 hours');
    // The same slot is still a 304, not a refused change.
    expect((await signup('demo-home', '10:00-12:00')).statusCode).toBe(304);

    // 24 hours after the last change it can change again.
    const home = await account('demo-home');
    await t.db
      .update(happyHoursParticipants)
      .set({ lastChangeAt: new Date(Date.now() - 24 * 3600_000 - 1000) })
      .where(eq(happyHoursParticipants.accountId, home.id));
    const later = await signup('demo-home', '13:00-15:00');
    expect(later.statusCode).toBe(200);
    expect(later.json().time_slot).toBe('13:00-15:00');

    const lookup = await call('GET', `/daytime_saver_participants/demo-home?client_code=${CLIENT}`);
    expect(lookup.json()).toMatchObject({ opted_in: true, time_slot: '13:00-15:00' });
  });

  it('answers 404 for accounts not in the offer, and validates the body', async () => {
    expect((await signup('demo-solar', '11:00-13:00')).statusCode).toBe(404);
    expect((await signup('demo-business', '11:00-13:00')).statusCode).toBe(404);
    expect((await signup('demo-happy', '09:00-11:00')).statusCode).toBe(400);
    expect((await signup('demo-happy', '11:00-13:00', 'OTHER_RETAILER')).statusCode).toBe(403);
    expect((await signup('demo-other', '11:00-13:00')).statusCode).toBe(403);
    expect((await signup('no such!', '11:00-13:00')).statusCode).toBe(422);
    const missing = await call('POST', '/daytime_saver_participants', {
      client_code: CLIENT,
      time_slot: '11:00-13:00',
    });
    expect(missing.statusCode).toBe(422);
  });

  it('closes new sign-ups after signup_end_time, but participants can still change their slot', async () => {
    const ended = new Date(Date.now() - 60_000);
    await setSignupEndTime(t.db, CLIENT, ended);
    try {
      const config = await call('GET', `/product_configs/DaytimeSaver?client_code=${CLIENT}`);
      expect(config.json()).toEqual({ signup_end_time: ended.toISOString() });
      await inviteToHappyHours(t.db, [await account('demo-business')], CLIENT);
      const closed = await signup('demo-business', '11:00-13:00');
      expect(closed.statusCode).toBe(409);
      expect(errorOf(closed.body).message).toBe('Sign-up to Happy Hours has closed.');
      expect((await signup('demo-happy', '12:00-14:00')).statusCode).toBe(200);
    } finally {
      await setSignupEndTime(t.db, CLIENT, null);
    }
    expect((await signup('demo-business', '11:00-13:00')).statusCode).toBe(200);
  });

  it('never invites a solar customer, and stores nothing of a refused invitation', async () => {
    const fresh = await insertAccount(t.db, {
      publicId: 'hh-invitee',
      clientCode: CLIENT,
      nmi: '6009000009',
    });
    await expect(inviteToHappyHours(t.db, [fresh, await account('demo-solar')], CLIENT)).rejects.toThrow(
      /solar customer/,
    );
    expect(
      (await call('GET', `/daytime_saver_participants/hh-invitee?client_code=${CLIENT}`)).statusCode,
    ).toBe(404);
    expect(await inviteToHappyHours(t.db, [fresh], CLIENT)).toEqual({
      invited: ['hh-invitee'],
      alreadyInvited: [],
    });
    expect(await inviteToHappyHours(t.db, [fresh], CLIENT)).toEqual({
      invited: [],
      alreadyInvited: ['hh-invitee'],
    });
  });
});

describe('Reduce & Be Rewarded participants', () => {
  const optOut = (id: string, body: object = { client_code: CLIENT, account_identifier: id }) =>
    call('POST', `/here_for_you_participants/${encodeURIComponent(id)}/opt_out`, body);
  const optIn = (id: string) =>
    call('POST', '/here_for_you_participants', { client_code: CLIENT, account_identifier: id });
  const lookup = (id: string) => call('GET', `/here_for_you_participants/${id}?client_code=${CLIENT}`);

  it('has demo-home in and demo-happy opted out; others were not invited (404)', async () => {
    expect((await lookup('demo-home')).json()).toEqual({ opted_in: true });
    expect((await lookup('demo-happy')).json()).toEqual({ opted_in: false });
    const solar = await lookup('demo-solar');
    expect(solar.statusCode).toBe(404);
    expect(errorOf(solar.body).message).toBe(OFFER_ACCOUNT_NOT_FOUND);
  });

  it('opts out once (then 304) and back in (idempotent), keeping every change', async () => {
    const out = await optOut('demo-home');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ opted_in: false });
    const again = await optOut('demo-home');
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await lookup('demo-home')).json()).toEqual({ opted_in: false });

    const back = await optIn('demo-home');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ opted_in: true });
    expect((await optIn('demo-home')).statusCode).toBe(200);
    expect((await lookup('demo-home')).json()).toEqual({ opted_in: true });

    const home = await account('demo-home');
    const changes = await t.db
      .select()
      .from(hereForYouChanges)
      .where(eq(hereForYouChanges.accountId, home.id))
      // In the order they were made: without an order PostgreSQL may return them in any.
      .orderBy(asc(hereForYouChanges.id));
    expect(changes.map((change) => change.optedIn)).toEqual([true, false, true]);
  });

  it('answers 404 for accounts not invited, and refuses mismatched or bad input', async () => {
    expect((await optOut('demo-solar')).statusCode).toBe(404);
    expect((await optIn('demo-business')).statusCode).toBe(404);
    expect(
      (await optOut('demo-home', { client_code: CLIENT, account_identifier: 'demo-happy' })).statusCode,
    ).toBe(400);
    expect(
      (await optOut('demo-home', { client_code: 'OTHER_RETAILER', account_identifier: 'demo-home' }))
        .statusCode,
    ).toBe(403);
    expect((await optOut('demo-other')).statusCode).toBe(403);
    expect((await optOut('bad id!')).statusCode).toBe(422);
    expect((await optIn('nobody-here')).statusCode).toBe(401);
    expect(
      (await call('POST', '/here_for_you_participants', { account_identifier: 'demo-home' })).statusCode,
    ).toBe(400);
  });
});

/** One E1 channel of 30-minute reads, `valueAt(date, interval)` micro-kWh, imported through the real importer. */
async function importReads(
  nmi: string,
  dates: string[],
  valueAt: (date: string, interval: number) => number,
) {
  const result = await importNem12Source(
    t.db,
    textSource(`${nmi}.csv`, () =>
      writeNem12({
        channels: [
          {
            nmi,
            suffix: 'E1',
            intervalMinutes: 30,
            reads: dates.map((date) => ({
              date,
              values: Array.from({ length: 48 }, (_, i) => valueAt(date, i)),
            })),
          },
        ],
      }),
    ),
  );
  expect(result.status).toBe('imported');
}

const datesOf = (from: string, days: number) => Array.from({ length: days }, (_, i) => addDays(from, i));

describe('free Happy Hours in the usage response', () => {
  it('makes usage inside the slot free on weekdays from the effective day, on hand-computed numbers', async () => {
    // 1 kWh every half hour: 48 kWh a day at the flat 33.55 c/kWh = $16.104, supply $1.188 a day.
    const monday = addDays(weekStart(suiteToday()), -21);
    const billed = await insertAccount(t.db, {
      publicId: 'hh-billing',
      clientCode: CLIENT,
      nmi: '6009000001',
    });
    await assignTariff(t.db, billed.id, demoTariffs.flat.code, FROM_THE_START);
    await importReads('6009000001', datesOf(monday, 7), () => 1_000_000);
    await inviteToHappyHours(t.db, [billed], CLIENT);
    // Signed up on Tuesday morning for 11am - 1pm: free from Wednesday. Changed on Thursday to 1pm - 3pm:
    // from Friday.
    const tuesday = marketInstant(addDays(monday, 1), 9 * 60);
    expect((await chooseSlot(t.db, billed, '11:00-13:00', tuesday)).kind).toBe('signed_up');
    const thursday = marketInstant(addDays(monday, 3), 9 * 60);
    expect((await chooseSlot(t.db, billed, '13:00-15:00', thursday)).kind).toBe('changed');

    const response = await t.app.inject({
      method: 'GET',
      url: `/api/tracker/usage?account_id=hh-billing&from=${monday}`,
      remoteAddress: '10.70.1.1',
    });
    expect(response.statusCode).toBe(200);
    const days = usageResponseSchema.parse(response.json()).current_week.intervals;
    const grid = days.map((day) => day.data.grid_spend);
    // Mon, Tue: full price; Wed, Thu: 44 kWh ($14.762); Fri: 44 kWh; Sat, Sun: weekends are never free.
    expect(grid).toEqual([16.1, 16.1, 14.76, 14.76, 14.76, 16.1, 16.1]);
    expect(days.map((day) => day.data.total_spend)).toEqual([
      17.29, 17.29, 15.95, 15.95, 15.95, 17.29, 17.29,
    ]);
    expect(days.map((day) => day.data.service_charge)).toEqual(Array(7).fill(1.19));
    // Usage is unchanged: only its charge is free.
    expect(days.map((day) => day.data.usage_kwh)).toEqual(Array(7).fill(48));
    const hour = (day: number, h: number) => days[day]?.intervals[h]?.data.grid_spend;
    // 2 kWh an hour: $0.671.
    expect([hour(1, 11), hour(1, 12), hour(1, 13)]).toEqual([0.67, 0.67, 0.67]);
    expect([hour(2, 10), hour(2, 11), hour(2, 12), hour(2, 13)]).toEqual([0.67, 0, 0, 0.67]);
    expect([hour(4, 11), hour(4, 12), hour(4, 13), hour(4, 14), hour(4, 15)]).toEqual([
      0.67, 0.67, 0, 0, 0.67,
    ]);
    expect([hour(5, 13), hour(5, 14)]).toEqual([0.67, 0.67]);
    // Each free hour says what Happy Hours saved (issue 26 item 9); no other hour carries the field.
    const saving = (day: number, h: number) => days[day]?.intervals[h]?.happy_hours_saving;
    expect([saving(2, 10), saving(2, 11), saving(2, 12), saving(2, 13)]).toEqual([
      undefined,
      0.67,
      0.67,
      undefined,
    ]);
    expect([saving(4, 12), saving(4, 13), saving(4, 14), saving(4, 15)]).toEqual([
      undefined,
      0.67,
      0.67,
      undefined,
    ]);
    const withSaving = days.flatMap((day, d) =>
      day.intervals.flatMap((entry, h) => (entry.happy_hours_saving === undefined ? [] : [`${d}:${h}`])),
    );
    expect(withSaving).toEqual(['2:11', '2:12', '3:11', '3:12', '4:13', '4:14']);
  });

  it('shows demo-happy free from 11am to 1pm on weekdays since it signed up', async () => {
    const monday = addDays(weekStart(suiteToday()), -7);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/tracker/usage?account_id=demo-happy&from=${monday}`,
      remoteAddress: '10.70.1.2',
    });
    const days = usageResponseSchema.parse(response.json()).current_week.intervals;
    for (const [index, day] of days.entries()) {
      const free = index < 5;
      expect(day.intervals[11]?.data.grid_spend === 0).toBe(free);
      expect(day.intervals[12]?.data.grid_spend === 0).toBe(free);
      // The free hours used energy, and say what they saved.
      expect(day.intervals[11]?.data.usage_kwh).toBeGreaterThan(0);
      expect((day.intervals[11]?.happy_hours_saving ?? 0) > 0).toBe(free);
      expect((day.intervals[12]?.happy_hours_saving ?? 0) > 0).toBe(free);
      expect(day.intervals[10]?.happy_hours_saving).toBeUndefined();
      expect(day.intervals[10]?.data.grid_spend).toBeGreaterThan(0);
      expect(day.intervals[13]?.data.grid_spend).toBeGreaterThan(0);
    }
  });
});

describe('weekly Reduce & Be Rewarded settlement', () => {
  it('credits $20 for a week 10% below the 4-week average, only to accounts opted in all week, once', async () => {
    const today = suiteToday();
    const week = addDays(weekStart(today), -7);
    const first = addDays(week, -28);
    const invitedAt = marketInstant(addDays(first, -1));
    // Baseline 1 kWh per half hour (336 kWh a week); the settled week at 0.9 (exactly 10% below: earns it)
    // or 0.91 (9% below: does not).
    const make = async (publicId: string, nmi: string, weekValue: number, days = 35) => {
      const row = await insertAccount(t.db, { publicId, clientCode: CLIENT, nmi });
      await importReads(nmi, datesOf(first, days), (date) => (date >= week ? weekValue : 1_000_000));
      return row;
    };
    const earns = await make('hfy-earns', '6009000011', 900_000);
    const misses = await make('hfy-misses', '6009000012', 910_000);
    const optedOut = await make('hfy-out', '6009000013', 500_000);
    const waiting = await make('hfy-waiting', '6009000014', 500_000, 34);
    const late = await make('hfy-late', '6009000015', 500_000);
    await inviteToHereForYou(t.db, [earns, misses, optedOut, waiting], CLIENT, invitedAt);
    // Invited in the middle of the week: eligible from the next one.
    await inviteToHereForYou(t.db, [late], CLIENT, marketInstant(addDays(week, 2)));
    await setHereForYou(t.db, optedOut, false, marketInstant(addDays(week, 3), 12 * 60));

    const mine = [earns, misses, optedOut, waiting, late];
    const results = async () =>
      Object.fromEntries(
        (
          await t.db
            .select()
            .from(hereForYouSettlements)
            .where(
              and(
                eq(hereForYouSettlements.weekStart, week),
                inArray(
                  hereForYouSettlements.accountId,
                  mine.map((row) => row.id),
                ),
              ),
            )
        ).map((row) => [mine.find((a) => a.id === row.accountId)?.publicId, row.creditCents]),
      );

    // Any date of the week names the week.
    const summary = await settleHereForYouWeek(t.db, CLIENT, addDays(week, 4), today);
    expect(summary).toMatchObject({ weekStart: week, weekEnd: addDays(week, 6), awaitingData: 1 });
    expect(summary.credited).toBeGreaterThanOrEqual(1);
    expect(summary.notEligible).toBeGreaterThanOrEqual(2);
    // hfy-out opted out during the week, hfy-late was invited during it, hfy-waiting lacks Sunday's reads.
    expect(await results()).toEqual({ 'hfy-earns': 2000, 'hfy-misses': 0 });

    const credits = (await hereForYouCredits(t.db, CLIENT, week)).filter((row) =>
      row.publicId.startsWith('hfy-'),
    );
    expect(creditsCsv(credits, HERE_FOR_YOU_CREDITS_HEADER)).toEqual([
      'account_id,nmi,week_start,week_end,week_kwh,average_kwh,reduction_percent,credit_cents',
      `hfy-earns,6009000011,${week},${addDays(week, 6)},302.400,336.000,10.0,2000`,
    ]);

    // Settling again changes nothing; the account whose data arrives later is settled then.
    const again = await settleHereForYouWeek(t.db, CLIENT, week, today);
    expect(again.credited + again.notCredited).toBe(0);
    expect(again.alreadySettled).toBe(summary.credited + summary.notCredited);
    await importReads('6009000014', [addDays(week, 6)], () => 500_000);
    const third = await settleHereForYouWeek(t.db, CLIENT, week, today);
    expect(third).toMatchObject({ credited: 1, notCredited: 0, awaitingData: 0 });
    expect(await results()).toEqual({ 'hfy-earns': 2000, 'hfy-misses': 0, 'hfy-waiting': 2000 });
  });

  it('refuses a week that is not over', async () => {
    const today = suiteToday();
    await expect(settleHereForYouWeek(t.db, CLIENT, today, today)).rejects.toThrow(/not over yet/);
  });
});

describe('the OpenAPI description', () => {
  it('describes every offer call with its 304 and 404 answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const base = '/innovative_billing';
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        `${base}/daytime_saver_participants/{accountId}`,
        `${base}/product_configs/DaytimeSaver`,
        `${base}/daytime_saver_participants`,
        `${base}/here_for_you_participants/{accountId}`,
        `${base}/here_for_you_participants`,
        `${base}/here_for_you_participants/{accountId}/opt_out`,
      ]),
    );
    const signup = document.paths[`${base}/daytime_saver_participants`].post;
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['200', '304', '404', '409']));
    const optOut = document.paths[`${base}/here_for_you_participants/{accountId}/opt_out`].post;
    expect(Object.keys(optOut.responses)).toEqual(expect.arrayContaining(['200', '304', '404']));
  });
});
