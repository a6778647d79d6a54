/**
 * The Tracker's answer kept in the database (issue 31, decision 0036): what a reader sends is always what a
 * build from scratch gives, whatever changed before it, and another account's changes cost a reader nothing.
 */

import zlib from 'node:zlib';
import {
  addDays,
  daysBetween,
  endpointPath,
  endpoints,
  marketInstant,
  marketToday,
  serverPrefixes,
  timeSlotIds,
  USAGE_RESPONSE_VERSION,
  weekStart,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { happyHoursSlots } from '../../src/db/schema/offers.ts';
import { type AccountRow, accounts, usageVersions } from '../../src/db/schema.ts';
import { findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { repriceAccounts, withPricing } from '../../src/domains/billing/pricing.ts';
import { assignTariff, FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { nem12Lines } from '../../src/domains/meter-data/nem12/index.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { inviteToHappyHours } from '../../src/domains/offers/happy-hours.ts';
import { importCurtailment } from '../../src/domains/tracker/curtailment.ts';
import { msToNextRollover, rollOver } from '../../src/domains/tracker/rollover.ts';
import {
  type AnswerEncoding,
  allAccountIds,
  answerOf,
  ForecastSuffixes,
  isCurrent,
  lookUpUsage,
  RECENT_WEEKS,
  RETAINED_WEEKS,
  refreshUsageAnswers,
  type UsageLookUp,
} from '../../src/domains/tracker/usage-answers.ts';
import { usageJsonFor } from '../../src/domains/tracker/usage-service.ts';
import { testAppForFile } from '../helpers/app.ts';

const t = testAppForFile();

const usageUrl = (publicId: string, from?: string) =>
  `${serverPrefixes.api}${endpointPath(endpoints.usage)}?account_id=${publicId}${from ? `&from=${from}` : ''}`;

async function versionOf(publicId: string) {
  const account = await findAccountByPublicId(t.db, publicId);
  const [row] = await t.db
    .select({ version: usageVersions.version })
    .from(usageVersions)
    .where(eq(usageVersions.accountId, account?.id as string));
  return row?.version ?? 0;
}

describe('another account waiting to be priced', () => {
  it("neither reprices an account's days nor raises its version when it is read", async () => {
    const other = await findAccountByPublicId(t.db, 'demo-solar');
    // Days of demo-solar left stale behind the portal's back (a person with psql): its own next reader prices them.
    await t.db.execute(sql`insert into priced_days_stale (account_id) values (${other?.id})`);
    const before = await versionOf('demo-home');
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: usageUrl('demo-home') })).statusCode).toBe(200);
    }
    expect(await versionOf('demo-home')).toBe(before);
    const stale = await t.db.execute(
      sql`select count(*)::int as n from priced_days_stale where account_id = ${other?.id}`,
    );
    expect((stale as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});

/**
 * Imports `days` days of one meter from `from`: 0.15 kWh each half-hour, or `milliKwh` in both half-hours of
 * `hour` when given; `sequence` makes the update time later than the reads before it (a correction replaces).
 */
async function importDays(
  nmi: string,
  from: string,
  days: number,
  milliKwh: number,
  hour = -1,
  sequence = 0,
) {
  const reads = Array.from({ length: days }, (_, i) => ({
    date: addDays(from, i),
    values: Array.from({ length: 48 }, (_, slot) =>
      Math.floor(slot / 2) === hour ? milliKwh * 1000 : 150_000,
    ),
    updateTime: marketInstant(addDays(from, 60), sequence),
  }));
  const text = [...nem12Lines({ channels: [{ nmi, suffix: 'E1', intervalMinutes: 30, reads }] })].join('\n');
  expect((await importNem12Source(t.db, textSource(`${nmi}-${from}-${sequence}.csv`, text))).status).toBe(
    'imported',
  );
}

/** Forecasts kept as the server keeps them: by account, usage version and day. */
const forecasts = new ForecastSuffixes(100);

const decoders: Record<AnswerEncoding, (body: Buffer) => Buffer> = {
  identity: (body) => body,
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
};

/**
 * What a reader is sent for the week (the stored answer, or one it builds and stores, completed by the
 * forecast), as JSON text, decoded from the encoding it was sent in.
 */
async function served(
  publicId: string,
  weekStart: string,
  today: string,
  encoding: AnswerEncoding = 'identity',
) {
  const found = await lookUpUsage(t.db, publicId, weekStart, encoding);
  if (!found) throw new Error(`no account ${publicId}`);
  const answer = await answerOf(t.db, found, weekStart, today, encoding, forecasts);
  return { text: decoders[encoding](answer.body).toString('utf8'), built: answer.built, etag: answer.etag };
}

/** The week built from scratch now, by the code that built answers before they were stored. */
async function fromScratch(publicId: string, weekStart: string, today: string) {
  const account = (await findAccountByPublicId(t.db, publicId)) as AccountRow;
  return usageJsonFor(t.db, account, weekStart, today);
}

const change = fc.oneof(
  fc.record({
    kind: fc.constant('read' as const),
    day: fc.integer({ min: 0, max: 55 }),
    kwh: fc.integer({ min: 0, max: 3000 }),
    hour: fc.integer({ min: 0, max: 23 }),
  }),
  fc.record({
    kind: fc.constant('tariff' as const),
    day: fc.integer({ min: 0, max: 55 }),
    flat: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('slot' as const),
    day: fc.integer({ min: 0, max: 55 }),
    slot: fc.constantFrom(...timeSlotIds),
  }),
  fc.record({ kind: fc.constant('budget' as const), dollars: fc.integer({ min: 0, max: 99 }) }),
  fc.record({
    kind: fc.constant('settings' as const),
    survey: fc.boolean(),
    clicks: fc.integer({ min: 0, max: 5 }),
    noEmail: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('curtailment' as const),
    day: fc.integer({ min: 0, max: 55 }),
    kwh: fc.integer({ min: 1, max: 90 }),
  }),
  fc.record({ kind: fc.constant('reprice' as const) }),
  fc.record({ kind: fc.constant('rollover' as const), days: fc.integer({ min: 1, max: 8 }) }),
);

let runs = 0;

describe('the stored answer (property)', () => {
  it('is, byte for byte, the answer built from scratch after any sequence of changes and day roll-overs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 8, maxLength: 8 }),
        async (changes, weeksBack) => {
          runs++;
          const nmi = `95${String(runs).padStart(8, '0')}`;
          const publicId = `stored-${runs}`;
          let today = marketToday();
          const first = addDays(weekStart(today), -49);
          const account = await createAccount(t.db, {
            nmi,
            publicId,
            marketSegment: 'residential',
            clientCode: t.config.client.clientCode,
          });
          await assignTariff(t.db, account.id, demoTariffs.timeOfUse.code, FROM_THE_START);
          await inviteToHappyHours(t.db, [account], t.config.client.clientCode);
          // Every day up to yesterday: the current week, its trend and the forecast move with the day.
          await importDays(nmi, first, daysBetween(first, today), 0);
          // Every recent week read once: stored as they stand.
          for (let back = 0; back < RECENT_WEEKS; back++)
            await served(publicId, addDays(weekStart(today), -7 * back), today);
          for (const [index, step] of changes.entries()) {
            switch (step.kind) {
              case 'read':
                await importDays(nmi, addDays(first, step.day), 1, step.kwh, step.hour, index + 1);
                break;
              case 'tariff':
                await assignTariff(
                  t.db,
                  account.id,
                  step.flat ? demoTariffs.flat.code : demoTariffs.timeOfUse.code,
                  addDays(first, step.day),
                );
                break;
              case 'slot':
                await withPricing(t.db, (tx) =>
                  tx
                    .insert(happyHoursSlots)
                    .values({
                      accountId: account.id,
                      effectiveDate: addDays(first, step.day),
                      timeSlot: step.slot,
                    })
                    .onConflictDoUpdate({
                      target: [happyHoursSlots.accountId, happyHoursSlots.effectiveDate],
                      set: { timeSlot: step.slot },
                    }),
                );
                break;
              case 'budget':
                await t.db
                  .update(accounts)
                  .set({ spendTarget: step.dollars })
                  .where(eq(accounts.id, account.id));
                break;
              case 'settings':
                await t.db
                  .update(accounts)
                  .set({
                    completedSurvey: step.survey,
                    emailClickCount: step.clicks,
                    noEmail: step.noEmail,
                    solarTrial: true,
                  })
                  .where(eq(accounts.id, account.id));
                break;
              case 'curtailment':
                await importCurtailment(t.db, [
                  {
                    nmi,
                    date: addDays(first, step.day),
                    hours_curtailed: 1.5,
                    kwh_curtailed: step.kwh / 10,
                    benefit: step.kwh / 20,
                  },
                ]);
                break;
              case 'reprice':
                await repriceAccounts(t.db, { accountIds: [account.id] });
                break;
              case 'rollover':
                today = addDays(today, step.days);
                break;
            }
            const week = addDays(weekStart(today), -7 * (weeksBack[index] ?? 0));
            const answer = await served(publicId, week, today);
            expect(answer.text).toBe(await fromScratch(publicId, week, today));
            // Read again, in each encoding a browser takes: the stored answer, completed as stored, the same
            // text and the same ETag.
            for (const encoding of ['identity', 'br', 'gzip'] as const) {
              const again = await served(publicId, week, today, encoding);
              expect(again.built).toBe(false);
              expect(again.text).toBe(answer.text);
              expect(again.etag).toBe(answer.etag);
            }
          }
          // The next market day: every recent week stored yesterday is answered as built today.
          const recent = Array.from({ length: RECENT_WEEKS }, (_, back) =>
            addDays(weekStart(today), -7 * back),
          );
          for (const week of recent) await served(publicId, week, today);
          today = addDays(today, 1);
          for (const week of recent) {
            expect((await served(publicId, week, today)).text).toBe(await fromScratch(publicId, week, today));
          }
        },
      ),
      { numRuns: inject('testDatabase').kind === 'postgres' ? 4 : 6 },
    );
    // Each run imports, prices and builds some forty weeks: minutes on a loaded two-core machine.
  }, 600_000);
});

describe("the day's roll-over", () => {
  it('starts five minutes after the next AEST midnight', () => {
    // 13:59 UTC is 23:59 AEST: six minutes to go; 14:05 UTC is 00:05 AEST: a whole day to the next.
    expect(msToNextRollover(new Date('2026-11-26T13:59:00Z'))).toBe(6 * 60_000);
    expect(msToNextRollover(new Date('2026-11-26T14:05:00Z'))).toBe(24 * 60 * 60_000);
    expect(msToNextRollover(new Date('2026-11-26T14:04:59.999Z'))).toBe(1);
  });

  it('is run by the one instance that claims the day, and leaves every recent week current', async () => {
    const today = addDays(marketToday(), 1);
    // A week read long ago, past what is kept: the roll-over deletes it.
    const old = addDays(weekStart(today), -7 * (RETAINED_WEEKS + 1));
    await served('demo-home', old, marketToday());
    const [first, second] = await Promise.all([rollOver(t.db, today), rollOver(t.db, today)]);
    const summary = first ?? second;
    expect([first, second].filter((outcome) => outcome === null)).toHaveLength(1);
    const ids = await allAccountIds(t.db);
    expect(summary?.accounts).toBe(ids.length);
    expect(summary?.pruned).toBeGreaterThanOrEqual(1);
    expect(await lookUpUsage(t.db, 'demo-home', old, 'identity').then((found) => found?.stored)).toBeNull();
    const again = await refreshUsageAnswers(t.db, ids, { today });
    expect(again).toEqual({ accounts: ids.length, built: 0, current: ids.length * RECENT_WEEKS });
    // Two roll-overs and a refresh of every account the file made (some twenty): 8 s alone, 34 s under load.
  }, 120_000);
});

describe('a week that no longer shows the day', () => {
  it('is sent as stored on later days, while a week that still shows it is built again', async () => {
    const today = marketToday();
    const monday = weekStart(today);
    // The week before last ended before last week began: only its data can change it. Last week still shows
    // the day (its next week is this one, in progress), and so does this one.
    const [old, last, current] = [addDays(monday, -14), addDays(monday, -7), monday];
    for (const week of [old, last, current]) await served('demo-solar', week, today);
    for (const days of [1, 7, 8]) {
      const later = addDays(today, days);
      const oldAgain = await served('demo-solar', old, later);
      expect(oldAgain.built).toBe(false);
      expect(oldAgain.text).toBe(await fromScratch('demo-solar', old, later));
    }
    // A week later, this week is last week and shows the new day; it is built again, then as built.
    const nextWeek = addDays(today, 7);
    const built = await served('demo-solar', current, nextWeek);
    expect(built.built).toBe(true);
    expect(built.text).toBe(await fromScratch('demo-solar', current, nextWeek));
    expect((await served('demo-solar', last, addDays(today, 1))).built).toBe(true);
  });
});

describe('a week stored by another build', () => {
  it('is never current: a row of an older response shape is built again by its next reader', async () => {
    const today = marketToday();
    const week = addDays(weekStart(today), -21);
    await served('demo-home', week, today);
    expect((await served('demo-home', week, today)).built).toBe(false);
    // The row as a server of the previous response version left it.
    await t.db.execute(sql`
      update usage_answers set account_stamp = replace(account_stamp, ${`,${USAGE_RESPONSE_VERSION},`},
        ${`,${USAGE_RESPONSE_VERSION - 1},`})
      where week_start = ${week}
        and account_id = (select id from accounts where public_id = 'demo-home')`);
    const again = await served('demo-home', week, today);
    expect(again.built).toBe(true);
    expect(again.text).toBe(await fromScratch('demo-home', week, today));
  });
});

describe('bodies an instance already holds', () => {
  it('are left out of the look-up only while they are the current answer', async () => {
    const week = weekStart(marketToday());
    const first = await t.app.inject({ method: 'GET', url: usageUrl('demo-happy') });
    expect(first.statusCode).toBe(200);
    const found = await lookUpUsage(t.db, 'demo-happy', week, 'identity');
    // The stored week's ETag; the answer's is of the week and the forecast of the day together.
    const etag = found?.stored?.etag as string;
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.etag).not.toBe(etag);
    expect((await lookUpUsage(t.db, 'demo-happy', week, 'identity', etag))?.stored?.body).toBeNull();
    expect(
      (await lookUpUsage(t.db, 'demo-happy', week, 'identity', '"another"'))?.stored?.body,
    ).not.toBeNull();
    // The roll-over's check of currency fetches no body, yet sees the same stored answer and its currency.
    const checked = await lookUpUsage(t.db, 'demo-happy', week, 'none');
    expect(checked?.stored).toEqual({ ...found?.stored, body: null });
    expect(isCurrent(checked as UsageLookUp, week, marketToday())).toBe(true);
    for (const encoding of ['br', 'gzip'] as const) {
      expect((await lookUpUsage(t.db, 'demo-happy', week, encoding))?.stored?.body?.length).toBeGreaterThan(
        0,
      );
    }
    // Sent again from memory, the same bytes; after a budget change, the new answer.
    const again = await t.app.inject({ method: 'GET', url: usageUrl('demo-happy') });
    expect(again.body).toBe(first.body);
    await t.db.update(accounts).set({ spendTarget: 77 }).where(eq(accounts.publicId, 'demo-happy'));
    const changed = await t.app.inject({ method: 'GET', url: usageUrl('demo-happy') });
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.json().customer.budget).toBe(77);
  });
});
