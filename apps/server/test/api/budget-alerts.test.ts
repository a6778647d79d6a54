/**
 * The budget alert end to end (issue 29, docs/budget-alerts.md, decision 0040): `sendBudgetAlerts` over a real
 * SMTP server, on a constructed data set with hand-computed figures that also equal the Tracker's own answer;
 * at most one a week, never for a week already over, never after the alert was turned off or the customer
 * unsubscribed; its links and one-click off; GET and PUT /api/tracker/budget_alert; a failure mid-run and
 * a rerun, and two workers at once (on PostgreSQL too: the api:postgres project), each alert exactly once.
 *
 * Tariff: supply 100 c/day, usage 30 c/kWh flat, so a day of a kWh per half hour costs 14.4a + $1. Week W
 * starts Monday 2025-06-02 and the run is on Thursday 2025-06-05, with W's Monday to Wednesday imported.
 * In the 5 weeks before, weekday d of the week b weeks back holds a = 0.5 + 0.025d + 0.025(b - 3): a day costs
 * $8.20 + $0.36d + $0.36(b - 3), so weekday d's average over the 5 weeks is $8.20 + $0.36d: Thursday $9.28,
 * Friday $9.64, Saturday $10.00, Sunday $10.36 (the rest of the week: $39.28). W's days hold a = 0.9: $13.96
 * each, $41.88 for the three. Projected: $41.88 + $39.28 = $81.16.
 */
import {
  addDays,
  budgetAlertSettingSchema,
  dayOfWeek,
  usageResponseSchema,
  WEEKLY_EMAIL,
  weekStart,
} from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetAlerts, subscriptions } from '../../src/db/schema/subscriptions.ts';
import { accounts } from '../../src/db/schema.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { assignTariff, FROM_THE_START, importTariffs } from '../../src/domains/billing/tariff-store.ts';
import { type Nem12WriteRead, nem12Lines } from '../../src/domains/meter-data/nem12/index.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { previewBudgetAlert, sendBudgetAlerts } from '../../src/domains/subscriptions/alerts.ts';
import { createMailer } from '../../src/domains/subscriptions/mailer.ts';
import { testAppForFile } from '../helpers/app.ts';
import { clickTargets } from '../helpers/email-links.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const PUBLIC_URL = 'https://portal.brightside.example';
const W = '2025-06-02';
const THURSDAY = '2025-06-05';
const micro = (kwh: number) => Math.round(kwh * 1e6);

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());
const t = testAppForFile(() => ({ SMTP_URL: smtp.url, PUBLIC_URL }));
let meters = 0;
let address = 0;
const inject = (options: InjectOptions) =>
  t.app.inject({ remoteAddress: `10.71.0.${++address % 250}`, ...options });

/** An account on its own meter with the data set above, subscribed weekly, with a budget (dollars). */
async function customer(publicId: string, budget: number, options: { subscribed?: boolean } = {}) {
  const nmi = `ALERT${String(++meters).padStart(5, '0')}`;
  const reads: Nem12WriteRead[] = [];
  const updateTime = new Date('2025-06-05T00:00:00Z');
  for (let back = 5; back >= 1; back--) {
    for (let d = 0; d < 7; d++) {
      const a = 0.5 + 0.025 * d + 0.025 * (back - 3);
      reads.push({ date: addDays(W, -7 * back + d), values: new Array(48).fill(micro(a)), updateTime });
    }
  }
  for (let d = 0; d < 3; d++) {
    reads.push({ date: addDays(W, d), values: new Array(48).fill(micro(0.9)), updateTime });
  }
  const text = [...nem12Lines({ channels: [{ nmi, suffix: 'E1', intervalMinutes: 30, reads }] })].join('\n');
  expect((await importNem12Source(t.db, textSource(`${publicId}.csv`, text))).status).toBe('imported');
  const account = await createAccount(t.db, {
    nmi,
    publicId,
    marketSegment: 'residential',
    clientCode: t.config.client.clientCode,
    email: `${publicId}@customers.example`,
  });
  await assignTariff(t.db, account.id, 'TEST-ALERT', FROM_THE_START);
  await t.db.update(accounts).set({ spendTarget: budget }).where(eq(accounts.id, account.id));
  await t.db.insert(subscriptions).values({
    accountId: account.id,
    type: WEEKLY_EMAIL,
    subscribed: options.subscribed ?? true,
    nextMailingDate: options.subscribed === false ? null : addDays(W, 7),
  });
  return account;
}

beforeAll(async () => {
  await importTariffs(t.db, [
    {
      code: 'TEST-ALERT',
      name: 'Test',
      supply_cents_per_day: '100',
      usage: { type: 'flat', cents_per_kwh: '30' },
      feed_in_cents_per_kwh: '0',
      concession_cents_per_day: '0',
    } as never,
  ]);
});

const run = (today: string, batchSize?: number) =>
  sendBudgetAlerts({
    db: t.db,
    config: t.config,
    mailer: createMailer(t.config),
    today,
    ...(batchSize ? { batchSize } : {}),
  });
const to = (publicId: string) => (mail: ReceivedMail) => mail.to[0] === `${publicId}@customers.example`;
const mailsTo = (publicId: string) => smtp.received.filter(to(publicId));
const alertsOf = async (accountId: string) =>
  t.db.select().from(budgetAlerts).where(eq(budgetAlerts.accountId, accountId));
const linksOf = (html: string) => clickTargets(inject, html, PUBLIC_URL);

describe('portal mail alerts', () => {
  let mail: ReceivedMail;

  it('alerts a subscriber whose week is on track to exceed the budget, with the hand-computed figures', async () => {
    const over = await customer('alert-70', 70);
    await customer('alert-90', 90); // $81.16 projected: within the budget
    const already = await customer('alert-40', 40); // $41.88 spent: already over
    await customer('alert-unsubscribed', 10, { subscribed: false });
    const summary = await run(THURSDAY);
    expect(summary.sent).toBe(2);
    expect(mailsTo('alert-90')).toHaveLength(0);
    expect(mailsTo('alert-unsubscribed')).toHaveLength(0);
    expect(mailsTo('alert-70')).toHaveLength(1);
    mail = mailsTo('alert-70')[0] as ReceivedMail;
    expect(mail.headers.get('subject')).toBe('Your week is on track to go over your $70.00 budget');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Your week of Monday 2 to Sunday 8 June 2025');
      expect(part).toContain('On track for $81.16 this week, $11.16 more than your $70.00 weekly budget.');
      expect(part).toContain('Spent so far: $41.88, on 3 days with meter data.');
      expect(part).toContain('Still to come, at your usual spend: $39.28.');
      expect(part).toContain('Monday 2 June: $13.96');
      expect(part).toContain('Thursday 5 June: $9.28 expected (your average)');
      expect(part).toContain('Friday 6 June: $9.64 expected (your average)');
      expect(part).toContain('Saturday 7 June: $10.00 expected (your average)');
      expect(part).toContain('Sunday 8 June: $10.36 expected (your average)');
      expect(part).toContain('over the last 5 weeks with data, the Average marker in Tracker');
    }
    expect(await alertsOf(over.id)).toMatchObject([
      { weekStart: W, status: 'sent', spentCents: 4188, projectedCents: 8116, budgetCents: 7000 },
    ]);
    const overMail = mailsTo('alert-40')[0] as ReceivedMail;
    expect(overMail.headers.get('subject')).toBe('Your week has gone over your $40.00 budget');
    expect(overMail.text).toContain(
      'You have spent $41.88 this week, $1.88 more than your $40.00 weekly budget.',
    );
    expect(overMail.text).toContain(
      'On track for $81.16 this week, $41.16 more than your $40.00 weekly budget.',
    );
    expect((await alertsOf(already.id))[0]?.status).toBe('sent');
  });

  it("states the Tracker's own figures for the same days", async () => {
    const usage = usageResponseSchema.parse(
      (await inject({ method: 'GET', url: `/api/tracker/usage?account_id=alert-70&from=${W}` })).json(),
    );
    const money = (n: number) => `$${n.toFixed(2)}`;
    expect(mail.text).toContain(`Spent so far: ${money(usage.current_week.insights.total_spend as number)},`);
    const days = usage.current_week.intervals;
    for (const [index, day] of days.entries()) {
      const name = `${day.interval_range.starts_at.day} ${day.interval_range.starts_at.date} June`;
      if (day.data.total_spend !== null) {
        expect(index).toBeLessThan(3);
        expect(mail.text).toContain(`${name}: ${money(day.data.total_spend)}\n`);
      } else {
        expect(mail.text).toContain(`${name}: ${money(day.data.average_spend as number)} expected`);
      }
    }
  });

  it('links to the Tracker week and Settings through signed links; its List-Unsubscribe turns only alerts off', async () => {
    expect(await linksOf(mail.html)).toEqual([`/new/usage/alert-70/${W}`, '/new/settings/alert-70']);
    const header = mail.headers.get('list-unsubscribe') ?? '';
    const offUrl =
      /^<(https:\/\/portal\.brightside\.example\/api\/email\/budget_alerts_off\?t=[\w.-]+)>, <mailto:unsubscribe@brightside\.example\?subject=budget%20alerts%20off%20alert-70>$/.exec(
        header,
      )?.[1];
    expect(offUrl).toBeDefined();
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('message-id')).toMatch(
      /^<budget-alert\.2025-06-02\.\d+@portal\.brightside\.example>$/,
    );
    const url = (offUrl as string).replace(PUBLIC_URL, '');
    const setting = async () =>
      budgetAlertSettingSchema.parse(
        (await inject({ method: 'GET', url: '/api/tracker/budget_alert?account_id=alert-70' })).json(),
      );
    expect(await setting()).toEqual({ enabled: true, budget: 70 });
    // Opened in a browser: leads to Settings, changes nothing.
    const page = await inject({ method: 'GET', url });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/new/settings/alert-70');
    expect((await setting()).enabled).toBe(true);
    const post = await inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toEqual({ budget_alerts: false });
    expect(await setting()).toEqual({ enabled: false, budget: 70 });
    const subscription = await inject({
      method: 'GET',
      url: '/api/tracker/subscription?account_id=alert-70',
    });
    expect(subscription.json().subscribed).toBe(true);
    // A snapshot's unsubscribe token is no alert token, and the other way round.
    const snapshotUnsubscribe = await inject({
      method: 'POST',
      url: url.replace('budget_alerts_off', 'unsubscribe'),
    });
    expect(snapshotUnsubscribe.statusCode).toBe(400);
  });

  it('sends at most one a week, however often it runs and whatever data arrives', async () => {
    const before = smtp.received.length;
    expect(await run(THURSDAY)).toMatchObject({ claimed: 0, sent: 0 });
    expect(await run('2025-06-07')).toMatchObject({ claimed: 0, sent: 0 });
    expect(smtp.received.length).toBe(before);
  });

  it('never alerts after the customer turned alerts off or unsubscribed', async () => {
    const off = await customer('alert-off', 50);
    expect(
      (
        await inject({
          method: 'PUT',
          url: '/api/tracker/budget_alert',
          payload: { account_id: 'alert-off', enabled: false },
        })
      ).statusCode,
    ).toBe(200);
    const gone = await customer('alert-gone', 50);
    await inject({
      method: 'POST',
      url: '/api/tracker/subscription',
      payload: { account_id: 'alert-gone', data: { subscribed: false } },
    });
    await run(THURSDAY);
    expect(mailsTo('alert-off')).toHaveLength(0);
    expect(mailsTo('alert-gone')).toHaveLength(0);
    expect(await alertsOf(off.id)).toEqual([]);
    expect(await alertsOf(gone.id)).toEqual([]);
  });

  it('cancels an alert claimed before the customer turned alerts off, or before the week was over', async () => {
    const late = await customer('alert-late', 50);
    // The SMTP server refuses for now: the alert is claimed and stays pending.
    smtp.onMessage = () => false;
    await expect(run(THURSDAY)).rejects.toThrow(/try again later/);
    smtp.onMessage = null;
    expect((await alertsOf(late.id))[0]?.status).toBe('pending');
    await inject({
      method: 'PUT',
      url: '/api/tracker/budget_alert',
      payload: { account_id: 'alert-late', enabled: false },
    });
    expect((await run(THURSDAY)).cancelled).toBe(1);
    expect(await alertsOf(late.id)).toMatchObject([
      { status: 'cancelled', reason: 'budget alerts turned off before sending' },
    ]);

    const stale = await customer('alert-stale', 50);
    smtp.onMessage = () => false;
    await expect(run(THURSDAY)).rejects.toThrow(/try again later/);
    smtp.onMessage = null;
    // The next run is on the Monday after: that week is over.
    expect((await run(addDays(W, 7))).cancelled).toBe(1);
    expect(await alertsOf(stale.id)).toMatchObject([{ status: 'cancelled', reason: 'the week is over' }]);
    expect(mailsTo('alert-late')).toHaveLength(0);
    expect(mailsTo('alert-stale')).toHaveLength(0);
  });
});

describe('GET and PUT /api/tracker/budget_alert', () => {
  it('is on by default, turns off and on for a subscriber, and only off for anyone else (409)', async () => {
    const get = async (id: string) =>
      (await inject({ method: 'GET', url: `/api/tracker/budget_alert?account_id=${id}` })).json();
    const put = (id: string, enabled: boolean) =>
      inject({ method: 'PUT', url: '/api/tracker/budget_alert', payload: { account_id: id, enabled } });
    expect(await get('demo-home')).toEqual({ enabled: true, budget: 40 });
    expect((await put('demo-home', false)).json()).toEqual({ enabled: false, budget: 40 });
    expect(await get('demo-home')).toEqual({ enabled: false, budget: 40 });
    expect((await put('demo-home', true)).json()).toEqual({ enabled: true, budget: 40 });
    // demo-business never subscribed: turning on needs a subscription, turning off is kept.
    const on = await put('demo-business', true);
    expect(on.statusCode).toBe(409);
    expect(on.json().error.code).toBe('CONFLICT');
    expect((await put('demo-business', false)).statusCode).toBe(200);
    expect((await get('demo-business')).enabled).toBe(false);
    const subscription = await inject({
      method: 'GET',
      url: '/api/tracker/subscription?account_id=demo-business',
    });
    expect(subscription.json()).toEqual({ subscribed: false, type: WEEKLY_EMAIL, next_mailing_date: null });
    expect((await put('demo-other', false)).statusCode).toBe(403);
    expect(
      (
        await inject({
          method: 'PUT',
          url: '/api/tracker/budget_alert',
          payload: { account_id: 'demo-home' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('exactly once', () => {
  it('a failure mid-run stops the worker; the rerun sends the rest, each alert once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await customer(`alert-crash-${i}`, 60)).id);
    const start = smtp.received.length;
    let arrived = 0;
    smtp.onMessage = () => ++arrived !== 3;
    await expect(run(THURSDAY, 2)).rejects.toThrow(/try again later/);
    smtp.onMessage = null;
    expect(smtp.received.length - start).toBe(2);
    await run(THURSDAY, 2);
    const counts = smtp.received.slice(start).map((m) => m.to[0]);
    expect(counts.sort()).toEqual(ids.map((_, i) => `alert-crash-${i}@customers.example`).sort());
    const rows = await t.db.select().from(budgetAlerts).where(inArray(budgetAlerts.accountId, ids));
    expect(rows.map((row) => row.status)).toEqual(Array(6).fill('sent'));
  });

  it('two workers at once never send the same alert twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await customer(`alert-parallel-${i}`, 60)).id);
    const start = smtp.received.length;
    const [a, b] = await Promise.all([run(THURSDAY, 2), run(THURSDAY, 2)]);
    expect(a.sent + b.sent).toBe(8);
    expect(a.claimed + b.claimed).toBe(8);
    const recipients = smtp.received.slice(start).map((m) => m.to[0]);
    expect(recipients.sort()).toEqual(ids.map((_, i) => `alert-parallel-${i}@customers.example`).sort());
    const rows = await t.db.select().from(budgetAlerts).where(inArray(budgetAlerts.accountId, ids));
    expect(rows).toHaveLength(8);
  });
});

describe('the demo (docs/budget-alerts.md)', () => {
  it("demo-home's week is on track to exceed its $40 budget, so `portal mail alerts` shows an alert", async () => {
    // A day of the demo's last week with data: on a Monday the run's week has none yet, so the Sunday before.
    const today = dayOfWeek(suiteToday()) === 0 ? addDays(suiteToday(), -1) : suiteToday();
    const result = await previewBudgetAlert({ db: t.db, config: t.config, publicId: 'demo-home', today });
    if ('skip' in result) throw new Error(result.skip);
    expect(result.projection.budgetCents).toBe(4000);
    expect(result.projection.onTrackToExceed).toBe(true);
    const start = smtp.received.length;
    await run(today);
    expect(smtp.received.slice(start).filter(to('demo-home'))).toHaveLength(1);
  });

  it('skips demo-home on the Monday of a week without meter data yet: nothing to project', async () => {
    const monday = dayOfWeek(suiteToday()) === 0 ? suiteToday() : addDays(weekStart(suiteToday()), 7);
    expect(
      await previewBudgetAlert({ db: t.db, config: t.config, publicId: 'demo-home', today: monday }),
    ).toEqual({ skip: 'no budget, or no meter data this week yet' });
  });
});
