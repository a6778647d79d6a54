/**
 * Demo Reduce & Reward events (docs/contracts.md): `demo-home` and `demo-solar` are invited to six events. The
 * households' responses are part of the usage model (they cut or raised their load during the event), so
 * the meter data carries them, and the results come from the real settlement of that data: for `demo-home`
 * gold, silver, bronze, silver, gold, and one event from before its meter data began ('Missing'); and one
 * event still to come, a few days after the seeding day (issue 29).
 * Idempotent: events are found by their reference; settlement writes nothing when repeated.
 */
import { addDays, dayOfWeek, demoAccountIds, marketDateOf, marketInstant } from '@portal/contracts';
import { inArray } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { drEvents } from '../db/schema/reduce-and-reward.ts';
import { createEvent } from '../domains/reduce-and-reward/events.ts';
import { settleEvents } from '../domains/reduce-and-reward/settle-events.ts';
import { eventWindow } from '../domains/reduce-and-reward/settlement.ts';
import type { EventResponse } from './usage-model.ts';

interface DemoEvent {
  reference: string;
  /** About how many days before the seeding day; moved back to the nearest day of the wanted type. */
  daysAgo: number;
  weekend: boolean;
  /** Start and end, hours after AEST midnight. */
  start: number;
  end: number;
  /** Share of load each household cut during the event (negative: used more). */
  reductions: { home: number; solar: number };
}

/** How many days before the seeding day the demo meter data starts (seed.ts DEMO_HISTORY_DAYS, 457). */
const BEFORE_METER_DATA = 477;

export const demoEvents: DemoEvent[] = [
  // Home cut three quarters of its evening load and out-saved solar, which did nothing: Gold.
  {
    reference: 'demo-event-1',
    daysAgo: 120,
    weekend: false,
    start: 18,
    end: 20,
    reductions: { home: 0.75, solar: 0 },
  },
  // Both cut; solar cut more kWh: home Silver, solar Gold.
  {
    reference: 'demo-event-2',
    daysAgo: 95,
    weekend: false,
    start: 18,
    end: 20,
    reductions: { home: 0.55, solar: 0.9 },
  },
  // An afternoon event: home had guests and used more than usual (Bronze); solar exported through it.
  {
    reference: 'demo-event-3',
    daysAgo: 70,
    weekend: false,
    start: 14,
    end: 16,
    reductions: { home: -0.15, solar: 0.6 },
  },
  // A weekend evening: home Silver, solar Gold.
  {
    reference: 'demo-event-4',
    daysAgo: 45,
    weekend: true,
    start: 17,
    end: 19,
    reductions: { home: 0.55, solar: 0.9 },
  },
  {
    reference: 'demo-event-5',
    daysAgo: 20,
    weekend: false,
    start: 17,
    end: 19,
    reductions: { home: 0.8, solar: 0 },
  },
  // Before either meter's data begins: no usage for the event ('Missing').
  {
    reference: 'demo-event-0',
    daysAgo: BEFORE_METER_DATA,
    weekend: false,
    start: 18,
    end: 20,
    reductions: { home: 0.5, solar: 0.5 },
  },
  // Still to come (issue 29): three days after the seeding day, moved on to a weekday; announced on the
  // overview with each household's own target.
  {
    reference: 'demo-event-upcoming',
    daysAgo: -3,
    weekend: false,
    start: 17,
    end: 19,
    reductions: { home: 0, solar: 0 },
  },
];

/**
 * The event's date: `daysAgo` before today, moved back to a weekday or a Saturday as asked (an event still to
 * come, `daysAgo` below 0, is moved on instead, so that it stays ahead).
 */
export function demoEventDate(event: DemoEvent, today: string): string {
  const step = event.daysAgo < 0 ? 1 : -1;
  let date = addDays(today, -event.daysAgo);
  while (dayOfWeek(date) >= 5 !== event.weekend) date = addDays(date, step);
  return date;
}

/**
 * Creates the demo events that do not exist yet, and returns each demo household's responses to the events
 * as stored (an event made on an earlier day keeps its date), for the usage model.
 */
export async function ensureDemoEvents(
  db: Database,
  config: Config,
  today: string,
): Promise<Map<string, EventResponse[]>> {
  const references = demoEvents.map((event) => event.reference);
  const existing = new Map(
    (await db.select().from(drEvents).where(inArray(drEvents.reference, references))).map((row) => [
      row.reference,
      row,
    ]),
  );
  const responses = new Map<string, EventResponse[]>([
    [demoAccountIds.home, []],
    [demoAccountIds.solar, []],
  ]);
  for (const demo of demoEvents) {
    let event = existing.get(demo.reference);
    if (!event) {
      const date = demoEventDate(demo, today);
      ({ event } = await createEvent(db, {
        clientCode: config.client.clientCode,
        startsAt: marketInstant(date, demo.start * 60),
        endsAt: marketInstant(date, demo.end * 60),
        factor: -0.3,
        reference: demo.reference,
        invite: [demoAccountIds.home, demoAccountIds.solar],
      }));
    }
    const window = eventWindow(event.startsAt, event.endsAt);
    const endMinute = window.startMinute + window.intervalCount * 30;
    const date = marketDateOf(event.startsAt);
    responses.get(demoAccountIds.home)?.push({
      date,
      startMinute: window.startMinute,
      endMinute,
      reduction: demo.reductions.home,
    });
    responses.get(demoAccountIds.solar)?.push({
      date,
      startMinute: window.startMinute,
      endMinute,
      reduction: demo.reductions.solar,
    });
  }
  return responses;
}

/** Settles every ended demo event through the real settlement path. */
export async function settleDemoEvents(db: Database, config: Config, now?: Date) {
  return settleEvents(db, { clientCode: config.client.clientCode, ...(now ? { now } : {}) });
}
