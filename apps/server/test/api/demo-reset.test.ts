/**
 * `portal demo reset` (resetDemo): after a visitor has tried the demo through the portal (Happy Hours sign-up,
 * opting out and back in, the survey, the budget, the email settings, visits) and an operator has invited the
 * demo accounts to an event of their own, the demo accounts are back as the first start made them: every
 * row the portal keeps for them is what the seed wrote, and the Tracker answers as before.
 */
import { addDays, demoAccountIds, marketDateOf, WEEKLY_EMAIL, weekStart } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { happyHoursParticipants } from '../../src/db/schema/offers.ts';
import { budgetAlerts } from '../../src/db/schema/subscriptions.ts';
import { accounts } from '../../src/db/schema.ts';
import { DemoDataError } from '../../src/demo/production.ts';
import { resetDemo } from '../../src/demo/reset.ts';
import { demoAccounts, seedDemo } from '../../src/demo/seed.ts';
import { DEMO_HAPPY_SIGNUP_DAYS_AGO } from '../../src/demo/seed-offers.ts';
import { findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { createAccount, rotateLink } from '../../src/domains/accounts/service.ts';
import { createEvent } from '../../src/domains/reduce-and-reward/events.ts';
import { testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();

let address = 0;
const call = (options: InjectOptions) => t.app.inject({ remoteAddress: `10.91.0.${++address}`, ...options });

/** Per-account tables, without surrogate ids and the times rows were written at (now()). */
const PER_ACCOUNT_TABLES = [
  'account_tariffs',
  'profiles',
  'web_interactions',
  'happy_hours_participants',
  'happy_hours_slots',
  'here_for_you_participants',
  'here_for_you_changes',
  'here_for_you_settlements',
  'subscriptions',
  'email_snapshots',
  'budget_alerts',
  'dr_event_emails',
  'dr_event_invitations',
];
const WRITE_TIMES = [
  'id',
  'account_id',
  'created_at',
  'updated_at',
  'received_at',
  'submitted_at',
  'settled_at',
];

/** Everything the portal keeps for the demo accounts, as comparable text. */
async function demoState(): Promise<Record<string, string[]>> {
  const ids = demoAccounts.map((account) => account.publicId);
  const state: Record<string, string[]> = {};
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const drop = sql.raw(`array[${WRITE_TIMES.map((column) => `'${column}'`).join(', ')}]`);
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.db.execute(query)) as unknown as { rows: { row: string }[] }).rows.map((row) => row.row);
  state.accounts = await rows(
    sql`select a.public_id || ' ' || ((to_jsonb(a) - ${drop})::text) as row from accounts a where a.public_id in (${list}) order by 1`,
  );
  for (const table of PER_ACCOUNT_TABLES) {
    state[table] = await rows(
      sql`select a.public_id || ' ' || ((to_jsonb(t) - ${drop})::text) as row from ${sql.identifier(table)} t join accounts a on a.id = t.account_id where a.public_id in (${list}) order by 1`,
    );
  }
  return state;
}

/** The day the template seeded the demo: demo-happy signed up a fixed number of days before it. */
async function demoSeedDay(): Promise<string> {
  const [happy] = await t.db
    .select({ signedUpAt: happyHoursParticipants.signedUpAt })
    .from(happyHoursParticipants)
    .innerJoin(accounts, eq(accounts.id, happyHoursParticipants.accountId))
    .where(eq(accounts.publicId, demoAccountIds.happy));
  return addDays(marketDateOf(happy?.signedUpAt as Date), DEMO_HAPPY_SIGNUP_DAYS_AGO);
}

describe('resetDemo (portal demo reset)', () => {
  // A reset prices the days of 30 accounts again (their tariffs are given anew) and runs the seed: more than the
  // default 30 s on a busy machine.
  it('puts the demo accounts back as the first start made them after a visitor tried everything', {
    timeout: 120_000,
  }, async () => {
    const seeded = await demoState();
    const seedDay = await demoSeedDay();
    const home = demoAccountIds.home;

    // A visitor tries the demo.
    const answers = [
      await call({
        method: 'POST',
        url: '/innovative_billing/daytime_saver_participants',
        payload: {
          client_code: t.config.client.clientCode,
          account_identifier: home,
          time_slot: '13:00-15:00',
        },
      }),
      await call({
        method: 'POST',
        url: `/innovative_billing/here_for_you_participants/${home}/opt_out`,
        payload: { client_code: t.config.client.clientCode, account_identifier: home },
      }),
      await call({
        method: 'POST',
        url: '/innovative_billing/here_for_you_participants',
        payload: { client_code: t.config.client.clientCode, account_identifier: demoAccountIds.happy },
      }),
      await call({
        method: 'POST',
        url: '/api/settings/spend_target',
        query: { account_id: home },
        payload: { spend_target: 77 },
      }),
      await call({
        method: 'POST',
        url: '/api/tracker/subscription',
        payload: { account_id: home, data: { type: WEEKLY_EMAIL, subscribed: false } },
      }),
      await call({
        method: 'POST',
        url: '/api/tracker/subscription',
        payload: { account_id: demoAccountIds.business, data: { type: WEEKLY_EMAIL, subscribed: true } },
      }),
      await call({
        method: 'PUT',
        url: '/api/tracker/budget_alert',
        payload: { account_id: demoAccountIds.happy, enabled: false },
      }),
      await call({
        method: 'PATCH',
        url: '/api/accounts/update_profile',
        query: { account_id: demoAccountIds.business },
        payload: {
          source: 'survey',
          profile: {
            employee_number: 'five_to_ten',
            shifts: '24hr',
            tenancy: 'lease',
            business_type: 'retail',
            monthly_outgoings_energy_spend: 'not_sure',
            heating_cooling_cost: 'yes',
            roof: 'skip',
            solar_panels: 'no',
            decisions: 'facility_manager',
          },
        },
      }),
      await call({
        method: 'POST',
        url: '/api/web_interactions',
        payload: {
          type: 'tracker_ui_visit',
          source: 'trust',
          account_identifier: home,
          page_name: 'feedback',
          url: `http://localhost:3000/new/feedback/${home}`,
          additional_data: { event_time: '2026-11-20T09:15:00.000Z' },
        },
      }),
    ];
    expect(answers.map((answer) => answer.statusCode).filter((status) => status >= 300)).toEqual([]);
    // And an operator's own event invites them.
    await createEvent(t.db, {
      clientCode: t.config.client.clientCode,
      startsAt: new Date('2026-01-05T08:00:00Z'),
      endsAt: new Date('2026-01-05T09:00:00Z'),
      factor: -0.3,
      reference: 'reset-test-event',
      invite: 'all',
    });
    // And `portal mail alerts` sent demo-home its budget alert this week.
    const [homeRow] = await t.db.select().from(accounts).where(eq(accounts.publicId, home));
    await t.db.insert(budgetAlerts).values({
      accountId: homeRow?.id as string,
      weekStart: weekStart(seedDay),
      status: 'sent',
      spentCents: 4500,
      projectedCents: 6000,
      budgetCents: 4000,
    });
    const tried = await demoState();
    for (const table of [
      'budget_alerts',
      'accounts',
      'profiles',
      'web_interactions',
      'happy_hours_participants',
      'happy_hours_slots',
      'here_for_you_changes',
      'subscriptions',
      'dr_event_invitations',
    ]) {
      expect(tried[table], table).not.toEqual(seeded[table]);
    }

    const summary = await resetDemo(t.db, t.config, { today: seedDay });
    expect(summary).toMatchObject({ accountsReset: demoAccounts.length, accountsCreated: 0 });
    expect(await demoState()).toEqual(seeded);

    // The portal answers as at the first start: demo-home invited but not signed up, and in the program.
    const signup = await call({
      method: 'GET',
      url: `/innovative_billing/daytime_saver_participants/${home}?client_code=${t.config.client.clientCode}`,
    });
    expect(signup.json()).toMatchObject({ opted_in: false });
    const hfy = await call({
      method: 'GET',
      url: `/innovative_billing/here_for_you_participants/${home}?client_code=${t.config.client.clientCode}`,
    });
    expect(hfy.json()).toEqual({ opted_in: true });
  });

  it('is idempotent: a second reset changes nothing', { timeout: 120_000 }, async () => {
    const before = await demoState();
    const seedDay = await demoSeedDay();
    await resetDemo(t.db, t.config, { today: seedDay });
    expect(await demoState()).toEqual(before);
  });

  it("survives any operator's rotations of demo links: the seed at start creates nothing, the reset puts every link back", {
    timeout: 300_000,
  }, async () => {
    const seedDay = await demoSeedDay();
    await resetDemo(t.db, t.config, { today: seedDay });
    const seeded = await demoState();
    const rowOf = async (publicId: string) => (await findAccountByPublicId(t.db, publicId))?.id;
    const rowIds = new Map<string, string | undefined>();
    for (const account of demoAccounts) rowIds.set(account.publicId, await rowOf(account.publicId));
    await fc.assert(
      fc.asyncProperty(
        // Rotations in any order, an account rotated again under its new link.
        fc.array(fc.constantFrom(...demoAccounts.map((account) => account.publicId)), {
          minLength: 1,
          maxLength: 4,
        }),
        async (rotated) => {
          const current = new Map(demoAccounts.map((account) => [account.publicId, account.publicId]));
          const oldLinks: string[] = [];
          for (const demo of rotated) {
            const link = current.get(demo) as string;
            current.set(demo, (await rotateLink(t.db, link)).publicId);
            oldLinks.push(link);
          }
          // The server's start seeds the demo: it creates nothing, and fails on nothing.
          expect(await seedDemo(t.db, t.config, { today: seedDay })).toMatchObject({ accountsCreated: 0 });
          await resetDemo(t.db, t.config, { today: seedDay });
          // Every published link back on its own account, the rotated ones unknown, the rest as seeded.
          for (const account of demoAccounts)
            expect(await rowOf(account.publicId)).toBe(rowIds.get(account.publicId));
          for (const link of new Set(current.values())) {
            if (!demoAccounts.some((account) => account.publicId === link))
              expect(await rowOf(link)).toBeUndefined();
          }
          expect(await demoState()).toEqual(seeded);
        },
      ),
      { numRuns: 3 },
    );
  });

  it('refuses, in one line and changing nothing, to take back a demo link another account holds now', {
    timeout: 120_000,
  }, async () => {
    const fresh = demoAccountIds.fresh;
    const demoRow = (await findAccountByPublicId(t.db, fresh))?.id;
    const rotated = (await rotateLink(t.db, fresh)).publicId;
    const other = await createAccount(t.db, {
      nmi: '4407999901',
      publicId: fresh,
      marketSegment: 'residential',
      clientCode: t.config.client.clientCode,
      email: 'someone@customers.example',
    });
    const before = await demoState();
    await expect(resetDemo(t.db, t.config, { today: suiteToday() })).rejects.toThrow(
      new DemoDataError(
        `The demo link ${fresh} now belongs to another account (meter 4407999901): give that account a link of its own first ("portal accounts rotate-link --account ${fresh}").`,
      ),
    );
    expect(await demoState()).toEqual(before);
    expect((await findAccountByPublicId(t.db, rotated))?.id).toBe(demoRow);
    // Once that account has a link of its own, the next reset gives the demo account its link back.
    const moved = (await rotateLink(t.db, fresh)).publicId;
    await resetDemo(t.db, t.config, { today: suiteToday() });
    expect((await findAccountByPublicId(t.db, fresh))?.id).toBe(demoRow);
    expect(await findAccountByPublicId(t.db, rotated)).toBeUndefined();
    expect((await findAccountByPublicId(t.db, moved))?.id).toBe(other.id);
  });
});
