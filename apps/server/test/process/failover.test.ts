/**
 * Failover with nothing lost (issue 27, decision 0046), on the packaged set-up itself: `npm run ha -- up` (two
 * PostgreSQL 15 nodes under Patroni with a synchronous standby, etcd, HAProxy, one portal instance) under a
 * temporary directory, on free ports. While customers write through the portal (budgets, Happy Hours slot
 * choices, Reduce & Be Rewarded opt-outs and opt-ins, visit records) and an operator's NEM12 import runs,
 * `npm run ha -- kill-primary` kills the primary's PostgreSQL with SIGKILL. Then:
 * - every answer meanwhile was a success or a 503 with Retry-After: no 500, no request left hanging;
 * - the standby became the primary and the portal took writes again by itself;
 * - every acknowledged write is there, none twice; the Tracker's answers are those of before;
 * - the old primary came back as the new one's synchronous standby, and `portal db fingerprint` prints the
 *   same on both nodes; `npm run ha -- down` stops every process and removes the directory.
 * Reads from a standby held back or gone are apps/server/test/process/read-replicas.test.ts. Nothing here
 * waits for a time: each step waits for the state it needs, within bounds far above a loaded machine's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, BUDGET_MAX, errorResponseSchema, marketToday } from '@portal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liftedCallLimits } from '../../src/config.ts';
import { wrapPostgres } from '../../src/db/index.ts';
import type { AccountRow } from '../../src/db/schema.ts';
import { benchmarkProfile, generateNem12 } from '../../src/demo/nem12-generator.ts';
import { findAccountByPublicId } from '../../src/domains/accounts/queries.ts';
import { importNem12Source, textSource } from '../../src/domains/meter-imports/importer.ts';
import { inviteToHappyHours } from '../../src/domains/offers/happy-hours.ts';
import { inviteToHereForYou } from '../../src/domains/offers/reduce-and-be-rewarded.ts';
import { type HaState, missingPrograms, readState } from '../../src/ha/cluster.ts';
import { isDatabaseUnavailable } from '../../src/lib/database-errors.ts';
import { runPortalWith } from '../helpers/cli.ts';
import { testConfig } from '../helpers/config.ts';
import { createMeteredAccounts, queryOnce } from '../helpers/metered-accounts.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
/** Benchmark profiles 3 and 6 have solar (not eligible for Happy Hours): the slot accounts are 1, 2 and 4. */
const ACCOUNTS = ['fo-slot-1', 'fo-slot-2', 'fo-budget-1', 'fo-slot-3', 'fo-budget-2', 'fo-opt'] as const;
const SLOT_ACCOUNTS = ['fo-slot-1', 'fo-slot-2', 'fo-slot-3'];
const BUDGET_ACCOUNTS = ['fo-budget-1', 'fo-budget-2'];
const OPT_ACCOUNT = 'fo-opt';
/** The accounts whose Tracker answers are compared (a slot choice changes the quarter's projection). */
const COMPARED = [...BUDGET_ACCOUNTS, OPT_ACCOUNT];
/** The NMI of the operator's import during the failover: no account has it, none of the compared reads. */
const IMPORT_NMI = '6009000077';
const CLIENT = 'BRIGHTSIDE';
/** A request not answered in this long is a hang: the server's own bounds are 5 s for a connection, 30 s a statement. */
const HANG_MS = 45_000;
const WAIT = { timeout: 180_000, interval: 200 };

const canRun = missingPrograms().length === 0;

/** `npm run ha -- <args>`: its exit code and output. */
function ha(args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'bin', 'ha.mjs'), ...args], { cwd: root, env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

let dir = '';
let state: HaState | undefined;
let portalUrl = '';
let primaryUrl = '';
const nodeUrl = (name: string) =>
  `postgres://postgres:postgres@127.0.0.1:${state?.nodes.find((n) => n.name === name)?.pgPort}/portal`;

async function status() {
  const result = await ha(['status', '--dir', dir, '--json']);
  return JSON.parse(result.out) as { nodes: { name: string; role: string; state: string }[] };
}

const withoutCustomer = (body: string) => {
  const { customer: _, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
};

describe.skipIf(!canRun && !process.env.CI)('failover with nothing lost (npm run ha)', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(process.getuid?.() === 0 ? '/tmp' : os.tmpdir(), 'portal-failover-'));
    const up = await ha(['up', '--dir', dir, '--no-demo'], {
      ...process.env,
      ...liftedCallLimits,
      INTERACTIONS_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(os.tmpdir(), 'portal-test-no-web'),
    });
    expect(up.code, `${up.out}\n${up.err}`).toBe(0);
    const printed = Object.fromEntries(
      up.out
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(printed.PORTAL_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed.PRIMARY_URL).toMatch(/^postgres:\/\/postgres:postgres@127\.0\.0\.1:\d+\/portal$/);
    portalUrl = printed.PORTAL_URL as string;
    primaryUrl = printed.PRIMARY_URL as string;
    state = readState(dir);

    await createMeteredAccounts(primaryUrl, ACCOUNTS, 21);
    const { db, close } = wrapPostgres(new pg.Pool({ connectionString: primaryUrl, max: 2 }));
    try {
      const rows = async (ids: readonly string[]) =>
        Promise.all(ids.map(async (id) => (await findAccountByPublicId(db, id)) as AccountRow));
      await inviteToHappyHours(db, await rows(SLOT_ACCOUNTS), CLIENT);
      await inviteToHereForYou(db, await rows([OPT_ACCOUNT]), CLIENT);
    } finally {
      await close();
    }
  }, 600_000);

  afterAll(async () => {
    if (dir && fs.existsSync(path.join(dir, 'ha.json'))) await ha(['down', '--dir', dir]);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);

  it('a primary killed in a burst of writes: every acknowledged write kept once, the same answers, back by itself', async () => {
    const before = await status();
    const oldPrimary = before.nodes.find((n) => n.role === 'primary')?.name;
    expect(before.nodes.map((n) => n.role).sort()).toEqual(['primary', 'sync_standby']);

    const usage = async (id: string) => {
      const response = await fetch(`${portalUrl}/api/tracker/usage?account_id=${id}`);
      expect(response.status).toBe(200);
      return withoutCustomer(await response.text());
    };
    const answersBefore = await Promise.all(COMPARED.map(usage));

    let killed = false;
    let stop = false;
    const answers: (Answer & { what: string; afterKill: boolean })[] = [];
    const failures: string[] = [];
    const send = async (what: string, method: 'GET' | 'POST', url: string, body?: object) => {
      const afterKill = killed;
      try {
        const response = await fetch(`${portalUrl}${url}`, {
          method,
          ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
          signal: AbortSignal.timeout(HANG_MS),
        });
        const answer = {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.text(),
        };
        answers.push({ ...answer, what, afterKill });
        return answer;
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
        return null;
      }
    };
    const acked = (answer: Answer | null) => answer !== null && answer.status < 400;
    /** Writes acknowledged since the kill, per kind: the portal took writes again. */
    const ackedAfterKill = (what: string) =>
      answers.filter((a) => a.afterKill && a.what === what && a.status < 400).length;

    // Budgets: each account's values in turn, 1 to BUDGET_MAX and again (a slow machine sends more than 99 before
    // the kill); what is stored after is a value sent at or after the last acknowledged one.
    const budgetsSent = new Map<string, number[]>();
    const budgetsAcked = new Map<string, number>();
    const budgets = async (id: string) => {
      const sent: number[] = [];
      budgetsSent.set(id, sent);
      for (let n = 0; !stop; n++) {
        const value = (n % BUDGET_MAX) + 1;
        sent.push(value);
        const answer = await send('budget', 'POST', `/api/settings/spend_target?account_id=${id}`, {
          spend_target: value,
        });
        if (acked(answer)) budgetsAcked.set(id, n);
      }
    };
    // Visit records: each one marked, so that one stored twice or an acknowledged one missing shows.
    const visitsSent: string[] = [];
    const visitsAcked: string[] = [];
    const visits = async () => {
      for (let n = 0; !stop; n++) {
        const marker = `burst-${n}`;
        visitsSent.push(marker);
        const answer = await send('visit', 'POST', '/api/web_interactions', {
          type: 'tracker_ui_visit',
          source: 'trust',
          account_identifier: BUDGET_ACCOUNTS[n % 2],
          page_name: 'week_view',
          url: `http://localhost:3000/new/tracker/${BUDGET_ACCOUNTS[n % 2]}?${marker}`,
          additional_data: { event_time: new Date().toISOString() },
        });
        if (acked(answer)) visitsAcked.push(marker);
      }
    };
    // Opt out, opt back in, over and over: the stored state is the last acknowledged (or a later one sent).
    const optSent: boolean[] = [];
    let optAcked = -1;
    const optOuts = async () => {
      for (let n = 0; !stop; n++) {
        const optedIn = n % 2 === 1;
        optSent.push(optedIn);
        const answer = optedIn
          ? await send('opt', 'POST', '/innovative_billing/here_for_you_participants', {
              client_code: CLIENT,
              account_identifier: OPT_ACCOUNT,
            })
          : await send(
              'opt',
              'POST',
              `/innovative_billing/here_for_you_participants/${OPT_ACCOUNT}/opt_out`,
              {
                client_code: CLIENT,
                account_identifier: OPT_ACCOUNT,
              },
            );
        if (acked(answer)) optAcked = n;
      }
    };
    // Happy Hours: each slot account signs up, then changes its slot once (all the 24-hour rule allows);
    // a 503 is tried again, as the customer would.
    const slotsAcked = new Map<string, string>();
    const slots = async () => {
      for (const id of SLOT_ACCOUNTS) {
        for (const slot of ['12:00-14:00', '10:00-12:00']) {
          for (;;) {
            const answer = await send('slot', 'POST', '/innovative_billing/daytime_saver_participants', {
              client_code: CLIENT,
              account_identifier: id,
              time_slot: slot,
            });
            if (acked(answer)) {
              slotsAcked.set(id, slot);
              break;
            }
            if (answer?.status !== 503) return;
          }
          // Spread over the burst: the next choice once a few more budgets have been answered.
          const budgetsSoFar = answers.filter((a) => a.what === 'budget').length;
          await vi.waitFor(() => {
            if (stop) return;
            expect(answers.filter((a) => a.what === 'budget').length).toBeGreaterThan(budgetsSoFar + 4);
          }, WAIT);
        }
      }
    };
    // Customers' reads beside the writes.
    const reads = async () => {
      while (!stop) await send('read', 'GET', `/api/accounts/customer?account_id=${BUDGET_ACCOUNTS[0]}`);
    };
    // The operator's import, started just before the kill and run again until it is acknowledged.
    const nem12 = [
      ...generateNem12(
        [{ nmi: IMPORT_NMI, profile: benchmarkProfile(8) }],
        addDays(marketToday(), -90),
        addDays(marketToday(), -1),
      ),
    ].join('');
    let importRuns = 0;
    let imported = false;
    const importer = async () => {
      const { db, close } = wrapPostgres(
        new pg.Pool({ connectionString: primaryUrl, max: 1, connectionTimeoutMillis: 5_000 }),
      );
      try {
        while (!imported) {
          importRuns++;
          // The database going away mid-file rolls the file back: the import says so (a rejection recorded
          // once the database answers again) or fails outright; either way the operator runs it again.
          let lost = false;
          try {
            const result = await importNem12Source(db, textSource('failover.csv', nem12));
            if (result.status === 'imported') imported = true;
            else {
              expect(result.error?.reason).toMatch(/^failed: /);
              lost = true;
            }
          } catch (error) {
            if (!isDatabaseUnavailable(error)) throw error;
            lost = true;
          }
          if (lost) {
            await vi.waitFor(async () => {
              await queryOnce(primaryUrl, 'select 1');
            }, WAIT);
          }
        }
      } finally {
        await close();
      }
    };

    /** What went on, for a failure's message: the answers since the kill, the nodes, the logs' ends. */
    const diagnosis = async () => {
      const tally: Record<string, number> = {};
      for (const a of answers.filter((a) => a.afterKill)) {
        const key = `${a.what} ${a.status}`;
        tally[key] = (tally[key] ?? 0) + 1;
      }
      const tail = (file: string) =>
        fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '(none)';
      return [
        `answers since the kill: ${JSON.stringify(tally)}; failures: ${failures.slice(-5).join('; ')}`,
        (await ha(['status', '--dir', dir])).out,
        `portal.log:\n${tail(path.join(dir, 'portal.log'))}`,
        ...['node1', 'node2'].map((n) => `${n}/patroni.log:\n${tail(path.join(dir, n, 'patroni.log'))}`),
      ].join('\n');
    };
    const load = Promise.all([...BUDGET_ACCOUNTS.map(budgets), visits(), optOuts(), slots(), reads()]);
    let importing: Promise<void> | undefined;
    let killedAt = 0;
    try {
      // Some of everything acknowledged on the first primary, then the crash, with the import under way.
      await vi.waitFor(() => {
        for (const what of ['budget', 'visit', 'opt', 'slot', 'read'])
          expect(answers.filter((a) => a.what === what && a.status < 400).length, what).toBeGreaterThan(2);
      }, WAIT);
      importing = importer();
      const kill = await ha(['kill-primary', '--dir', dir]);
      killedAt = performance.now();
      killed = true;
      expect(kill.code, kill.err).toBe(0);
      expect(kill.out).toMatch(
        new RegExp(`^killed the PostgreSQL of ${oldPrimary} \\(pid \\d+\\) with SIGKILL`),
      );

      // Back by itself: writes of every kind acknowledged again after the kill.
      await vi
        .waitFor(() => {
          for (const what of ['budget', 'visit', 'opt', 'read'])
            expect(ackedAfterKill(what), what).toBeGreaterThan(2);
        }, WAIT)
        .catch(async (error: Error) => {
          throw new Error(`${error.message}\n${await diagnosis()}`);
        });
      await importing;
    } finally {
      stop = true;
      await load;
      await importing?.catch(() => {});
    }
    expect(killedAt).toBeGreaterThan(0);

    // Every answer: a success, or a 503 with Retry-After and the service-unavailable error. None hung.
    expect(failures).toEqual([]);
    for (const answer of answers) {
      if (answer.status < 400) continue;
      expect(answer.status, `${answer.what}: ${answer.body}`).toBe(503);
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(errorResponseSchema.parse(JSON.parse(answer.body)).error.code).toBe('SERVICE_UNAVAILABLE');
    }
    // The failure was real: some requests met it (the failover can be over before kill-primary has returned).
    expect(answers.some((a) => a.status === 503) || importRuns > 1).toBe(true);

    // The standby is the primary now.
    const after = await status();
    expect(after.nodes.find((n) => n.role === 'primary')?.name).not.toBe(oldPrimary);

    // Every acknowledged write is there, none twice.
    const stored = await queryOnce<{ public_id: string; spend_target: number }>(
      primaryUrl,
      'select public_id, spend_target from accounts where public_id = any($1)',
      [BUDGET_ACCOUNTS],
    );
    for (const id of BUDGET_ACCOUNTS) {
      const value = Number(stored.find((row) => row.public_id === id)?.spend_target);
      expect((budgetsSent.get(id) ?? []).slice(budgetsAcked.get(id) ?? 0)).toContain(value);
    }
    const visitRows = await queryOnce<{ url: string }>(
      primaryUrl,
      "select url from web_interactions where url like '%?burst-%'",
    );
    const visitMarkers = visitRows.map((row) => row.url.slice(row.url.indexOf('?') + 1));
    expect(new Set(visitMarkers).size).toBe(visitMarkers.length);
    expect(visitMarkers.filter((marker) => !visitsSent.includes(marker))).toEqual([]);
    expect(visitsAcked.filter((marker) => !visitMarkers.includes(marker))).toEqual([]);

    const [opt] = await queryOnce<{ opted_in: boolean }>(
      primaryUrl,
      'select p.opted_in from here_for_you_participants p join accounts a on a.id = p.account_id where a.public_id = $1',
      [OPT_ACCOUNT],
    );
    expect(optAcked).toBeGreaterThanOrEqual(0);
    expect(optSent.slice(optAcked)).toContain(opt?.opted_in);
    // The history of changes alternates: no change recorded twice.
    const changes = await queryOnce<{ opted_in: boolean }>(
      primaryUrl,
      `select c.opted_in from here_for_you_changes c join accounts a on a.id = c.account_id
       where a.public_id = $1 order by c.changed_at`,
      [OPT_ACCOUNT],
    );
    for (let i = 1; i < changes.length; i++) expect(changes[i]?.opted_in).not.toBe(changes[i - 1]?.opted_in);

    const slotRows = await queryOnce<{ public_id: string; time_slot: string }>(
      primaryUrl,
      `select a.public_id, p.time_slot from happy_hours_participants p join accounts a on a.id = p.account_id
       where a.public_id = any($1)`,
      [SLOT_ACCOUNTS],
    );
    for (const [id, slot] of slotsAcked) {
      expect(slotRows.find((row) => row.public_id === id)?.time_slot).toBe(slot);
    }

    const [reads300] = await queryOnce<{ n: number }>(
      primaryUrl,
      'select count(*)::int as n from meter_reads where nmi = $1',
      [IMPORT_NMI],
    );
    expect(imported).toBe(true);
    expect(reads300?.n).toBe(nem12.split('\n').filter((line) => line.startsWith('300,')).length);

    // The Tracker answers as before the failure.
    expect(await Promise.all(COMPARED.map(usage))).toEqual(answersBefore);

    // The old primary follows the new one as its synchronous standby, by itself (pg_rewind), and once it has
    // replayed everything, `portal db fingerprint` prints the same on both nodes.
    await vi.waitFor(async () => {
      const nodes = (await status()).nodes;
      expect(nodes.find((n) => n.name === oldPrimary)).toMatchObject({ role: 'sync_standby' });
    }, WAIT);
    const newPrimary = (await status()).nodes.find((n) => n.role === 'primary')?.name as string;
    const [{ lsn } = { lsn: '' }] = await queryOnce<{ lsn: string }>(
      nodeUrl(newPrimary),
      'select pg_current_wal_lsn()::text as lsn',
    );
    await vi.waitFor(async () => {
      const [row] = await queryOnce<{ caught_up: boolean }>(
        nodeUrl(oldPrimary as string),
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up',
        [lsn],
      );
      expect(row?.caught_up).toBe(true);
    }, WAIT);
    const onPrimary = await runPortalWith({ DATABASE_URL: nodeUrl(newPrimary) }, 'db', 'fingerprint');
    const onStandby = await runPortalWith(
      { DATABASE_URL: nodeUrl(oldPrimary as string) },
      'db',
      'fingerprint',
    );
    expect(onPrimary.code, onPrimary.err.join('\n')).toBe(0);
    expect(onStandby.code, onStandby.err.join('\n')).toBe(0);
    expect(onPrimary.out.find((line) => line.startsWith('public.web_interactions\t'))).toBeDefined();
    expect(onStandby.out).toEqual(onPrimary.out);
    // A command that writes, pointed at the standby, says so.
    const refused = await runPortalWith(
      { DATABASE_URL: nodeUrl(oldPrimary as string) },
      'accounts',
      'create',
      '--nmi',
      '6009000066',
      '--client-code',
      testConfig().client.clientCode,
    );
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toContain('DATABASE_URL reaches a standby');
  }, 600_000);

  it('npm run ha -- down stops every process it started and removes the directory', async () => {
    const started = readState(dir).processes;
    const down = await ha(['down', '--dir', dir]);
    expect(down.code, down.err).toBe(0);
    expect(fs.existsSync(dir)).toBe(false);
    for (const entry of started) {
      const alive = fs.existsSync(`/proc/${entry.pid}/cmdline`)
        ? fs.readFileSync(`/proc/${entry.pid}/cmdline`, 'utf8').includes(path.basename(entry.binary))
        : false;
      expect(alive, entry.role).toBe(false);
    }
  }, 180_000);
});
