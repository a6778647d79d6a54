/**
 * Reads from a standby (DATABASE_READ_URL, decision 0044), on a private primary and a hot standby streaming
 * from it (pg_basebackup), both started here on free ports as the postgres user:
 * (a) read-your-writes: with the standby's replay paused, a customer who saved a budget or answered the survey
 *     sees it on the next read (the write's cookie sends the read to the primary), while a read without the
 *     cookie (another customer, or another browser) is served by the paused standby and may be stale: allowed,
 *     and what proves the standby serves the reads;
 * (b) a standby paused past the lag bound, or stopped, is left out: the reads go on from the primary, no error;
 * (c) writes never go to the standby, and no customer GET needs the primary's write (the standby refuses none);
 * (d) `portal db fingerprint` on the caught-up standby prints what it prints on the primary (decision 0046).
 * Nothing waits for a time: each step waits for the state it needs (the health check's, or the standby's own).
 * Runs where the PostgreSQL server binaries are installed (CI installs them: .ci/run).
 */
import {
  addDays,
  customerSchema,
  type Endpoint,
  endpoints,
  marketToday,
  serverRoutePath,
  usageResponseSchema,
} from '@portal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, loggerOptions } from '../../src/app.ts';
import { liftedCallLimits } from '../../src/config.ts';
import { migratePostgres, openDatabase, wrapPostgres } from '../../src/db/index.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { READ_AFTER_COOKIE } from '../../src/plugins/reads.ts';
import { runPortalWith } from '../helpers/cli.ts';
import { testConfig } from '../helpers/config.ts';
import { createMeteredAccounts, queryOnce } from '../helpers/metered-accounts.ts';
import {
  canRunPrivatePostgres,
  type PrivatePostgres,
  startPrivatePostgres,
} from '../helpers/private-postgres.ts';
import { residentialSurvey } from '../helpers/samples.ts';

/** Two customers: A writes through the portal, B is "another customer" whose data changes beside it. */
const A = 'replica-alice';
const B = 'replica-bob';
const WAIT = { timeout: 90_000, interval: 50 };

let primary: PrivatePostgres | undefined;
let standby: PrivatePostgres | undefined;

const query = queryOnce;

const budgetOn = async (url: string, publicId: string) =>
  Number(
    (
      await query<{ b: number }>(url, 'select spend_target as b from accounts where public_id = $1', [
        publicId,
      ])
    )[0]?.b,
  );

async function pauseReplay() {
  const url = (standby as PrivatePostgres).url;
  await query(url, 'select pg_wal_replay_pause()');
  await vi.waitFor(async () => {
    const [row] = await query<{ state: string }>(url, 'select pg_get_wal_replay_pause_state() as state');
    expect(row?.state).toBe('paused');
  }, WAIT);
}

const resumeReplay = () => query((standby as PrivatePostgres).url, 'select pg_wal_replay_resume()');

/** The portal in this process on the primary and the standby; its warnings kept to be read. */
async function portal(env: Record<string, string>) {
  const config = testConfig({
    ...liftedCallLimits,
    LOG_LEVEL: 'warn',
    DATABASE_URL: (primary as PrivatePostgres).url,
    DATABASE_READ_URL: (standby as PrivatePostgres).url,
    DATABASE_READ_CHECK_MS: '100',
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.env.DATABASE_URL,
    dataDir: '',
    migrate: false,
    poolSize: 4,
    readUrls: config.readUrls,
    readMaxLagMs: config.env.DATABASE_READ_MAX_LAG_MS,
    readCheckMs: config.env.DATABASE_READ_CHECK_MS,
  });
  const warnings: string[] = [];
  const stream = { write: (line: string) => warnings.push(line) } as unknown as NodeJS.WritableStream;
  const app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream } });
  await app.ready();
  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });
  const health = async () => {
    const response = await get('/api/health');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      role: string;
      standbys: { name: string; state: string; lag_ms: number | null }[];
    };
  };
  const standbyState = async (state: string) =>
    vi.waitFor(async () => expect((await health()).standbys[0]?.state).toBe(state), WAIT);
  const customer = async (publicId: string, cookie?: string) => {
    const response = await get(`/api/accounts/customer?account_id=${publicId}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return customerSchema.parse(response.json());
  };
  const usage = async (publicId: string, cookie?: string) => {
    const response = await get(`/api/tracker/usage?account_id=${publicId}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return usageResponseSchema.parse(response.json());
  };
  /** Saves a budget through the portal; the cookie its answer sets. */
  const saveBudget = async (publicId: string, dollars: number) => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/settings/spend_target?account_id=${publicId}`,
      payload: { spend_target: dollars },
    });
    expect(response.statusCode, response.body).toBe(204);
    return cookieOf(response.headers['set-cookie']);
  };
  const standbyWarnings = () => warnings.filter((line) => line.includes('a standby could not answer'));
  return { app, get, health, standbyState, customer, usage, saveBudget, standbyWarnings };
}

/** `portal db status` on the primary and this standby, as an operator runs it. */
const dbStatus = (node: PrivatePostgres, ...options: string[]) =>
  runPortalWith(
    {
      DATABASE_URL: (primary as PrivatePostgres).url,
      DATABASE_READ_URL: node.url,
      DATABASE_READ_MAX_LAG_MS: '500',
    },
    'db',
    'status',
    ...options,
  );

/** `name=value` of the read-your-writes cookie a response set. */
function cookieOf(header: string | string[] | undefined): string {
  const value = [header ?? []].flat().find((line) => line.startsWith(`${READ_AFTER_COOKIE}=`));
  if (!value) throw new Error('the write set no read-your-writes cookie');
  return value.split(';')[0] as string;
}

describe.skipIf(!canRunPrivatePostgres())('reads from a standby', () => {
  beforeAll(async () => {
    primary = await startPrivatePostgres();
    await migratePostgres(primary.url);
    await createMeteredAccounts(primary.url, [A, B], 21);
    // The standby: a base backup of the primary as it is now, streaming what comes after.
    standby = await startPrivatePostgres({ standbyOf: primary });
  }, 240_000);

  afterAll(async () => {
    await standby?.destroy();
    await primary?.destroy();
  }, 120_000);

  it("(a) a customer sees their own writes at once while the standby is held back; others' reads may be stale", async () => {
    // A bound no pause here reaches: the paused standby stays in use for the reads without a cookie.
    const p = await portal({ DATABASE_READ_MAX_LAG_MS: '3600000' });
    try {
      await p.standbyState('in_use');
      const before = await p.customer(A);
      const bobBefore = await p.customer(B);
      await pauseReplay();

      // The budget: saved, then read at once through the cookie the save set.
      const afterBudget = await p.saveBudget(A, before.budget === 42 ? 43 : 42);
      const saved = before.budget === 42 ? 43 : 42;
      expect(await budgetOn((standby as PrivatePostgres).url, A)).toBe(before.budget);
      expect((await p.customer(A, afterBudget)).budget).toBe(saved);
      expect((await p.usage(A, afterBudget)).customer.budget).toBe(saved);

      // The survey: answered, then read at once.
      expect(before.completed_survey).toBe(false);
      const surveyed = await p.app.inject({
        method: 'PATCH',
        url: `/api/accounts/update_profile?account_id=${A}`,
        payload: { profile: residentialSurvey, source: 'survey' },
      });
      expect(surveyed.statusCode, surveyed.body).toBe(204);
      const afterSurvey = cookieOf(surveyed.headers['set-cookie']);
      expect((await p.customer(A, afterSurvey)).completed_survey).toBe(true);

      // Without the cookie (another browser) the paused standby answers: the budget before the save. Allowed
      // (decision 0044): at most DATABASE_READ_MAX_LAG_MS old, and what shows the standby serves the reads.
      expect((await p.customer(A)).budget).toBe(before.budget);
      // Another customer's change made beside the portal (an operator's, another instance's) is not seen yet
      // by their reads from the paused standby either.
      await query(
        (primary as PrivatePostgres).url,
        'update accounts set spend_target = $2 where public_id = $1',
        [B, bobBefore.budget + 1],
      );
      expect((await p.customer(B)).budget).toBe(bobBefore.budget);

      // An account created since the standby's last replay (a new customer following the link just sent) is
      // found on the primary, not called unknown.
      const created = wrapPostgres(
        new pg.Pool({ connectionString: (primary as PrivatePostgres).url, max: 1 }),
      );
      try {
        await createAccount(created.db, {
          nmi: '6009000099',
          publicId: 'replica-newcomer',
          marketSegment: 'residential',
          clientCode: testConfig().client.clientCode,
        });
      } finally {
        await created.close();
      }
      expect((await p.customer('replica-newcomer')).budget).toBe(0);

      // A cookie can only send reads to the primary: a forged one and an expired one are ignored.
      const [, signature] = /\.([^.]+)$/.exec(afterBudget) ?? [];
      const forged = `${READ_AFTER_COOKIE}=ffffffffffffffff.9999999999.${signature}`;
      expect((await p.customer(A, forged)).budget).toBe(before.budget);
      const expired = afterBudget.replace(/\.(\d+)\./, '.1000.');
      expect((await p.customer(A, expired)).budget).toBe(before.budget);

      await resumeReplay();
      await vi.waitFor(async () => expect((await p.customer(B)).budget).toBe(bobBefore.budget + 1), WAIT);
      expect((await p.customer(A)).budget).toBe(saved);
      expect(p.standbyWarnings()).toEqual([]);
    } finally {
      await resumeReplay();
      await p.app.close();
    }
  }, 240_000);

  it('(b) a standby past the lag bound, or stopped, is left out: the reads go on from the primary', async () => {
    const p = await portal({ DATABASE_READ_MAX_LAG_MS: '500' });
    const node = standby as PrivatePostgres;
    try {
      await p.standbyState('in_use');
      const bob = await p.customer(B);
      await pauseReplay();
      // Another writer's change: the paused standby falls behind it, and past the bound.
      await query(
        (primary as PrivatePostgres).url,
        'update accounts set spend_target = $2 where public_id = $1',
        [B, bob.budget + 1],
      );
      await p.standbyState('lagging');
      expect((await p.health()).standbys[0]?.lag_ms).toBeGreaterThan(500);
      expect((await p.customer(B)).budget).toBe(bob.budget + 1);
      expect((await p.usage(B)).customer.budget).toBe(bob.budget + 1);

      // What `portal db status` prints of it: the primary, and the standby behind by the update.
      const status = await dbStatus(node, '--json');
      expect(status.code, status.err.join('\n')).toBe(0);
      const { nodes } = JSON.parse(status.out.join('')) as { nodes: Record<string, unknown>[] };
      expect(nodes[0]).toMatchObject({
        name: 'primary',
        role: 'primary',
        lag_ms: 0,
        lag_bytes: 0,
        error: null,
      });
      expect(nodes[1]).toMatchObject({ name: 'standby 1', role: 'standby', state: 'lagging', error: null });
      expect(nodes[1]?.lag_bytes).toBeGreaterThan(0);
      expect(nodes[1]?.lag_ms).toBeGreaterThan(500);
      const text = await dbStatus(node);
      expect(text.out[0]).toBe('node\taddress\trole\tposition\tlag_ms\tlag_bytes\treads');
      expect(text.out[2]).toMatch(
        new RegExp(`^standby 1\\t127\\.0\\.0\\.1:${node.port}/postgres\\tstandby\\t`),
      );

      await resumeReplay();
      await p.standbyState('in_use');

      // Stopped: the reads that meet it before the check does are read again from the primary.
      await node.stop();
      try {
        for (let round = 0; round < 3; round++) {
          expect((await p.customer(B)).budget).toBe(bob.budget + 1);
          expect((await p.usage(A)).current_week.intervals).toHaveLength(7);
        }
        await p.standbyState('unreachable');
        expect((await p.customer(B)).budget).toBe(bob.budget + 1);
        const down = JSON.parse((await dbStatus(node, '--json')).out.join('')).nodes[1];
        expect(down).toMatchObject({ role: 'unreachable', state: 'unreachable', lag_ms: null });
      } finally {
        await node.start();
      }
      await p.standbyState('in_use');
      expect((await p.customer(B)).budget).toBe(bob.budget + 1);
    } finally {
      await resumeReplay().catch(() => {});
      await p.app.close();
    }
  }, 240_000);

  it('(c) writes never go to the standby, and no customer GET asks the standby to write', async () => {
    const p = await portal({ DATABASE_READ_MAX_LAG_MS: '3600000' });
    try {
      await p.standbyState('in_use');
      // Every GET a customer's pages make, on the standby in use: none is refused there (a refusal would be
      // read again from the primary, and logged).
      const withAccount = (endpoint: Endpoint) =>
        serverRoutePath(endpoint).replace('{accountId}', A) +
        (endpoint.guard?.in === 'params' || !endpoint.guard ? '?client_code=BRIGHTSIDE' : `?account_id=${A}`);
      for (const url of [
        ...[
          endpoints.customer,
          endpoints.usage,
          endpoints.plans,
          endpoints.subscription,
          endpoints.budgetAlert,
          endpoints.happyHoursParticipant,
          endpoints.happyHoursConfig,
          endpoints.hereForYouParticipant,
          endpoints.drEvents,
          endpoints.eventResults,
          endpoints.upcomingEvents,
        ].map(withAccount),
        `${withAccount(endpoints.usage)}&from=${addDays(marketToday(), -14)}`,
      ]) {
        const response = await p.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      }
      expect(p.standbyWarnings()).toEqual([]);

      await pauseReplay();
      const before = await budgetOn((primary as PrivatePostgres).url, B);
      const cookie = await p.saveBudget(B, before === 7 ? 8 : 7);
      const visit = await p.app.inject({
        method: 'POST',
        url: '/api/web_interactions',
        payload: {
          type: 'tracker_ui_visit',
          source: 'trust',
          account_identifier: B,
          page_name: 'week_view',
          url: `http://localhost:3000/new/tracker/${B}`,
          additional_data: { event_time: new Date().toISOString() },
        },
      });
      expect(visit.statusCode, visit.body).toBeLessThan(300);
      // On the primary, not on the standby: a standby refuses every write, and this one replays nothing now.
      expect(await budgetOn((primary as PrivatePostgres).url, B)).toBe(before === 7 ? 8 : 7);
      expect(await budgetOn((standby as PrivatePostgres).url, B)).toBe(before);
      expect((await p.customer(B, cookie)).budget).toBe(before === 7 ? 8 : 7);
      expect(p.standbyWarnings()).toEqual([]);
    } finally {
      await resumeReplay();
      await p.app.close();
    }
  }, 240_000);

  it('(d) portal db fingerprint runs on the standby and, caught up, prints what the primary prints; a write there is refused', async () => {
    const primaryUrl = (primary as PrivatePostgres).url;
    const standbyUrl = (standby as PrivatePostgres).url;
    await resumeReplay();
    const [{ lsn } = { lsn: '' }] = await query<{ lsn: string }>(
      primaryUrl,
      'select pg_current_wal_lsn()::text as lsn',
    );
    await vi.waitFor(async () => {
      const [row] = await query<{ caught_up: boolean }>(
        standbyUrl,
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up',
        [lsn],
      );
      expect(row?.caught_up).toBe(true);
    }, WAIT);
    const onPrimary = await runPortalWith({ DATABASE_URL: primaryUrl }, 'db', 'fingerprint');
    const onStandby = await runPortalWith({ DATABASE_URL: standbyUrl }, 'db', 'fingerprint');
    expect(onStandby.err).toEqual([]);
    expect(onStandby.code).toBe(0);
    expect(onPrimary.out.find((line) => line.startsWith('public.accounts\t'))).toMatch(
      /^public\.accounts\t[1-9]/,
    );
    expect(onStandby.out).toEqual(onPrimary.out);

    const refused = await runPortalWith(
      { DATABASE_URL: standbyUrl },
      ...['accounts', 'create', '--nmi', '6009000088', '--client-code', testConfig().client.clientCode],
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      'error: DATABASE_URL reaches a standby, which takes no writes: point it at the primary (see "portal db status").',
    ]);
  }, 120_000);
});
