/**
 * The event portal's calls (docs/api.md#calls) under /reduce_and_reward, with exactly the response shapes of docs/api.md#entities, on
 * the demo events (settled from the demo meter data by the real settlement), plus an event created and
 * settled here: results before and after settlement, progress, access rules, and repeated settlement.
 */
import {
  addDays,
  drEventsResponseSchema,
  eventProgressResponseSchema,
  eventResultsResponseSchema,
  eventTarget,
  marketInstant,
  messages,
  upcomingEventsResponseSchema,
} from '@portal/contracts';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drEventInvitations, drEvents } from '../../src/db/schema/reduce-and-reward.ts';
import { createEvent } from '../../src/domains/reduce-and-reward/events.ts';
import { settleEvents } from '../../src/domains/reduce-and-reward/settle-events.ts';
import { testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();

let address = 0;
const get = (url: string, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, query, remoteAddress: `10.90.0.${(++address % 250) + 1}` });
const list = (accountId: string) => get('/reduce_and_reward/tracker/dr_events', { account_id: accountId });
const result = (accountId: string, eventId: number | string) =>
  get('/reduce_and_reward/dr_events/event_result', { account_id: accountId, event_id: String(eventId) });
const progress = (accountId: string, eventId: number | string) =>
  get('/reduce_and_reward/dr_events/event_progress', { account_id: accountId, event_id: String(eventId) });

async function demoEventIds() {
  const rows = await t.db.select().from(drEvents).orderBy(asc(drEvents.reference));
  return new Map(rows.map((row) => [row.reference, row.id]));
}

describe('GET /reduce_and_reward/tracker/dr_events', () => {
  it("lists the account's events oldest first as dr_event {id, start_time} in AEST", async () => {
    const response = await list('demo-home');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(drEventsResponseSchema.parse(body)).toEqual(body);
    // Six past events and the one still to come (issue 29).
    expect(body.dr_events).toHaveLength(7);
    for (const item of body.dr_events) {
      expect(Object.keys(item)).toEqual(['dr_event']);
      expect(Object.keys(item.dr_event)).toEqual(['id', 'start_time']);
      expect(item.dr_event.start_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+10:00$/);
    }
    const times = body.dr_events.map(
      (item: { dr_event: { start_time: string } }) => item.dr_event.start_time,
    );
    expect([...times].sort()).toEqual(times);
    const ids = await demoEventIds();
    expect(body.dr_events[0].dr_event.id).toBe(ids.get('demo-event-0'));
  });

  it('is empty for an account never invited, and applies the access rules', async () => {
    expect((await list('demo-business')).json()).toEqual({ dr_events: [] });
    expect((await list('not a valid id')).statusCode).toBe(422);
    expect((await list('nobody-here-1234')).statusCode).toBe(401);
    expect((await list('demo-other')).statusCode).toBe(403);
    expect((await list('demo-other')).json()).toEqual({
      error: { code: 'WRONG_PROVIDER', message: messages.wrongProvider },
    });
  });
});

describe('GET /reduce_and_reward/dr_events/event_result', () => {
  it("gives demo-home's gold, silver, bronze and missing results from its meter data", async () => {
    const ids = await demoEventIds();
    const cents = async (reference: string) => (await result('demo-home', ids.get(reference) ?? 0)).json();
    expect(await cents('demo-event-0')).toEqual({
      usage: { total_rewards: { cents: 0 }, event_usage_exists: false },
    });
    expect(await cents('demo-event-1')).toEqual({
      usage: { total_rewards: { cents: 10_000 }, event_usage_exists: true },
    });
    expect(await cents('demo-event-2')).toEqual({
      usage: { total_rewards: { cents: 500 }, event_usage_exists: true },
    });
    expect(await cents('demo-event-3')).toEqual({
      usage: { total_rewards: { cents: 0 }, event_usage_exists: true },
    });
    expect(await cents('demo-event-4')).toEqual({
      usage: { total_rewards: { cents: 500 }, event_usage_exists: true },
    });
    expect(await cents('demo-event-5')).toEqual({
      usage: { total_rewards: { cents: 10_000 }, event_usage_exists: true },
    });
  });

  it('answers 404 for an event the account was not invited to, and 400 for a bad event id', async () => {
    const ids = await demoEventIds();
    const notInvited = await result('demo-business', ids.get('demo-event-1') ?? 0);
    expect(notInvited.statusCode).toBe(404);
    expect(notInvited.json().error.code).toBe('NOT_FOUND');
    expect((await result('demo-home', 'abc')).statusCode).toBe(400);
    expect((await result('demo-home', '0')).statusCode).toBe(400);
    expect((await result('demo-home', 999_999)).statusCode).toBe(404);
    expect((await result('demo-other', ids.get('demo-event-1') ?? 0)).statusCode).toBe(403);
  });
});

describe('GET /reduce_and_reward/dr_events/event_results (beyond the specification)', () => {
  it('answers the event list with each event_result answer, in one call', async () => {
    const response = await get('/reduce_and_reward/dr_events/event_results', { account_id: 'demo-home' });
    expect(response.statusCode).toBe(200);
    const body = eventResultsResponseSchema.parse(response.json());
    const listed = (await list('demo-home')).json().dr_events;
    expect(body.dr_events.map((item) => ({ dr_event: item.dr_event }))).toEqual(listed);
    for (const item of body.dr_events) {
      expect(item.result).toEqual((await result('demo-home', item.dr_event.id)).json());
    }
    expect(
      (await get('/reduce_and_reward/dr_events/event_results', { account_id: 'demo-other' })).statusCode,
    ).toBe(403);
  });
});

describe('GET /reduce_and_reward/dr_events/event_progress', () => {
  it('gives the 30-minute usage, baseline, average and credit of a settled event', async () => {
    const ids = await demoEventIds();
    const response = await progress('demo-home', ids.get('demo-event-1') ?? 0);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(eventProgressResponseSchema.parse(body)).toEqual(body);
    expect(Object.keys(body)).toEqual(['challenge', 'usage']);
    expect(Object.keys(body.challenge)).toEqual(['status', 'date', 'percent_displacement_factor']);
    expect(Object.keys(body.usage)).toEqual(['intervals', 'baseline', 'average', 'total_rewards']);
    expect(body.challenge.status).toBe('complete');
    expect(body.challenge.percent_displacement_factor).toBe(-0.3);
    expect(
      body.usage.intervals.map((i: { local_interval_start_time: string }) => i.local_interval_start_time),
    ).toEqual(['18:00', '18:30', '19:00', '19:30'].map((time) => `${body.challenge.date}T${time}:00`));
    expect(body.usage.total_rewards).toEqual({ cents: 10_000 });
    // Gold means passed: the average stays below the target of docs/rules.md#limits.
    const values = body.usage.intervals.map((i: { interval_usage_value: number }) => i.interval_usage_value);
    const mean = values.reduce((a: number, b: number) => a + b, 0) / values.length;
    expect(body.usage.average).toBeCloseTo(mean, 3);
    expect(body.usage.average).toBeLessThan(eventTarget(body.usage.baseline, -0.3, 4));

    const bronze = (await progress('demo-home', ids.get('demo-event-3') ?? 0)).json();
    expect(bronze.usage.total_rewards).toEqual({ cents: 0 });
    expect(bronze.usage.average).toBeGreaterThanOrEqual(eventTarget(bronze.usage.baseline, -0.3, 4));
  });

  it('shows solar export as negative intervals for demo-solar', async () => {
    const ids = await demoEventIds();
    const body = (await progress('demo-solar', ids.get('demo-event-3') ?? 0)).json();
    expect(
      body.usage.intervals.some((i: { interval_usage_value: number }) => i.interval_usage_value < 0),
    ).toBe(true);
    expect(body.usage.baseline).toBeLessThan(0);
  });

  it("answers 404 with the specification's message when a settled event has no usage", async () => {
    const ids = await demoEventIds();
    const response = await progress('demo-home', ids.get('demo-event-0') ?? 0);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: messages.eventNoData } });
  });
});

describe('an event before and after settlement', () => {
  it('has no data until settled, shows progress from the reads so far, and settles idempotently', async () => {
    const day = addDays(suiteToday(), -3);
    const { event } = await createEvent(t.db, {
      clientCode: t.config.client.clientCode,
      startsAt: marketInstant(day, 10 * 60),
      endsAt: marketInstant(day, 11 * 60),
      factor: -0.3,
      invite: ['demo-home', 'demo-happy', 'demo-new'],
    });
    expect((await result('demo-home', event.id)).json()).toEqual({});
    const live = (await progress('demo-home', event.id)).json();
    expect(live.challenge).toEqual({ status: 'scheduled', date: day, percent_displacement_factor: -0.3 });
    expect(live.usage.intervals).toHaveLength(2);
    expect(live.usage.baseline).toEqual(expect.any(Number));
    expect(live.usage.total_rewards).toBeNull();

    const first = await settleEvents(t.db, { clientCode: t.config.client.clientCode, eventId: event.id });
    expect(first).toEqual([
      expect.objectContaining({
        state: 'settled',
        invited: 3,
        withData: 2,
        missing: [{ publicId: 'demo-new', reason: 'no event data' }],
        changed: 2,
      }),
    ]);
    const stored = await t.db
      .select()
      .from(drEventInvitations)
      .where(eq(drEventInvitations.eventId, event.id));
    const again = await settleEvents(t.db, { clientCode: t.config.client.clientCode });
    expect(again?.find((s) => s.eventId === event.id)?.changed).toBe(0);
    expect(again?.every((s) => s.changed === 0)).toBe(true);
    const after = await t.db
      .select()
      .from(drEventInvitations)
      .where(eq(drEventInvitations.eventId, event.id));
    expect(after).toEqual(stored);

    const settled = (await result('demo-home', event.id)).json();
    expect(settled.usage.event_usage_exists).toBe(true);
    expect([0, 500, 10_000]).toContain(settled.usage.total_rewards.cents);
    expect((await result('demo-new', event.id)).json()).toEqual({
      usage: { total_rewards: { cents: 0 }, event_usage_exists: false },
    });
    // Exactly one of the two accounts with data is the top 2% when any passes (rounded up).
    const credits = stored.map((row) => row.creditCents ?? 0);
    const passing = stored.filter((row) => row.passed).length;
    expect(credits.filter((c) => c === 10_000)).toHaveLength(passing > 0 ? 1 : 0);
  });

  it('leaves an event that has not ended unsettled', async () => {
    const tomorrow = addDays(suiteToday(), 1);
    const { event } = await createEvent(t.db, {
      clientCode: t.config.client.clientCode,
      startsAt: marketInstant(tomorrow, 17 * 60),
      endsAt: marketInstant(tomorrow, 18 * 60),
      factor: -0.3,
      invite: ['demo-home'],
    });
    const summary = await settleEvents(t.db, { clientCode: t.config.client.clientCode, eventId: event.id });
    expect(summary?.[0]?.state).toBe('not finished');
    expect((await result('demo-home', event.id)).json()).toEqual({});
    const live = (await progress('demo-home', event.id)).json();
    expect(live.challenge.status).toBe('scheduled');
    expect(live.usage).toEqual({ intervals: [], baseline: null, average: null, total_rewards: null });
  });
});

describe('GET /reduce_and_reward/dr_events/upcoming (issue 29)', () => {
  const upcoming = (accountId: string) =>
    get('/reduce_and_reward/dr_events/upcoming', { account_id: accountId });

  it("announces demo-home's event still to come with its own target, by the settlement's rule", async () => {
    const response = await upcoming('demo-home');
    expect(response.statusCode).toBe(200);
    const body = upcomingEventsResponseSchema.parse(response.json());
    const ids = await demoEventIds();
    // Soonest first; this file's own tests add an event still to come too.
    expect(body.events.map((e) => e.start_time)).toEqual(body.events.map((e) => e.start_time).sort());
    const event = body.events.find((e) => e.id === ids.get('demo-event-upcoming'));
    expect(event?.start_time).toMatch(/^\d{4}-\d{2}-\d{2}T17:00:00\+10:00$/);
    expect(event?.end_time).toMatch(/T19:00:00\+10:00$/);
    expect(event?.interval_count).toBe(4);
    expect(event?.rewards).toEqual({ silver_cents: 500, gold_cents: 10_000, gold_percent: 2 });
    const target = event?.target;
    if (!target) throw new Error('no target');
    // 10 weekdays of demo data before the event, the most recent the last day with data.
    expect(target.baseline_days).toBe(10);
    expect(target.last_baseline_day < suiteToday()).toBe(true);
    expect(target.event_kwh).toBeCloseTo(target.baseline_kwh * 0.7, 2);
    expect(target.per_interval_kwh).toBeCloseTo(target.event_kwh / 4, 2);
    expect(target.per_interval_kwh).toBeCloseTo(eventTarget(target.baseline_kwh, -0.3, 4), 2);
  });

  it('is empty for an account without events to come, and applies the access rules', async () => {
    expect((await upcoming('demo-business')).json()).toEqual({ events: [] });
    expect((await upcoming('demo-other')).statusCode).toBe(403);
    expect((await upcoming('no-such-account')).statusCode).toBe(401);
  });
});
