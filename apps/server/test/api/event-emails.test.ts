/**
 * The Reduce & Reward emails end to end (issue 29, docs/reduce-and-reward.md#emails, decision 0041):
 * `sendEventEmails` over a real SMTP server: the invitation with the account's own target (the upcoming
 * endpoint's figures), recorded as announced; the results once settled, as the event detail shows them, saying
 * whether the target changed; once per account and event, honouring unsubscribes; a failure and a rerun, and
 * two workers at once (on PostgreSQL too: the api:postgres project), each email exactly once.
 *
 * Hand-computed (as apps/server/test/unit/reduce-and-reward-upcoming.test.ts, where the event is Wednesday 3 June
 * 2026; here the first Wednesday a year after the run's day, dated below as EVENT_DAY): 17:00 to 18:00 AEST (2 intervals), factor -0.3. Known at the invitation: the 10 weekdays 14 to 27 May, each
 * 1.0 kWh per half hour: baseline 2.0 kWh for the event, target 2.0 - 0.3 x 2.0 = 1.40 kWh, 0.70 per 30
 * minutes. The event day holds 0.5 kWh per half hour (average 0.50, 1.0 kWh used).
 * - A (on time): nothing else arrives; settled on the same 10 days: target 0.70, reduced 2.0 - 1.0 = 1.0 kWh.
 * - B (late): after the invitation the 4 weekdays 28 May to 2 June arrive with 2.0 kWh per half hour; the
 *   settlement takes them: (4 x 2.0 + 6 x 1.0) / 10 = 1.4 per half hour, baseline 2.8 kWh, target 2.8 - 0.84 =
 *   1.96 kWh, 0.98 per 30 minutes; reduced 2.8 - 1.0 = 1.8 kWh.
 * Both pass; B reduced more: rank 1, and Gold (2% of 2 passing, rounded up: 1), $100; A Silver, $5.
 */
import {
  addDays,
  dayOfWeek,
  isWeekday,
  marketInstant,
  upcomingEventsResponseSchema,
} from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drEventEmails } from '../../src/db/schema/reduce-and-reward.ts';
import { subscriptions } from '../../src/db/schema/subscriptions.ts';
import { accounts } from '../../src/db/schema.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { type Nem12WriteRead, nem12Lines } from '../../src/domains/meter-data/nem12/index.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { createEvent } from '../../src/domains/reduce-and-reward/events.ts';
import { settleEvents } from '../../src/domains/reduce-and-reward/settle-events.ts';
import { upcomingEventsFor } from '../../src/domains/reduce-and-reward/upcoming.ts';
import { sendEventEmails } from '../../src/domains/subscriptions/event-emails.ts';
import { createMailer } from '../../src/domains/subscriptions/mailer.ts';
import { buildTestApp } from '../helpers/app.ts';
import { clickTargets } from '../helpers/email-links.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const PUBLIC_URL = 'https://portal.brightside.example';
/**
 * The worked example's Wednesday, a year after the run's day: beyond the demo's events (seeded around that day,
 * over its 15 months of history), so that every email due at the test's times is the test's own, whatever day
 * the suite runs on (issue 40).
 */
const EVENT_DAY = (() => {
  let day = addDays(suiteToday(), 365);
  while (dayOfWeek(day) !== 2) day = addDays(day, 1);
  return day;
})();
const BEFORE = marketInstant(addDays(EVENT_DAY, -1), 9 * 60);
const AFTER = marketInstant(addDays(EVENT_DAY, 2), 9 * 60);
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
/** 'Wednesday 3 June 2026', as the emails write a day. */
const written = (date: string) =>
  `${WEEKDAYS[dayOfWeek(date)]} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const micro = (kwh: number) => Math.round(kwh * 1e6);

/** The weekdays before the event, most recent first: the first 4 are B's late days. */
const weekdays: string[] = [];
for (let back = 1; weekdays.length < 14; back++) {
  const date = addDays(EVENT_DAY, -back);
  if (isWeekday(date)) weekdays.push(date);
}

let smtp: TestSmtpServer;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let meters = 0;
let address = 0;
const inject = (options: InjectOptions) =>
  t.app.inject({ remoteAddress: `10.72.0.${++address % 250}`, ...options });

const nmiOf = new Map<string, string>();

/** Imports days of `kwh` per half hour for the account's meter. */
async function importDays(publicId: string, days: readonly string[], kwh: number) {
  const nmi = nmiOf.get(publicId) as string;
  const reads: Nem12WriteRead[] = days.map((date) => ({
    date,
    values: new Array(48).fill(micro(kwh)),
    updateTime: new Date('2026-06-01T00:00:00Z'),
  }));
  const text = [...nem12Lines({ channels: [{ nmi, suffix: 'E1', intervalMinutes: 30, reads }] })].join('\n');
  expect((await importNem12Source(t.db, textSource(`${publicId}-${days[0]}-${kwh}.csv`, text))).status).toBe(
    'imported',
  );
}

/** A weekly subscriber (or not) on its own meter. */
async function customer(publicId: string, options: { subscribed?: boolean } = {}) {
  const nmi = `RRMAIL${String(++meters).padStart(4, '0')}`;
  nmiOf.set(publicId, nmi);
  const account = await createAccount(t.db, {
    nmi,
    publicId,
    marketSegment: 'residential',
    clientCode: t.config.client.clientCode,
    email: `${publicId}@customers.example`,
  });
  await t.db.insert(subscriptions).values({
    accountId: account.id,
    type: 'Subscriptions::WeeklyEmail',
    subscribed: options.subscribed ?? true,
    nextMailingDate: options.subscribed === false ? null : '2026-06-08',
  });
  return account;
}

async function event(day: string, invite: string[]) {
  const { event } = await createEvent(t.db, {
    clientCode: t.config.client.clientCode,
    startsAt: marketInstant(day, 17 * 60),
    endsAt: marketInstant(day, 18 * 60),
    factor: -0.3,
    invite,
  });
  return event;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const run = (now: Date) =>
  sendEventEmails({ db: t.db, config: t.config, mailer: createMailer(t.config), now });
const to = (publicId: string) => (mail: ReceivedMail) => mail.to[0] === `${publicId}@customers.example`;
const mailsTo = (publicId: string) => smtp.received.filter(to(publicId));
const emailsOf = async (accountId: string) =>
  t.db.select().from(drEventEmails).where(eq(drEventEmails.accountId, accountId));
const linksOf = (html: string) => clickTargets(inject, html, PUBLIC_URL);

describe('the demo (docs/reduce-and-reward.md#emails)', () => {
  it("invites demo-home to its upcoming event with the upcoming endpoint's own figures", async () => {
    const upcoming = upcomingEventsResponseSchema.parse(
      (
        await inject({ method: 'GET', url: '/reduce_and_reward/dr_events/upcoming?account_id=demo-home' })
      ).json(),
    );
    const [coming] = upcoming.events;
    expect(coming?.target).not.toBeNull();
    const summary = await run(new Date());
    expect(summary.sent).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = mailsTo('demo-home');
    expect(more).toEqual([]);
    const target = coming?.target as NonNullable<NonNullable<typeof coming>['target']>;
    expect(mail?.text).toContain(
      `Your target: less than ${target.event_kwh.toFixed(2)} kWh over the event, ${target.per_interval_kwh.toFixed(2)} kWh per 30 minutes.`,
    );
    expect(mail?.text).toContain(
      `${coming?.start_time.slice(11, 16)} to ${coming?.end_time.slice(11, 16)} AEST`,
    );
    // Run again: nothing more.
    const before = smtp.received.length;
    expect(await run(new Date())).toMatchObject({ claimed: 0, sent: 0 });
    expect(smtp.received.length).toBe(before);
  });
});

describe('portal mail events', () => {
  let eventId: number;
  let a: Awaited<ReturnType<typeof customer>>;
  let b: Awaited<ReturnType<typeof customer>>;

  it('invites each subscriber once, with the hand-computed target, and records it as announced', async () => {
    a = await customer('rr-mail-a');
    b = await customer('rr-mail-b');
    const off = await customer('rr-mail-off', { subscribed: false });
    for (const id of ['rr-mail-a', 'rr-mail-b', 'rr-mail-off']) await importDays(id, weekdays.slice(4), 1);
    eventId = (await event(EVENT_DAY, ['rr-mail-a', 'rr-mail-b', 'rr-mail-off'])).id;

    const summary = await run(BEFORE);
    expect(summary).toMatchObject({ claimed: 2, sent: 2, skipped: 0, cancelled: 0 });
    expect(mailsTo('rr-mail-off')).toEqual([]);
    expect(await emailsOf(off.id)).toEqual([]);
    for (const id of ['rr-mail-a', 'rr-mail-b']) {
      const [mail, ...more] = mailsTo(id);
      expect(more).toEqual([]);
      expect(mail?.headers.get('subject')).toBe(
        `Reduce & Reward event: ${written(EVENT_DAY)}, 17:00 to 18:00 AEST`,
      );
      for (const part of [mail?.text, mail?.html]) {
        expect(part).toContain(`${written(EVENT_DAY)}, 17:00 to 18:00 AEST`);
        expect(part).toContain('Your target: less than 1.40 kWh over the event, 0.70 kWh per 30 minutes.');
        expect(part).toContain(
          `Your usual use at these times is 2.00 kWh, the average of your 10 most recent weekdays with meter data (the latest ${written(weekdays[4] as string)}).`,
        );
        expect(part).toContain(
          'Stay below it to earn a $5.00 bill credit; the top 2% of savers earn $100.00.',
        );
      }
    }
    // The upcoming endpoint's code says the same at that time.
    const upcoming = await upcomingEventsFor(t.db, a, BEFORE);
    expect(upcoming.events[0]?.target).toMatchObject({
      event_kwh: 1.4,
      per_interval_kwh: 0.7,
      baseline_kwh: 2,
    });
    expect(await emailsOf(a.id)).toMatchObject([
      {
        kind: 'invitation',
        status: 'sent',
        targetKwh: 0.7,
        eventTargetKwh: 1.4,
        baselineKwh: 2,
        baselineDays: 10,
        lastBaselineDay: weekdays[4],
      },
    ]);
  });

  it('links to the overview through a signed link, with the snapshots’ List-Unsubscribe', async () => {
    const mail = mailsTo('rr-mail-a')[0] as ReceivedMail;
    expect(await linksOf(mail.html)).toEqual(['/ReduceAndReward/rr-mail-a']);
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<https:\/\/portal\.brightside\.example\/api\/email\/unsubscribe\?t=[\w.-]+>, <mailto:unsubscribe@brightside\.example\?subject=unsubscribe%20rr-mail-a>$/,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('message-id')).toMatch(
      new RegExp(`^<event-invitation\\.${eventId}\\.\\d+@portal\\.brightside\\.example>$`),
    );
  });

  it('sends the results once settled, as the event detail shows them, and says when the target changed', async () => {
    // Nothing new before the settlement.
    expect(await run(AFTER)).toMatchObject({ claimed: 0, sent: 0 });
    await importDays('rr-mail-a', [EVENT_DAY], 0.5);
    await importDays('rr-mail-b', [EVENT_DAY], 0.5);
    await importDays('rr-mail-b', weekdays.slice(0, 4), 2);
    await settleEvents(t.db, { clientCode: t.config.client.clientCode, eventId, now: AFTER });

    expect(await run(AFTER)).toMatchObject({ claimed: 2, sent: 2 });
    const detail = async (id: string) =>
      (
        await inject({
          method: 'GET',
          url: `/reduce_and_reward/dr_events/event_progress?account_id=${id}&event_id=${eventId}`,
        })
      ).json();
    expect((await detail('rr-mail-a')).usage).toMatchObject({
      baseline: 2,
      average: 0.5,
      total_rewards: { cents: 500 },
    });
    expect((await detail('rr-mail-b')).usage).toMatchObject({
      baseline: 2.8,
      average: 0.5,
      total_rewards: { cents: 10_000 },
    });

    const resultA = mailsTo('rr-mail-a')[1] as ReceivedMail;
    expect(resultA.headers.get('subject')).toBe(
      `Your Reduce & Reward result for ${written(EVENT_DAY)}: $5.00`,
    );
    for (const part of [resultA.text, resultA.html]) {
      expect(part).toContain('Total rewards: $5.00');
      expect(part).toContain('Rank: Silver Saver ‘More than 30% below your baseline’');
      expect(part).toContain('Result: Success!');
      expect(part).toContain(
        'Your target: 0.70 kWh per 30 minutes. Your average during the event: 0.50 kWh per 30 minutes.',
      );
      expect(part).toContain('Your target is the one we announced before the event.');
      expect(part).not.toContain('changed');
    }
    // The event detail's call: the target announced, for the detail to compare with the settled one.
    const announcedOf = (id: string, event = eventId) =>
      inject({
        method: 'GET',
        url: `/reduce_and_reward/dr_events/announced_target?account_id=${id}&event_id=${event}`,
      });
    const announcedB = await announcedOf('rr-mail-b');
    expect(announcedB.statusCode).toBe(200);
    expect(announcedB.json()).toEqual({
      announced: {
        baseline_kwh: 2,
        event_kwh: 1.4,
        per_interval_kwh: 0.7,
        baseline_days: 10,
        last_baseline_day: weekdays[4],
      },
    });
    expect((await announcedOf('rr-mail-off')).json()).toEqual({ announced: null });
    expect((await announcedOf('demo-home')).statusCode).toBe(404);
    expect((await announcedOf('rr-mail-b', 'x' as never)).statusCode).toBeGreaterThanOrEqual(400);

    const resultB = mailsTo('rr-mail-b')[1] as ReceivedMail;
    expect(resultB.headers.get('subject')).toBe(
      `Your Reduce & Reward result for ${written(EVENT_DAY)}: $100.00`,
    );
    for (const part of [resultB.text, resultB.html]) {
      expect(part).toContain('Total rewards: $100.00');
      expect(part).toContain('Rank: Gold Super Saver ‘Top 2% Savers’');
      expect(part).toContain('Result: Success!');
      expect(part).toContain(
        'Your target: 0.98 kWh per 30 minutes. Your average during the event: 0.50 kWh per 30 minutes.',
      );
      expect(part).toContain(
        'Your target changed after we announced it: we announced 0.70 kWh per 30 minutes, and your result is measured against 0.98 kWh, because meter data for more days before the event has arrived since.',
      );
    }
    expect(await linksOf(resultB.html)).toEqual([`/ReduceAndReward/rr-mail-b/Event/${eventId}`]);
    // Once: a rerun, or a settlement again, sends nothing more.
    await settleEvents(t.db, { clientCode: t.config.client.clientCode, eventId, now: AFTER });
    expect(await run(AFTER)).toMatchObject({ claimed: 0, sent: 0 });
    expect(mailsTo('rr-mail-a')).toHaveLength(2);
    expect(mailsTo('rr-mail-b')).toHaveLength(2);
    expect((await emailsOf(b.id)).map((row) => [row.kind, row.status]).sort()).toEqual([
      ['invitation', 'sent'],
      ['results', 'sent'],
    ]);
  });

  it('cancels an invitation still pending when the event started', async () => {
    const late = await customer('rr-mail-late');
    const day = addDays(EVENT_DAY, 28);
    await event(day, ['rr-mail-late']);
    // The SMTP server refuses for now: the invitation is claimed and stays pending.
    smtp.onMessage = () => false;
    await expect(run(marketInstant(addDays(day, -1), 9 * 60))).rejects.toThrow(/try again later/);
    smtp.onMessage = null;
    expect((await emailsOf(late.id)).map((row) => row.status)).toEqual(['pending']);
    // The next run is after the event started.
    expect(await run(marketInstant(day, 17 * 60 + 30))).toMatchObject({ sent: 0, cancelled: 1 });
    expect(await emailsOf(late.id)).toMatchObject([{ status: 'cancelled', reason: 'the event has started' }]);
    expect(mailsTo('rr-mail-late')).toEqual([]);
  });

  it('never sends to a customer who unsubscribed after the claim', async () => {
    const gone = await customer('rr-mail-unsub');
    const day = addDays(EVENT_DAY, 35);
    await event(day, ['rr-mail-unsub']);
    smtp.onMessage = () => false;
    await expect(run(marketInstant(addDays(day, -1), 9 * 60))).rejects.toThrow(/try again later/);
    smtp.onMessage = null;
    await inject({
      method: 'POST',
      url: '/api/tracker/subscription',
      payload: { account_id: 'rr-mail-unsub', data: { subscribed: false } },
    });
    expect(await run(marketInstant(addDays(day, -1), 9 * 60))).toMatchObject({ sent: 0, cancelled: 1 });
    expect(await emailsOf(gone.id)).toMatchObject([
      { status: 'cancelled', reason: 'unsubscribed before sending' },
    ]);
    expect(mailsTo('rr-mail-unsub')).toEqual([]);
  });
});

describe('exactly once', () => {
  /**
   * An event day and the morning before it, weeks after the worked example's (beyond the demo's events too).
   */
  const beyondTheDemo = (weeks: number) => {
    let day = addDays(EVENT_DAY, 7 * (6 + weeks));
    while (!isWeekday(day)) day = addDays(day, 1);
    return { day, morningBefore: marketInstant(addDays(day, -1), 9 * 60) };
  };

  it('a failure mid-run stops the worker; the rerun sends the rest, each email once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await customer(`rr-crash-${i}`)).id);
    const { day, morningBefore: now } = beyondTheDemo(0);
    await event(
      day,
      ids.map((_, i) => `rr-crash-${i}`),
    );
    const start = smtp.received.length;
    let arrived = 0;
    smtp.onMessage = () => ++arrived !== 3;
    await expect(run(now)).rejects.toThrow(/try again later/);
    smtp.onMessage = null;
    expect(smtp.received.slice(start).filter((m) => m.to[0]?.startsWith('rr-'))).toHaveLength(2);
    expect(await run(now)).toMatchObject({ sent: 4 });
    const recipients = smtp.received
      .slice(start)
      .map((m) => m.to[0])
      .filter((address) => address?.startsWith('rr-'));
    expect(recipients.sort()).toEqual(ids.map((_, i) => `rr-crash-${i}@customers.example`).sort());
    const rows = await t.db.select().from(drEventEmails).where(inArray(drEventEmails.accountId, ids));
    expect(rows.map((row) => row.status)).toEqual(Array(6).fill('sent'));
  });

  it('two workers at once never send the same email twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await customer(`rr-parallel-${i}`)).id);
    const { day, morningBefore: now } = beyondTheDemo(1);
    await event(
      day,
      ids.map((_, i) => `rr-parallel-${i}`),
    );
    const start = smtp.received.length;
    const [x, y] = await Promise.all([run(now), run(now)]);
    expect(x.sent + y.sent).toBe(8);
    expect(x.claimed + y.claimed).toBe(8);
    const recipients = smtp.received
      .slice(start)
      .map((m) => m.to[0])
      .filter((address) => address?.startsWith('rr-'));
    expect(recipients.sort()).toEqual(ids.map((_, i) => `rr-parallel-${i}@customers.example`).sort());
    const rows = await t.db.select().from(drEventEmails).where(inArray(drEventEmails.accountId, ids));
    expect(rows).toHaveLength(8);
    expect(await t.db.select().from(accounts).where(inArray(accounts.id, ids))).toHaveLength(8);
  });
});
