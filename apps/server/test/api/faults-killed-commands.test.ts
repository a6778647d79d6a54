/**
 * Faults (docs/reliability.md): an operator command killed with SIGKILL in the middle of its work, then run
 * again, leaves the database exactly as one uninterrupted run does. Each test prepares a database, copies it,
 * runs the command once on the first and kill-then-rerun on the copy, and compares a fingerprint of every table
 * (helpers/fingerprint.ts). PostgreSQL only: the killed command is another process on the same database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, dayOfWeek, WEEKLY_EMAIL } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, inject as provided, vi } from 'vitest';
import { type Database, wrapPostgres } from '../../src/db/index.ts';
import { subscriptions } from '../../src/db/schema/subscriptions.ts';
import { accounts } from '../../src/db/schema.ts';
import { benchmarkNmi, benchmarkProfile, generateNem12 } from '../../src/demo/nem12-generator.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { assignTariff, FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { createEvent } from '../../src/domains/reduce-and-reward/events.ts';
import { linkSecret } from '../../src/domains/subscriptions/links.ts';
import { runPortalWith, spawnPortal } from '../helpers/cli.ts';
import { testConfig } from '../helpers/config.ts';
import { createPostgresTestDatabase } from '../helpers/database.ts';
import { type FingerprintExclusions, fingerprintDatabase } from '../helpers/fingerprint.ts';
import { copyMeterReads } from '../helpers/meter-copy.ts';
import { queryOnce } from '../helpers/metered-accounts.ts';
import { type ReceivedMail, startSmtpServer } from '../helpers/smtp.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const onPostgres = provided('testDatabase').kind === 'postgres';
const config = testConfig();
const today = suiteToday();

/**
 * What a run legitimately makes its own, so left out of the comparison: the times things happened (now() at
 * run time), and sequence-generated ids of audit rows. A killed import's transaction draws an id from the
 * meter_imports sequence that is not given back (sequences are not transactional), so the rerun's import
 * record, and the reads pointing at it, carry the next id.
 */
const RUN_SPECIFIC: FingerprintExclusions = {
  'public.meter_imports': ['id', 'started_at', 'finished_at'],
  'public.meter_reads': ['import_id'],
  'public.dr_events': ['completed_at'],
  'public.dr_event_invitations': ['settled_at'],
  'public.subscriptions': ['updated_at'],
  'public.email_snapshots': ['created_at', 'sent_at'],
  // A claim rolled back by the kill draws ids it does not give back; the Message-ID names the id.
  'public.budget_alerts': ['id', 'message_id', 'created_at', 'sent_at'],
  'public.dr_event_emails': ['id', 'message_id', 'created_at', 'sent_at'],
};

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(from?: string) {
  const created = await createPostgresTestDatabase(from);
  cleanups.push(created.drop);
  return created.url;
}

/** Works on a database through a short-lived pool (closed after, so that the database can be copied). */
async function withDb<T>(url: string, work: (db: Database) => Promise<T>): Promise<T> {
  const handle = wrapPostgres(new pg.Pool({ connectionString: url, max: 2 }));
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const query = queryOnce;

/** The other sessions on a database: the killed command's backend, while PostgreSQL has not yet noticed. */
const otherSessions = (url: string) =>
  query<{ pid: number; xid: string | null; query: string }>(
    url,
    `select pid, backend_xid::text as xid, query from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );

/** Waits until the killed command's session is gone, so its transaction has been rolled back. */
async function sessionsGone(url: string) {
  await vi.waitFor(
    async () => {
      const left = await otherSessions(url);
      if (left.length > 0) throw new Error(`sessions still open: ${JSON.stringify(left)}`);
    },
    { timeout: 30_000, interval: 50 },
  );
}

async function expectSameData(uninterrupted: string, rerun: string) {
  const [a, b] = await Promise.all([
    fingerprintDatabase(uninterrupted, RUN_SPECIFIC),
    fingerprintDatabase(rerun, RUN_SPECIFIC),
  ]);
  expect(b.tables).toEqual(a.tables);
  expect(b.contents).toEqual(a.contents);
}

/**
 * A mail command run once on a copy of `prepared`, and on another copy killed (SIGKILL) while handing over its
 * 4th email and run again: the same emails arrive, each once, among them `expected`, and the two databases
 * hold the same data.
 */
async function killedAndRerun(prepared: string, args: readonly string[], expected: string[]) {
  const killed = await database(prepared);
  const once = prepared;
  const [smtpOnce, smtpKilled] = await Promise.all([startSmtpServer(), startSmtpServer()]);
  cleanups.push(smtpOnce.close, smtpKilled.close);
  const mailEnv = (url: string, smtpUrl: string) => ({
    DATABASE_URL: url,
    SMTP_URL: smtpUrl,
    PUBLIC_URL: 'https://portal.brightside.example',
  });
  const straight = await runPortalWith(mailEnv(once, smtpOnce.url), ...args);
  expect(straight.code, straight.err.join('\n')).toBe(0);

  // The worker is killed (no clean-up at all) while its 4th message is being handed over; the SMTP server then
  // refuses that message, as a server would when its client vanishes mid-transfer.
  const run = spawnPortal(mailEnv(killed, smtpKilled.url), ...args);
  let arrived = 0;
  smtpKilled.onMessage = async () => {
    if (++arrived !== 4) return true;
    run.child.kill('SIGKILL');
    await run.exited;
    return false;
  };
  expect(await run.exited).toBe('SIGKILL');
  smtpKilled.onMessage = null;
  expect(smtpKilled.received).toHaveLength(3);
  await sessionsGone(killed);

  const rerun = await runPortalWith(mailEnv(killed, smtpKilled.url), ...args);
  expect(rerun.code, rerun.err.join('\n')).toBe(0);
  const recipients = (mails: ReceivedMail[]) => mails.flatMap((mail) => mail.to).sort();
  expect(recipients(smtpKilled.received)).toEqual(recipients(smtpOnce.received));
  expect(new Set(recipients(smtpKilled.received)).size).toBe(smtpKilled.received.length);
  expect(recipients(smtpOnce.received)).toEqual(expect.arrayContaining(expected));
  await expectSameData(once, killed);
}

describe.skipIf(!onPostgres)('a command killed mid-transaction, then run again', () => {
  it('portal import nem12: the killed file leaves nothing; the rerun gives the database of one run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-faults-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    // 80 meters x 45 days: about 5,700 day rows (solar and controlled-load channels too), 12 batches of 500.
    const meters = Array.from({ length: 80 }, (_, i) => ({
      nmi: benchmarkNmi(i + 1),
      profile: benchmarkProfile(i + 1),
    }));
    const file = path.join(dir, 'meters.csv');
    fs.writeFileSync(file, [...generateNem12(meters, addDays(today, -45), addDays(today, -1))].join(''));
    const [once, killed] = await Promise.all([database(), database()]);

    const straight = await runPortalWith({ DATABASE_URL: once }, 'import', 'nem12', file);
    expect(straight.code, straight.err.join('\n')).toBe(0);

    const run = spawnPortal({ DATABASE_URL: killed }, 'import', 'nem12', file);
    // Killed once its transaction has written reads (a session with a transaction id inserting them).
    await vi.waitFor(
      async () => {
        const writing = (await otherSessions(killed)).filter(
          (session) => session.xid && /^insert into "meter_reads"/.test(session.query),
        );
        if (writing.length === 0) throw new Error(`not writing yet: ${run.output()}`);
      },
      { timeout: 60_000, interval: 20 },
    );
    run.child.kill('SIGKILL');
    expect(await run.exited).toBe('SIGKILL');
    await sessionsGone(killed);
    const nmis = meters.map((meter) => meter.nmi);
    const left = await query<{ reads: number; imports: number }>(
      killed,
      `select (select count(*)::int from meter_reads where nmi = any($1)) as reads,
              (select count(*)::int from meter_imports where file_name = $2) as imports`,
      [nmis, file],
    );
    expect(left).toEqual([{ reads: 0, imports: 0 }]);

    const rerun = await runPortalWith({ DATABASE_URL: killed }, 'import', 'nem12', file);
    expect(rerun.code, rerun.err.join('\n')).toBe(0);
    expect(rerun.out).toEqual(straight.out);
    expect(rerun.out[1]).toMatch(/^Stored: 80 NMIs, /);
    await expectSameData(once, killed);
  }, 180_000);

  it('portal events settle: events settled before the kill stay, the rest are settled by the rerun', async () => {
    const prepared = await database();
    // Three finished events, each with 60 accounts on the demo meters.
    await withDb(prepared, async (db) => {
      // Each on a meter of its own with a copy of a demo meter's last 90 days (decision 0034).
      const demoMeters = ['6001000001', '6001000002', '6001000003', '6001000004'];
      const rows = Array.from({ length: 60 }, (_, i) => ({
        publicId: `faults-settle-${String(i).padStart(3, '0')}`,
        nmi: `92${String(i).padStart(8, '0')}`,
        clientCode: config.client.clientCode,
      }));
      for (const [i, row] of rows.entries()) {
        await copyMeterReads(db, demoMeters[i % demoMeters.length] as string, row.nmi, addDays(today, -90));
      }
      await db.insert(accounts).values(rows);
      for (const daysAgo of [29, 22, 15]) {
        const date = addDays(today, -daysAgo);
        await createEvent(db, {
          clientCode: config.client.clientCode,
          startsAt: new Date(`${date}T17:00:00+10:00`),
          endsAt: new Date(`${date}T19:00:00+10:00`),
          factor: -0.2,
          reference: `faults-${daysAgo}`,
          invite: rows.map((row) => row.publicId),
        });
      }
    });
    const killed = await database(prepared);
    const once = prepared;

    const straight = await runPortalWith({ DATABASE_URL: once }, 'events', 'settle');
    expect(straight.code, straight.err.join('\n')).toBe(0);

    const ours = (url: string) =>
      query<{ status: string }>(
        url,
        `select status from dr_events where reference like 'faults-%' order by id`,
      );
    const run = spawnPortal({ DATABASE_URL: killed }, 'events', 'settle');
    // Killed while settling a later event (one transaction each), once the first of ours is committed.
    await vi.waitFor(
      async () => {
        const [statuses, sessions] = await Promise.all([ours(killed), otherSessions(killed)]);
        const settling = sessions.some((session) => session.xid);
        if (statuses[0]?.status !== 'complete' || !settling) {
          throw new Error(`not yet: ${JSON.stringify(statuses)} ${run.output()}`);
        }
      },
      { timeout: 90_000, interval: 20 },
    );
    run.child.kill('SIGKILL');
    expect(await run.exited).toBe('SIGKILL');
    await sessionsGone(killed);
    const between = (await ours(killed)).map((row) => row.status);
    expect(between[0]).toBe('complete');
    expect(between).toContain('scheduled');

    const rerun = await runPortalWith({ DATABASE_URL: killed }, 'events', 'settle');
    expect(rerun.code, rerun.err.join('\n')).toBe(0);
    expect((await ours(killed)).map((row) => row.status)).toEqual(['complete', 'complete', 'complete']);
    await expectSameData(once, killed);
  }, 240_000);

  it('portal mail send-due: a worker killed mid-batch and run again sends every snapshot exactly once', async () => {
    const prepared = await database();
    await withDb(prepared, async (db) => {
      // The link-signing key is made once per database; made here, both copies share it.
      await linkSecret(db, config);
      const [home] = await db.select().from(accounts).where(eq(accounts.publicId, 'demo-home'));
      for (let i = 0; i < 6; i++) {
        const nmi = `93${String(i).padStart(8, '0')}`;
        await copyMeterReads(db, home?.nmi as string, nmi, addDays(today, -60));
        const [account] = await db
          .insert(accounts)
          .values({
            publicId: `faults-mail-${i}`,
            nmi,
            clientCode: config.client.clientCode,
            email: `faults-mail-${i}@customers.example`,
          })
          .returning();
        if (!account) throw new Error('account not created');
        await assignTariff(db, account.id, demoTariffs.flat.code, FROM_THE_START);
        await db
          .insert(subscriptions)
          .values({ accountId: account.id, type: WEEKLY_EMAIL, subscribed: true, nextMailingDate: today });
      }
    });
    await killedAndRerun(
      prepared,
      ['mail', 'send-due', '--batch-size', '2'],
      Array.from({ length: 6 }, (_, i) => `faults-mail-${i}@customers.example`),
    );
  }, 180_000);

  it('portal mail alerts: a worker killed mid-run and run again sends every budget alert exactly once', async () => {
    // A Monday's week has no data yet (the reads end yesterday): the run is on the Sunday before then.
    const day = dayOfWeek(today) === 0 ? addDays(today, -1) : today;
    const prepared = await database();
    await withDb(prepared, async (db) => {
      await linkSecret(db, config);
      const [home] = await db.select().from(accounts).where(eq(accounts.publicId, 'demo-home'));
      for (let i = 0; i < 6; i++) {
        const nmi = `94${String(i).padStart(8, '0')}`;
        await copyMeterReads(db, home?.nmi as string, nmi, addDays(today, -60));
        const [account] = await db
          .insert(accounts)
          .values({
            publicId: `faults-alert-${i}`,
            nmi,
            clientCode: config.client.clientCode,
            email: `faults-alert-${i}@customers.example`,
            // About $8 a day: any week with a day of data is on track to exceed $10.
            spendTarget: 10,
          })
          .returning();
        if (!account) throw new Error('account not created');
        await assignTariff(db, account.id, demoTariffs.flat.code, FROM_THE_START);
        await db
          .insert(subscriptions)
          .values({ accountId: account.id, type: WEEKLY_EMAIL, subscribed: true, nextMailingDate: today });
      }
    });
    await killedAndRerun(
      prepared,
      ['mail', 'alerts', '--now', day, '--batch-size', '2'],
      Array.from({ length: 6 }, (_, i) => `faults-alert-${i}@customers.example`),
    );
  }, 180_000);

  it('portal mail events: a worker killed mid-run and run again sends every invitation exactly once', async () => {
    const prepared = await database();
    const ids: string[] = [];
    await withDb(prepared, async (db) => {
      await linkSecret(db, config);
      for (let i = 0; i < 6; i++) {
        const [account] = await db
          .insert(accounts)
          .values({
            publicId: `faults-event-${i}`,
            nmi: `95${String(i).padStart(8, '0')}`,
            clientCode: config.client.clientCode,
            email: `faults-event-${i}@customers.example`,
          })
          .returning();
        if (!account) throw new Error('account not created');
        ids.push(account.publicId);
        await db
          .insert(subscriptions)
          .values({ accountId: account.id, type: WEEKLY_EMAIL, subscribed: true, nextMailingDate: today });
      }
      // Ten days ahead at 17:00 to 18:00 AEST.
      const start = new Date(`${addDays(today, 10)}T17:00:00+10:00`);
      await createEvent(db, {
        clientCode: config.client.clientCode,
        startsAt: start,
        endsAt: new Date(start.getTime() + 3_600_000),
        factor: -0.3,
        invite: ids,
      });
    });
    await killedAndRerun(
      prepared,
      ['mail', 'events'],
      ids.map((id) => `${id}@customers.example`),
    );
  }, 180_000);
});
