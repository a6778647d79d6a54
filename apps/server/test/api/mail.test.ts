/**
 * Email snapshots end to end (docs/access.md, docs/email-snapshots.md): `sendDue` over a real SMTP server (smtp-server in this
 * process) with the demo subscriptions; content checked against the Tracker's own usage answer; sender,
 * reply-to and List-Unsubscribe headers; signed links that count clicks and redirect inside the portal only;
 * exactly once across a failure mid-batch and a rerun, and with two workers in parallel; the outbox.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addDays,
  formatCurrency,
  formatDecimal,
  formatLongDate,
  moneyPartLabel,
  paths,
  similarHomesCopy,
  subscriptionSchema,
  usageResponseSchema,
  WEEKLY_EMAIL,
  weekStart,
} from '@portal/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSnapshots, subscriptions } from '../../src/db/schema/subscriptions.ts';
import { accounts } from '../../src/db/schema.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { assignTariff, FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { weekRange } from '../../src/domains/subscriptions/email/view.ts';
import { linkSecret, signLink } from '../../src/domains/subscriptions/links.ts';
import { createMailer } from '../../src/domains/subscriptions/mailer.ts';
import { nextMailingDate, periodBefore } from '../../src/domains/subscriptions/schedule.ts';
import { countDue, previewSnapshot, sendDue } from '../../src/domains/subscriptions/sender.ts';
import { snapshotFigures } from '../../src/domains/subscriptions/snapshot-data.ts';
import { usageFor } from '../../src/domains/tracker/usage-service.ts';
import { testAppForFile } from '../helpers/app.ts';
import { testConfig } from '../helpers/config.ts';
import { copyMeterReads } from '../helpers/meter-copy.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const PUBLIC_URL = 'https://portal.brightside.example';
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());
const t = testAppForFile(() => ({ SMTP_URL: smtp.url, PUBLIC_URL }));

const today = suiteToday();
const weekPeriod = periodBefore('weekly', today);
const monthPeriod = periodBefore('monthly', today);

let address = 0;
const inject = (options: InjectOptions) =>
  t.app.inject({ remoteAddress: `10.70.0.${++address % 250}`, ...options });

const clickLinks = (html: string) =>
  [...html.matchAll(/href="(https:\/\/portal\.brightside\.example\/api\/email\/click\?t=[^"]+)"/g)].map(
    (match) => (match[1] as string).replaceAll('&amp;', '&'),
  );
const local = (url: string) => url.replace(PUBLIC_URL, '');

async function accountRow(publicId: string) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.publicId, publicId));
  if (!row) throw new Error(`no account ${publicId}`);
  return row;
}

let copiedMeters = 0;

/**
 * Accounts with a copy of demo-home's last 60 days of reads on a meter of their own (one retailer's accounts
 * never share a meter's days: decision 0034), subscribed weekly and due today.
 */
async function dueAccounts(prefix: string, count: number) {
  const home = await accountRow('demo-home');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const nmi = `91${String(++copiedMeters).padStart(8, '0')}`;
    await copyMeterReads(t.db, home.nmi, nmi, addDays(today, -60));
    const account = await createAccount(t.db, {
      nmi,
      publicId: `${prefix}-${i}`,
      marketSegment: 'residential',
      clientCode: t.config.client.clientCode,
      email: `${prefix}-${i}@customers.example`,
    });
    await assignTariff(t.db, account.id, demoTariffs.flat.code, FROM_THE_START);
    await t.db
      .insert(subscriptions)
      .values({ accountId: account.id, type: WEEKLY_EMAIL, subscribed: true, nextMailingDate: today });
    ids.push(account.id);
  }
  return ids;
}

const countBy = (mails: ReceivedMail[]) => {
  const counts = new Map<string, number>();
  for (const mail of mails) for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
};

describe('portal mail send-due over SMTP', () => {
  let home: ReceivedMail;

  it('counts the snapshots due for its progress, and sends none once its operator has left', async () => {
    expect(await countDue(t.db, t.config, today)).toBe(3);
    const mailer = createMailer(t.config);
    const left = await sendDue({ db: t.db, config: t.config, mailer, today, signal: AbortSignal.abort() });
    mailer.close();
    expect(left).toEqual({ claimed: 0, sent: 0, skipped: 0, cancelled: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(await countDue(t.db, t.config, today)).toBe(3);
  });

  it('sends each demo subscriber its due snapshot once, and advances next_mailing_date', async () => {
    const mailer = createMailer(t.config);
    expect(mailer.kind).toBe('smtp');
    const summary = await sendDue({ db: t.db, config: t.config, mailer, today });
    mailer.close();
    expect(summary).toMatchObject({ claimed: 3, sent: 3, skipped: 0 });
    expect([...countBy(smtp.received).entries()].sort()).toEqual([
      ['demo-happy@customers.example', 1],
      ['demo-home@customers.example', 1],
      ['demo-solar@customers.example', 1],
    ]);
    home = smtp.received.find((mail) => mail.to[0] === 'demo-home@customers.example') as ReceivedMail;

    const [row] = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, (await accountRow('demo-home')).id));
    expect(row?.nextMailingDate).toBe(nextMailingDate('weekly', today));
    const solar = await inject({ method: 'GET', url: '/api/tracker/subscription?account_id=demo-solar' });
    expect(subscriptionSchema.parse(solar.json()).next_mailing_date).toBe(nextMailingDate('monthly', today));

    const recorded = await t.db.select().from(emailSnapshots);
    expect(recorded.map((snapshot) => snapshot.status)).toEqual(['sent', 'sent', 'sent']);

    // A rerun the same day finds nothing due and sends nothing.
    const again = await sendDue({ db: t.db, config: t.config, mailer: createMailer(t.config), today });
    expect(again).toMatchObject({ claimed: 0, sent: 0 });
    expect(smtp.received).toHaveLength(3);
  });

  it('comes from the retailer, with reply-to and one-click List-Unsubscribe headers', () => {
    expect(home.headers.get('from')).toBe('Brightside Energy <tracker@brightside.example>');
    expect(home.headers.get('reply-to')).toBe('help@brightside.example');
    const unsubscribe = home.headers.get('list-unsubscribe') ?? '';
    expect(unsubscribe).toMatch(
      /^<https:\/\/portal\.brightside\.example\/api\/email\/unsubscribe\?t=[\w.-]+>, /,
    );
    expect(unsubscribe).toContain('<mailto:unsubscribe@brightside.example?subject=unsubscribe%20demo-home>');
    expect(home.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(home.headers.get('message-id')).toMatch(
      new RegExp(`^<snapshot\\.weekly\\.${weekPeriod.start}\\.\\d+@portal\\.brightside\\.example>$`),
    );
  });

  it("reports the Tracker's own figures for last week, in HTML and plain text", async () => {
    const usage = usageResponseSchema.parse(
      (
        await inject({
          method: 'GET',
          url: `/api/tracker/usage?account_id=demo-home&from=${weekPeriod.start}`,
        })
      ).json(),
    );
    const insights = usage.current_week.insights;
    const total = formatCurrency(insights.total_spend as number);
    expect(home.headers.get('subject')).toBe(
      // The range's wording across months and years is weekRange's own (test/unit/subscriptions-schedule.test.ts).
      `Your Tracker snapshot: ${total} for the week of ${weekRange(weekPeriod.start, weekPeriod.end)}`,
    );
    const max = insights.max_spend as { day: string; value: number };
    const average = formatCurrency(insights.weekly_average_spend as number);
    const spent = insights.total_spend as number;
    const budgetLine = `You used ${Math.round((spent / 40) * 100)}% of your $40.00 weekly budget.`;
    const resultLine =
      spent > 40
        ? `You went ${formatCurrency(spent - 40)} over your budget.`
        : `You stayed ${formatCurrency(40 - spent)} under your budget.`;
    for (const part of [home.text, home.html]) {
      expect(part).toContain(total);
      expect(part).toContain(`your average of ${average} over the previous 4 weeks.`);
      expect(part).toContain(budgetLine);
      expect(part).toContain(resultLine);
      expect(part).toContain(
        `Your highest day: ${formatLongDate(max.day).replace(/ \d{4}$/, '')}, ${formatCurrency(max.value)}.`,
      );
      expect(part).toContain(`(${formatCurrency(usage.forecast.spend_to_date)} so far)`);
      expect(part).toContain('A projection only');
      expect(part).toContain('The same week last year: $');
      expect(part).not.toContain('Solar credit');
      // Similar homes (issue 28 item 3): demo-home has not answered the survey, so it is invited to.
      expect(part).toContain(similarHomesCopy.noProfile);
      expect(part).toContain(similarHomesCopy.surveyLink);
      // Where the money went (issue 28 item 1): the Tracker's parts of the week, always-on first.
      expect(part).toContain('Where your money went');
      const parts = insights.money_parts?.parts ?? [];
      expect(parts[0]?.part).toBe('always_on');
      for (const line of parts) {
        const amount = formatCurrency(line.spend);
        expect(part).toContain(
          line.usage_kwh === null
            ? `${moneyPartLabel(line)}: ${amount}`
            : `${moneyPartLabel(line)}: ${amount} (${formatDecimal(line.usage_kwh, 1)} kWh)`,
        );
      }
    }
    expect(home.text).toContain(
      'See your week in Tracker:\nhttps://portal.brightside.example/api/email/click?t=',
    );
  });

  it('is an email that survives images off, small screens and dark mode', () => {
    expect(home.html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(home.html).not.toMatch(/<img|url\(/i);
    expect(home.html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(home.html).toContain('@media (prefers-color-scheme: dark)');
    expect(home.html).toContain('max-width:600px');
    expect(home.html).toContain('name="viewport"');
  });

  it('reports the solar credit and last year for the monthly solar snapshot', () => {
    const solar = smtp.received.find((mail) => mail.to[0] === 'demo-solar@customers.example') as ReceivedMail;
    const month = formatLongDate(monthPeriod.start).split(' ').slice(2).join(' ');
    expect(solar.headers.get('subject')).toMatch(
      new RegExp(`^Your Tracker snapshot: \\$[\\d,.]+ for ${month}$`),
    );
    expect(solar.text).toMatch(/Solar credit: \$[\d,.]+ for [\d,.]+ kWh sent to the grid\./);
    expect(solar.text).toContain(`${month.split(' ')[0]} last year: $`);
    expect(solar.text).toContain('budget for the month ($30.00 a week)');
    expect(solar.text).toContain('See your usage in Tracker:');
  });

  it('links through signed redirects that count the click and stay inside the portal', async () => {
    const links = clickLinks(home.html);
    // demo-home is invited to the survey for similar homes (issue 28), and has a better offer (issue 17): their
    // links come before the week's and Settings'.
    expect(links).toHaveLength(4);
    const before = (await accountRow('demo-home')).emailClickCount;
    const targets: string[] = [];
    for (const link of links) {
      const response = await inject({ method: 'GET', url: local(link) });
      expect(response.statusCode).toBe(302);
      targets.push(response.headers.location as string);
    }
    expect(targets).toEqual([
      paths.survey.href('demo-home'),
      paths.plans.href('demo-home'),
      paths.usage.href('demo-home', weekPeriod.start),
      paths.settings.href('demo-home'),
    ]);
    expect((await accountRow('demo-home')).emailClickCount).toBe(before + 4);
    // demo-home is invited to Happy Hours but has not signed up: no slot-change link.
    expect(home.html).not.toContain('Happy Hours');
  });
});

describe('the monthly snapshot adds up with the Tracker', () => {
  /** The Tracker's days of the month as shown (its weeks' day entries), in whole cents. */
  async function trackerDaysOf(publicId: string) {
    const account = await accountRow(publicId);
    const days: { date: string; total: number; solar: number }[] = [];
    for (let monday = weekStart(monthPeriod.start); monday <= monthPeriod.end; monday = addDays(monday, 7)) {
      const usage = await usageFor(t.db, account, monday, today);
      for (const day of usage.current_week.intervals) {
        const { yyyymmdd } = day.interval_range.starts_at;
        const date = `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
        if (date < monthPeriod.start || date > monthPeriod.end || day.data.total_spend === null) continue;
        days.push({
          date,
          total: Math.round(day.data.total_spend * 100),
          solar: Math.round((day.data.solar_input ?? 0) * 100),
        });
      }
    }
    return { account, days };
  }

  it.each(['demo-solar', 'demo-home'])(
    '%s: the month is the sum of the days the Tracker shows, and so are its solar credit and highest day',
    async (publicId) => {
      const { account, days } = await trackerDaysOf(publicId);
      expect(days.length).toBeGreaterThan(0);
      const figures = await snapshotFigures(t.db, account, monthPeriod, today);
      if (!figures) throw new Error('no figures');
      const cents = (dollars: number) => Math.round(dollars * 100);
      expect(figures.daysWithData).toBe(days.length);
      expect(cents(figures.totalSpend)).toBe(days.reduce((sum, day) => sum + day.total, 0));
      const highest = days.reduce((best, day) => (day.total > best.total ? day : best));
      expect(figures.highestDay).toEqual({ date: highest.date, spend: highest.total / 100 });
      const solar = days.reduce((sum, day) => sum + day.solar, 0);
      if (figures.solar) expect(cents(figures.solar.credit)).toBe(solar);
      else expect(solar).toBe(0);
    },
  );
});

describe('signed links', () => {
  const click = async (token: string) => inject({ method: 'GET', url: `/api/email/click?t=${token}` });

  it('refuses tampered and forged tokens and foreign hosts, counting nothing', async () => {
    const secret = await linkSecret(t.db, t.config);
    const genuine = signLink(secret, { k: 'click', a: 'demo-home', p: '/new/settings/demo-home' });
    const [data, signature] = genuine.split('.') as [string, string];
    // Each alive for a day: refused for its own fault, not for a missing expiry.
    const e = Math.floor(Date.now() / 1000) + 86_400;
    const otherPayload = Buffer.from(
      JSON.stringify({ k: 'click', a: 'demo-solar', p: '/new/settings/demo-solar', e }),
    ).toString('base64url');
    const signed = (payload: object) => {
      const encoded = Buffer.from(JSON.stringify({ ...payload, e })).toString('base64url');
      return `${encoded}.${createHmac('sha256', secret).update(encoded).digest('base64url')}`;
    };
    const before = (await accountRow('demo-home')).emailClickCount;
    const refused = [
      `${otherPayload}.${signature}`,
      `${data}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      signLink('another-secret-of-at-least-32-characters!', {
        k: 'click',
        a: 'demo-home',
        p: '/new/settings/demo-home',
      }),
      signed({ k: 'click', a: 'demo-home', p: 'https://evil.example/' }),
      signed({ k: 'click', a: 'demo-home', p: '//evil.example/new/usage' }),
      signed({ k: 'click', a: 'demo-home', p: '/\\evil.example' }),
      signed({ k: 'click', a: 'demo-home', p: '/api/tracker/export' }),
      signed({ k: 'click', a: 'demo-other', p: '/new/settings/demo-other' }),
      signed({ k: 'unsubscribe', a: 'demo-home' }),
      'not-a-token',
    ];
    for (const token of refused) {
      const response = await click(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
      expect(response.headers.location).toBeUndefined();
    }
    expect((await accountRow('demo-home')).emailClickCount).toBe(before);
    expect((await click(genuine)).statusCode).toBe(302);
    expect((await click('')).statusCode).toBe(400);
  });

  it('unsubscribes with one click (RFC 8058); a browser GET only leads to Settings', async () => {
    const secret = await linkSecret(t.db, t.config);
    const token = signLink(secret, { k: 'unsubscribe', a: 'demo-happy' });
    const get = await inject({ method: 'GET', url: `/api/email/unsubscribe?t=${token}` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(paths.settings.href('demo-happy'));
    const subscription = async () =>
      subscriptionSchema.parse(
        (await inject({ method: 'GET', url: '/api/tracker/subscription?account_id=demo-happy' })).json(),
      );
    expect((await subscription()).subscribed).toBe(true);

    const post = await inject({
      method: 'POST',
      url: `/api/email/unsubscribe?t=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect((await subscription()).subscribed).toBe(false);
    const forged = await inject({
      method: 'POST',
      url: `/api/email/unsubscribe?t=${token.slice(0, -3)}abc`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('exactly once', () => {
  it('a failure mid-batch stops the worker; the rerun sends the rest, each snapshot once', async () => {
    const ids = await dueAccounts('crash', 7);
    const start = smtp.received.length;
    // The SMTP server goes away at the 4th message of the run.
    let arrived = 0;
    smtp.onMessage = () => ++arrived !== 4;
    await expect(
      sendDue({ db: t.db, config: t.config, mailer: createMailer(t.config), today, batchSize: 3 }),
    ).rejects.toThrow(/try again later/);
    expect(smtp.received.length - start).toBe(3);
    const pending = await t.db.select().from(emailSnapshots).where(inArray(emailSnapshots.accountId, ids));
    // Claimed so far: the first batch and the second, whose first message failed; the third is still due.
    expect(pending.filter((row) => row.status === 'sent')).toHaveLength(3);

    smtp.onMessage = null;
    const rerun = await sendDue({
      db: t.db,
      config: t.config,
      mailer: createMailer(t.config),
      today,
      batchSize: 3,
    });
    expect(rerun.sent).toBe(4);
    const counts = countBy(smtp.received.slice(start));
    expect(counts.size).toBe(7);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const rows = await t.db.select().from(emailSnapshots).where(inArray(emailSnapshots.accountId, ids));
    expect(rows.map((row) => row.status)).toEqual(Array(7).fill('sent'));
  });

  it('two workers in parallel never send the same snapshot twice', async () => {
    const ids = await dueAccounts('parallel', 8);
    const start = smtp.received.length;
    const run = () =>
      sendDue({ db: t.db, config: t.config, mailer: createMailer(t.config), today, batchSize: 2 });
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.sent + b.sent).toBe(8);
    expect(a.claimed + b.claimed).toBe(8);
    const counts = countBy(smtp.received.slice(start));
    expect(counts.size).toBe(8);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const rows = await t.db.select().from(emailSnapshots).where(inArray(emailSnapshots.accountId, ids));
    expect(rows).toHaveLength(8);
  });

  it('skips a subscriber without meter data for the period, and sends nothing', async () => {
    const fresh = await accountRow('demo-new');
    await t.db
      .insert(subscriptions)
      .values({ accountId: fresh.id, type: WEEKLY_EMAIL, subscribed: true, nextMailingDate: today });
    const start = smtp.received.length;
    const summary = await sendDue({ db: t.db, config: t.config, mailer: createMailer(t.config), today });
    expect(summary).toMatchObject({ claimed: 1, sent: 0, skipped: 1 });
    expect(smtp.received.length).toBe(start);
    const [row] = await t.db.select().from(emailSnapshots).where(eq(emailSnapshots.accountId, fresh.id));
    expect(row).toMatchObject({ status: 'skipped', reason: 'no meter data for the period' });
  });
  // A worker killed with SIGKILL mid-batch and run again: faults-killed-commands.test.ts (PostgreSQL).
});

describe('without SMTP_URL', () => {
  it('writes each snapshot as an .eml file in DATA_DIR/outbox, once per snapshot', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-'));
    try {
      const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL });
      const mailer = createMailer(config);
      expect(mailer.kind).toBe('outbox');
      const ids = await dueAccounts('outbox', 2);
      const summary = await sendDue({ db: t.db, config, mailer, today });
      expect(summary.sent).toBe(2);
      const files = fs.readdirSync(path.join(dataDir, 'outbox')).sort();
      expect(files).toEqual([
        `snapshot-${weekPeriod.start}-weekly-outbox-0.eml`,
        `snapshot-${weekPeriod.start}-weekly-outbox-1.eml`,
      ]);
      const raw = fs.readFileSync(path.join(dataDir, 'outbox', files[0] as string), 'utf8');
      expect(raw).toContain('From: Brightside Energy <tracker@brightside.example>');
      expect(raw).toContain('To: outbox-0@customers.example');
      expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(raw).toContain('Content-Type: text/html');
      expect(raw).toContain('Content-Type: text/plain');
      const rows = await t.db.select().from(emailSnapshots).where(inArray(emailSnapshots.accountId, ids));
      expect(rows.every((row) => row.deliveredTo?.endsWith('.eml'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('portal mail preview', () => {
  it('composes a snapshot without sending or recording it, with the Happy Hours link for participants', async () => {
    const before = (await t.db.select().from(emailSnapshots)).length;
    // demo-happy is signed up to Happy Hours (11:00-13:00).
    const result = await previewSnapshot({ db: t.db, config: t.config, publicId: 'demo-happy', today });
    if ('skip' in result) throw new Error(result.skip);
    expect(result.period).toEqual(weekPeriod);
    expect(result.email.text).toContain('Change your Happy Hours time slot:');
    const links = clickLinks(result.email.html);
    // The survey's invitation (similar homes), the week, the slot change and Settings.
    expect(links).toHaveLength(4);
    const response = await inject({ method: 'GET', url: local(links[2] as string) });
    expect(response.headers.location).toBe(paths.happyHoursChangeSlot.href('demo-happy'));
    expect((await t.db.select().from(emailSnapshots)).length).toBe(before);
  });
});
