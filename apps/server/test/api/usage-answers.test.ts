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
  serverPrefixes,
  timeSlotIds,
  USAGE_RESPONSE_VERSION,
  weekStart,
} from '@portal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, wrapPostgres } from '../../src/db/index.ts';
import { happyHoursSlots } from '../../src/db/schema/offers.ts';
import { usageAnswers, usageForecasts } from '../../src/db/schema/usage-answers.ts';
import { type AccountRow, accounts, usageVersions } from '../../src/db/schema.ts';
import { findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { closeAccount, createAccount } from '../../src/domains/accounts/service.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { storedDays } from '../../src/domains/billing/priced-days-reads.ts';
import { repriceAccounts, withPricing } from '../../src/domains/billing/pricing.ts';
import { assignTariff, FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { nem12Lines } from '../../src/domains/meter-data/nem12/index.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { inviteToHappyHours } from '../../src/domains/offers/happy-hours.ts';
import { setBudget } from '../../src/domains/tracker/budget.ts';
import { importCurtailment } from '../../src/domains/tracker/curtailment.ts';
import { msToNextRollover, rollOver } from '../../src/domains/tracker/rollover.ts';
import {
  type AnswerEncoding,
  allAccountIds,
  answerOf,
  forecastIsCurrent,
  isCurrent,
  lookUpUsage,
  RECENT_WEEKS,
  RETAINED_WEEKS,
  refreshUsageAnswers,
  type UsageLookUp,
} from '../../src/domains/tracker/usage-answers.ts';
import { daysAround, usageJsonFor } from '../../src/domains/tracker/usage-service.ts';
import {
  AVERAGE_WEEKS,
  buildUsageWeek,
  LOOKBACK_WEEKS,
  type WeekDays,
  weekDaysOf,
} from '../../src/domains/tracker/week.ts';
import { compressPrefix } from '../../src/lib/compression.ts';
import { testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

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
 * On `db` (the file's own by default); `afterCommit` as `portal meter-data import` gives it (decision 0036).
 */
async function importDays(
  nmi: string,
  from: string,
  days: number,
  milliKwh: number,
  hour = -1,
  sequence = 0,
  on: { db?: Database; afterCommit?: (accountIds: readonly string[]) => Promise<void> } = {},
) {
  const reads = Array.from({ length: days }, (_, i) => ({
    date: addDays(from, i),
    values: Array.from({ length: 48 }, (_, slot) =>
      Math.floor(slot / 2) === hour ? milliKwh * 1000 : 150_000,
    ),
    updateTime: marketInstant(addDays(from, 60), sequence),
  }));
  const text = [...nem12Lines({ channels: [{ nmi, suffix: 'E1', intervalMinutes: 30, reads }] })].join('\n');
  const source = textSource(`${nmi}-${from}-${sequence}.csv`, text);
  const { afterCommit } = on;
  expect((await importNem12Source(on.db ?? t.db, source, afterCommit ? { afterCommit } : {})).status).toBe(
    'imported',
  );
}

/**
 * A residential account of this file's retailer on `tariff` from the start (and invited to Happy Hours when
 * asked), with flat reads from `first` to yesterday: the set-up of every account these tests make.
 */
async function accountWithReads(
  nmi: string,
  publicId: string,
  first: string,
  { tariff = demoTariffs.timeOfUse.code, happyHours = false }: { tariff?: string; happyHours?: boolean } = {},
) {
  const account = await createAccount(t.db, {
    nmi,
    publicId,
    marketSegment: 'residential',
    clientCode: t.config.client.clientCode,
  });
  await assignTariff(t.db, account.id, tariff, FROM_THE_START);
  if (happyHours) await inviteToHappyHours(t.db, [account], t.config.client.clientCode);
  await importDays(nmi, first, daysBetween(first, suiteToday()), 0);
  return account;
}

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
  db: Database = t.db,
) {
  const found = await lookUpUsage(db, publicId, weekStart, encoding);
  if (!found) throw new Error(`no account ${publicId}`);
  const answer = await answerOf(db, found, weekStart, today, encoding, db);
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
    days: fc.integer({ min: 1, max: 4 }),
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

type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

/** What a change is made to: the account, its first day of data, and the update time of a read it imports. */
interface ChangeTarget {
  account: AccountRow;
  first: string;
  sequence: number;
  /** Refresh the recent weeks after committing, as `portal meter-data import` and `portal billing reprice` do. */
  refresh?: boolean;
}

/** Makes one change (any but a roll-over, which moves the day) on `db`, as the portal's writers make it. */
async function applyChange(db: Database, step: Exclude<Change, { kind: 'rollover' }>, target: ChangeTarget) {
  const { account, first } = target;
  const refresh = async (accountIds: readonly string[]) => {
    if (target.refresh) await refreshUsageAnswers(db, accountIds);
  };
  switch (step.kind) {
    case 'read':
      await importDays(
        account.nmi,
        addDays(first, step.day),
        step.days,
        step.kwh,
        step.hour,
        target.sequence,
        { db, afterCommit: refresh },
      );
      break;
    case 'tariff':
      await assignTariff(
        db,
        account.id,
        step.flat ? demoTariffs.flat.code : demoTariffs.timeOfUse.code,
        addDays(first, step.day),
      );
      break;
    case 'slot':
      await withPricing(db, (tx) =>
        tx
          .insert(happyHoursSlots)
          .values({ accountId: account.id, effectiveDate: addDays(first, step.day), timeSlot: step.slot })
          .onConflictDoUpdate({
            target: [happyHoursSlots.accountId, happyHoursSlots.effectiveDate],
            set: { timeSlot: step.slot },
          }),
      );
      break;
    case 'budget':
      await setBudget(db, account.id, step.dollars);
      break;
    case 'settings':
      await db
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
      await importCurtailment(db, [
        {
          nmi: account.nmi,
          date: addDays(first, step.day),
          hours_curtailed: 1.5,
          kwh_curtailed: step.kwh / 10,
          benefit: step.kwh / 20,
        },
      ]);
      break;
    case 'reprice':
      await repriceAccounts(db, { accountIds: [account.id] });
      await refresh([account.id]);
      break;
  }
}

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
          let today = suiteToday();
          const first = addDays(weekStart(today), -49);
          // Every day up to yesterday: the current week, its trend and the forecast move with the day.
          const account = await accountWithReads(nmi, publicId, first, { happyHours: true });
          // Every recent week read once: stored as they stand.
          for (let back = 0; back < RECENT_WEEKS; back++)
            await served(publicId, addDays(weekStart(today), -7 * back), today);
          for (const [index, step] of changes.entries()) {
            if (step.kind === 'rollover') today = addDays(today, step.days);
            else await applyChange(t.db, step, { account, first, sequence: index + 1 });
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

const onPostgres = inject('testDatabase').kind === 'postgres';

/**
 * Every stored week and forecast of the account that a reader would take as current on any of `days` is, byte
 * for byte, the answer built from scratch on that day; and what a reader is then sent is that answer.
 */
async function expectStoredAsBuilt(publicId: string, weeks: readonly string[], days: readonly string[]) {
  const split = (answer: string) => answer.lastIndexOf('"forecast":') + '"forecast":'.length;
  for (const day of days) {
    for (const week of weeks) {
      const expected = await fromScratch(publicId, week, day);
      const found = (await lookUpUsage(t.db, publicId, week, 'identity')) as UsageLookUp;
      if (isCurrent(found, week, day))
        expect(found.stored?.body?.toString('utf8'), `the stored week of ${week} on ${day}`).toBe(
          expected.slice(0, split(expected)),
        );
      if (forecastIsCurrent(found.forecast, found.account, found.usageVersion, day))
        expect(found.forecast.suffix.toString('utf8'), `the stored forecast on ${day}`).toBe(
          expected.slice(split(expected)),
        );
    }
  }
  for (const day of days) {
    for (const week of weeks)
      expect((await served(publicId, week, day)).text).toBe(await fromScratch(publicId, week, day));
  }
}

describe.runIf(onPostgres)('the stored answer under concurrent writers (PostgreSQL)', () => {
  it('is never left, nor served, other than the answer built from scratch', async () => {
    // A second instance of the portal on the same database: its own pool, prepared statements and memory.
    const other = wrapPostgres(new pg.Pool({ connectionString: t.database.url, max: 4 }));
    const otherApp = await buildApp({ config: t.config, database: other, logger: false });
    onTestFinished(async () => {
      await otherApp.close();
      await other.close();
    });
    const instances = [t, { app: otherApp, db: other.db }];
    // Moving out: the account's last day at the premises, which decides the curtailment it shows.
    const moveOut = fc.record({
      kind: fc.constant('moveOut' as const),
      day: fc.integer({ min: 30, max: 55 }),
    });
    await fc.assert(
      fc.asyncProperty(
        // Each change with the number of reads after which it starts, so that commits fall among the builds of
        // readers and refreshes (counted, not timed: no sleeps).
        fc.array(fc.tuple(fc.oneof(change, moveOut), fc.integer({ min: 0, max: 40 })), {
          minLength: 4,
          maxLength: 10,
        }),
        // When the move-out and the two instances' roll-overs start, in reads.
        fc.tuple(fc.nat(30), fc.nat(30), fc.nat(30)),
        async (changes, [moveOutAfter, ...rollOversAfter]) => {
          runs++;
          const nmi = `95${String(runs).padStart(8, '0')}`;
          const publicId = `racing-${runs}`;
          const today = suiteToday();
          const tomorrow = addDays(today, 1);
          const first = addDays(weekStart(today), -49);
          let account = await accountWithReads(nmi, publicId, first, { happyHours: true });
          // In the solar trial, curtailed early and late: a move-out changes what it shows.
          for (const day of [10, 40, 48])
            await applyChange(t.db, { kind: 'curtailment', day, kwh: 30 }, { account, first, sequence: 0 });
          account = (await findAccountByPublicId(t.db, publicId)) as AccountRow;
          const weeks = [
            ...new Set(
              [today, tomorrow].flatMap((day) =>
                Array.from({ length: RECENT_WEEKS }, (_, back) => addDays(weekStart(day), -7 * back)),
              ),
            ),
          ];
          for (const week of weeks) await served(publicId, week, today);
          // Two overlapping files of the meter and one of them again, a move-out, the roll-over's refresh of the account
          // for tomorrow, then the generated changes, each on one of the two instances, while readers of both days
          // read on both.
          let reads = 0;
          const waiting: { after: number; start: () => void }[] = [];
          const afterReads = (after: number) =>
            new Promise<void>((start) => {
              if (reads >= after) start();
              else waiting.push({ after, start });
            });
          const counted = () => {
            reads++;
            for (const waiter of waiting.filter((waiter) => waiter.after <= reads)) {
              waiting.splice(waiting.indexOf(waiter), 1);
              waiter.start();
            }
          };
          const writes: Promise<unknown>[] = [
            applyChange(
              t.db,
              { kind: 'read', day: 38, days: 4, kwh: 1200, hour: 18 },
              { account, first, sequence: 101, refresh: true },
            ),
            applyChange(
              other.db,
              { kind: 'read', day: 40, days: 4, kwh: 2500, hour: 19 },
              { account, first, sequence: 102, refresh: true },
            ),
            applyChange(
              other.db,
              { kind: 'read', day: 38, days: 4, kwh: 1200, hour: 18 },
              { account, first, sequence: 101, refresh: true },
            ),
            afterReads(moveOutAfter).then(() => closeAccount(other.db, publicId, addDays(first, 44))),
            ...instances.map((instance, which) =>
              afterReads(rollOversAfter[which] ?? 0).then(() =>
                refreshUsageAnswers(instance.db, [account.id], { today: tomorrow }),
              ),
            ),
            ...changes.map(async ([step, after], index) => {
              await afterReads(after);
              const db = instances[index % 2]?.db as Database;
              const target = { account, first, sequence: index + 1, refresh: true };
              if (step.kind === 'rollover') return refreshUsageAnswers(db, [account.id], { today: tomorrow });
              if (step.kind === 'moveOut') return closeAccount(db, publicId, addDays(first, step.day));
              return applyChange(db, step, target);
            }),
          ];
          let writing = true;
          const written = Promise.all(writes).finally(() => {
            writing = false;
          });
          const readers = instances.map(async (instance, which) => {
            do {
              for (const [index, week] of weeks.entries()) {
                const day = which === 0 ? today : tomorrow;
                await served(publicId, week, day, index % 2 ? 'br' : 'identity', instance.db);
                counted();
                const response = await instance.app.inject({ method: 'GET', url: usageUrl(publicId, week) });
                expect(response.statusCode).toBe(200);
                counted();
              }
            } while (writing);
          });
          await Promise.all([written, ...readers]);
          await expectStoredAsBuilt(publicId, weeks, [today, tomorrow]);
        },
      ),
      { numRuns: 6 },
    );
    // Each run imports, prices and builds some twenty weeks on two instances at once.
  }, 600_000);
});

describe('a week built while its account moves out', () => {
  it('is built from the account as it stands at the version it is stored for', async () => {
    const today = suiteToday();
    const nmi = '9599000003';
    const first = addDays(weekStart(today), -49);
    const account = await accountWithReads(nmi, 'moving-out', first, { tariff: demoTariffs.flat.code });
    for (const day of [10, 40])
      await applyChange(t.db, { kind: 'curtailment', day, kwh: 30 }, { account, first, sequence: 0 });
    const week = addDays(weekStart(today), -7);
    // A reader finds the account's days waiting to be priced (a change behind the portal), and so builds; the
    // account moves out (a new supply period, a new version) between its look-up and its build.
    await t.db.execute(sql`insert into priced_days_stale (account_id) values (${account.id})`);
    const found = (await lookUpUsage(t.db, 'moving-out', week, 'identity')) as UsageLookUp;
    expect(found.stale).toBe(true);
    await closeAccount(t.db, 'moving-out', addDays(first, 30));
    await answerOf(t.db, found, week, today, 'identity', t.db);
    await expectStoredAsBuilt('moving-out', [week], [today]);
  });
});

describe.runIf(onPostgres)('a refresh while its account moves out (PostgreSQL)', () => {
  it('builds each week from the account as it stands at the version it stores', async () => {
    const today = suiteToday();
    const tomorrow = addDays(today, 1);
    const nmi = '9599000004';
    const first = addDays(weekStart(today), -49);
    const account = await accountWithReads(nmi, 'refresh-moving-out', first, {
      tariff: demoTariffs.flat.code,
    });
    for (const day of [10, 40, 48])
      await applyChange(t.db, { kind: 'curtailment', day, kwh: 30 }, { account, first, sequence: 0 });
    const weeks = Array.from({ length: RECENT_WEEKS }, (_, back) => addDays(weekStart(tomorrow), -7 * back));
    for (const week of weeks) await served('refresh-moving-out', week, today);
    // The refresh of tomorrow (the roll-over's) held at its first week's store by a lock on that row; the account
    // moves out meanwhile, then the refresh goes on to the weeks after.
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    onTestFinished(() => holder.end());
    await holder.query('begin');
    await holder.query('select 1 from usage_answers where account_id = $1 and week_start = $2 for update', [
      account.id,
      weeks[0],
    ]);
    const refresh = refreshUsageAnswers(t.db, [account.id], { today: tomorrow });
    // Room for the build before the store on a loaded machine.
    await expect
      .poll(
        async () => {
          const { rows } = await holder.query(
            `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0].n;
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    await closeAccount(t.db, 'refresh-moving-out', addDays(first, 25));
    await holder.query('commit');
    await refresh;
    await expectStoredAsBuilt('refresh-moving-out', weeks, [tomorrow]);
  });
});

describe('the stored forecast (decision 0051)', () => {
  it('is sent as stored once a refresh stored it, and computed again when the version, the day or the supply period moves', async () => {
    const today = suiteToday();
    const week = weekStart(today);
    const nmi = '9599000001';
    const first = addDays(week, -63);
    const account = await accountWithReads(nmi, 'stored-forecast', first, { tariff: demoTariffs.flat.code });
    expect((await refreshUsageAnswers(t.db, [account.id], { today })).forecasts).toBe(1);
    expect((await refreshUsageAnswers(t.db, [account.id], { today })).forecasts).toBe(0);
    // Marked where it is stored: a request that computed its own forecast would not show the mark.
    const mark = async () => {
      await t.db
        .update(usageForecasts)
        .set({
          suffix: sql`convert_to(regexp_replace(convert_from(${usageForecasts.suffix}, 'UTF8'), '"spend_to_date":[-0-9.]+', '"spend_to_date":98765.43'), 'UTF8')`,
        })
        .where(eq(usageForecasts.accountId, account.id));
    };
    const forecastOf = async (day: string) =>
      JSON.parse((await served('stored-forecast', week, day)).text).forecast as { spend_to_date: number };
    await mark();
    expect((await forecastOf(today)).spend_to_date).toBe(98765.43);
    // Another day: computed for it, and stored in place of the marked one.
    const tomorrow = addDays(today, 1);
    expect((await forecastOf(tomorrow)).spend_to_date).not.toBe(98765.43);
    expect((await served('stored-forecast', week, tomorrow)).text).toBe(
      await fromScratch('stored-forecast', week, tomorrow),
    );
    // A new usage version (a read changed): computed again.
    await mark();
    await importDays(nmi, addDays(first, 3), 1, 2000, 18, 1);
    expect((await forecastOf(tomorrow)).spend_to_date).not.toBe(98765.43);
    // Another supply period: computed again.
    await mark();
    await t.db
      .update(accounts)
      .set({ supplyFrom: addDays(first, 7) })
      .where(eq(accounts.id, account.id));
    expect((await forecastOf(tomorrow)).spend_to_date).not.toBe(98765.43);
    expect((await served('stored-forecast', week, tomorrow)).text).toBe(
      await fromScratch('stored-forecast', week, tomorrow),
    );
    // An instance whose clock is still on the day before stores its own day's forecast: the last writer's row stays.
    await forecastOf(today);
    const [stored] = await t.db
      .select({ day: usageForecasts.marketDay })
      .from(usageForecasts)
      .where(eq(usageForecasts.accountId, account.id));
    expect(stored?.day).toBe(today);
  });
});

describe("the day's roll-over", () => {
  it('starts five minutes after the next AEST midnight', () => {
    // 13:59 UTC is 23:59 AEST: six minutes to go; 14:05 UTC is 00:05 AEST: a whole day to the next.
    expect(msToNextRollover(new Date('2026-11-26T13:59:00Z'))).toBe(6 * 60_000);
    expect(msToNextRollover(new Date('2026-11-26T14:05:00Z'))).toBe(24 * 60 * 60_000);
    expect(msToNextRollover(new Date('2026-11-26T14:04:59.999Z'))).toBe(1);
  });

  it('is run by the one instance that claims the day, and leaves every recent week current', async () => {
    const today = addDays(suiteToday(), 1);
    // Weeks stored on other days that this one does not keep (isKept): one read long ago, one read as next week
    // on a later day (a clock set forward). The roll-over deletes both.
    const old = addDays(weekStart(today), -7 * (RETAINED_WEEKS + 1));
    const ahead = addDays(weekStart(today), 14);
    await served('demo-home', old, addDays(old, 7));
    await served('demo-home', ahead, addDays(ahead, -7));
    for (const week of [old, ahead]) {
      expect(
        await lookUpUsage(t.db, 'demo-home', week, 'identity').then((found) => found?.stored),
      ).not.toBeNull();
    }
    const [first, second] = await Promise.all([rollOver(t.db, today), rollOver(t.db, today)]);
    const summary = first ?? second;
    expect([first, second].filter((outcome) => outcome === null)).toHaveLength(1);
    const ids = await allAccountIds(t.db);
    expect(summary?.accounts).toBe(ids.length);
    expect(summary?.pruned).toBeGreaterThanOrEqual(2);
    for (const week of [old, ahead]) {
      expect(
        await lookUpUsage(t.db, 'demo-home', week, 'identity').then((found) => found?.stored),
      ).toBeNull();
    }
    const again = await refreshUsageAnswers(t.db, ids, { today });
    expect(again).toEqual({
      accounts: ids.length,
      built: 0,
      current: ids.length * RECENT_WEEKS,
      forecasts: 0,
    });
    // Two roll-overs and a refresh of every account the file made (some twenty): 8 s alone, 34 s under load.
  }, 120_000);
});

describe('the weeks a link may name (issue 46 item 3)', () => {
  it('are stored from RETAINED_WEEKS before this week to next week; any other is built, sent and not stored', async () => {
    const today = suiteToday();
    const monday = weekStart(today);
    const kept = [addDays(monday, -7 * RETAINED_WEEKS), monday, addDays(monday, 7)];
    // Just past each bound, and the first and last weeks a link may name.
    const notKept = [
      addDays(monday, -7 * (RETAINED_WEEKS + 1)),
      addDays(monday, 14),
      weekStart('1900-01-07'),
      weekStart('2999-12-31'),
    ];
    const storedOf = (week: string) =>
      lookUpUsage(t.db, 'demo-efficient', week, 'identity').then((found) => found?.stored ?? null);
    for (const week of notKept) expect(await storedOf(week)).toBeNull();
    for (const week of [...kept, ...notKept]) {
      for (const encoding of ['identity', 'gzip'] as const) {
        const answer = await served('demo-efficient', week, today, encoding);
        expect(answer.text).toBe(await fromScratch('demo-efficient', week, today));
      }
    }
    for (const week of kept) expect(await storedOf(week)).not.toBeNull();
    for (const week of notKept) expect(await storedOf(week)).toBeNull();
  });
});

describe('a week that no longer shows the day', () => {
  it('is sent as stored on later days, while a week that still shows it is built again', async () => {
    const today = suiteToday();
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
    const today = suiteToday();
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

describe('a week read as it shows its days (storedWeekDays)', () => {
  it('is the week built from every day read in full', async () => {
    const today = suiteToday();
    // daysAround as it was before the light read: every day in full.
    const inFull = async (account: AccountRow, start: string): Promise<WeekDays> => {
      const nearStart = addDays(start, -7 * AVERAGE_WEEKS);
      let stored = await storedDays(t.db, account, nearStart, addDays(start, 13));
      const imported = new Set(stored.filter((day) => day.hasImport).map((day) => day.date));
      let complete = true;
      for (let date = nearStart; date < start && complete; date = addDays(date, 1))
        complete = imported.has(date);
      if (!complete)
        stored = [
          ...(await storedDays(t.db, account, addDays(start, -7 * LOOKBACK_WEEKS), addDays(nearStart, -1))),
          ...stored,
        ];
      // The same fold of the days read: what differs, and is compared, is which days are read and how fully.
      return weekDaysOf(stored, { today, before: complete ? nearStart : null });
    };
    const week = async (days: WeekDays, start: string) =>
      JSON.stringify(buildUsageWeek({ today, weekStart: start, ...days, curtailment: null }));
    // An account whose data starts mid-week five weeks ago, on time of use with Happy Hours: gaps in the weeks
    // before (the older weeks read too), waived hours and parts.
    const nmi = '9599000002';
    const first = addDays(weekStart(today), -32);
    await accountWithReads(nmi, 'light-read', first, { happyHours: true });
    await importDays(nmi, addDays(first, 9), 1, 1800, 20, 1);
    let weeks = 0;
    // Solar, Happy Hours (waived hours), time of use (parts), estimates and gaps: among these accounts, each.
    for (const publicId of [
      'light-read',
      'demo-home',
      'demo-solar',
      'demo-happy',
      'demo-business',
      'demo-new',
      'demo-efficient',
      'demo-heavy',
    ]) {
      const account = (await findAccountByPublicId(t.db, publicId)) as AccountRow;
      // Every week of the last 20, so the first weeks of data (gaps before them) are among them.
      for (let back = 0; back < 20; back++) {
        const start = addDays(weekStart(today), -7 * back);
        expect(await week(await daysAround(t.db, account, start, today), start)).toBe(
          await week(await inFull(account, start), start),
        );
        weeks++;
      }
    }
    expect(weeks).toBe(160);
  });
});

describe("a stored week's compressed forms (decision 0052)", () => {
  it('are made when first asked for: the build makes the one its reader sends, a reader in the other makes that one', async () => {
    const today = suiteToday();
    // Older than the recent weeks that refreshes and the roll-over build in both forms.
    const week = addDays(weekStart(today), -63);
    const forms = async () => {
      const [row] = await t.db
        .select({ br: usageAnswers.br, gzip: usageAnswers.gzip, body: usageAnswers.body })
        .from(usageAnswers)
        .innerJoin(accounts, eq(accounts.id, usageAnswers.accountId))
        .where(and(eq(accounts.publicId, 'demo-efficient'), eq(usageAnswers.weekStart, week)));
      return row;
    };
    const built = await served('demo-efficient', week, today, 'br');
    expect(built.built).toBe(true);
    expect(built.text).toBe(await fromScratch('demo-efficient', week, today));
    const first = await forms();
    expect(first?.br).not.toBeNull();
    expect(first?.gzip).toBeNull();
    expect(
      zlib.brotliDecompressSync(first?.br as Buffer, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }),
    ).toEqual(first?.body);
    // Read in gzip: made from the stored text, sent, and stored beside the br form.
    const gzipped = await served('demo-efficient', week, today, 'gzip');
    expect(gzipped.built).toBe(false);
    expect(gzipped.text).toBe(built.text);
    expect(gzipped.etag).toBe(built.etag);
    const second = await forms();
    expect(second?.br).toEqual(first?.br);
    expect(second?.gzip).toEqual((await compressPrefix(first?.body as Buffer)).gzip);
    // A build again (the budget it shows changed) replaces both forms: the one not made is null, never the old
    // text's.
    await t.db.update(accounts).set({ spendTarget: 55 }).where(eq(accounts.publicId, 'demo-efficient'));
    const rebuilt = await served('demo-efficient', week, today, 'identity');
    expect(rebuilt.built).toBe(true);
    expect(rebuilt.text).toBe(await fromScratch('demo-efficient', week, today));
    expect(await forms()).toMatchObject({ br: null, gzip: null });
    expect((await served('demo-efficient', week, today, 'br')).text).toBe(rebuilt.text);
  });
});

describe('bodies an instance already holds', () => {
  it('are left out of the look-up only while they are the current answer', async () => {
    const week = weekStart(suiteToday());
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
    expect(isCurrent(checked as UsageLookUp, week, suiteToday())).toBe(true);
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
