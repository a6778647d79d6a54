/**
 * Faults of the running server (docs/reliability.md), on a private PostgreSQL cluster that the tests stop and
 * start (never the shared one), with the real server as a child process:
 * - PostgreSQL stopped under load: every request is answered at once with a JSON 503, and the server recovers
 *   by itself when PostgreSQL is back;
 * - a statement stuck behind a lock: cancelled by the statement timeout, 503;
 * - SIGTERM with 32 requests in flight: each gets its full answer, new connections are refused, exit code 0.
 * Runs where the PostgreSQL server binaries are installed (CI installs them: .ci/run).
 */
import http from 'node:http';
import net from 'node:net';
import { errorResponseSchema, usageResponseSchema } from '@portal/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { migratePostgres, openDatabase, wrapPostgres } from '../../src/db/index.ts';
import { isDatabaseUnavailable } from '../../src/lib/database-errors.ts';
import { testConfig } from '../helpers/config.ts';
import { createMeteredAccounts, queryOnce } from '../helpers/metered-accounts.ts';
import {
  canRunPrivatePostgres,
  type PrivatePostgres,
  startPrivatePostgres,
} from '../helpers/private-postgres.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

const ACCOUNT = 'faults-home';
const USAGE = `/api/tracker/usage?account_id=${ACCOUNT}`;
/** A request not answered in this long is a hang: far above any answer here, even on a loaded machine. */
const HANG_MS = 20_000;

let cluster: PrivatePostgres | undefined;
const servers: ServerProcess[] = [];

describe.skipIf(!canRunPrivatePostgres())('the server process', () => {
  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    await migratePostgres(cluster.url);
    // One account with five weeks of meter data: enough for a real usage answer.
    await createMeteredAccounts(cluster.url, [ACCOUNT], 35);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers.splice(0)) await server.kill();
    await cluster?.destroy();
  }, 120_000);

  async function server(env: Record<string, string> = {}) {
    const started = await startServerProcess({ DATABASE_URL: cluster?.url as string, ...env });
    servers.push(started);
    return started;
  }

  it('answers 503 at once while PostgreSQL is down, and recovers without a restart', async () => {
    const portal = await server();
    const database = cluster as PrivatePostgres;
    type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'back';
    let phase: Phase = 'up';
    const results: { phase: Phase; path: string; status: number; body: string; ms: number }[] = [];
    const failures: string[] = [];
    let loading = true;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const worker = async (path: string) => {
      while (loading) {
        const at = phase;
        const started = performance.now();
        try {
          const answer = await get(portal.origin, path, agent);
          results.push({ phase: at, path, ...answer, ms: performance.now() - started });
        } catch (error) {
          failures.push(`${at} ${path}: ${(error as Error).message}`);
        }
      }
    };
    const load = Promise.all([worker(USAGE), worker(USAGE), worker('/api/health'), worker('/api/health')]);
    const seen = (wanted: Phase, path: string, status: number) =>
      vi.waitFor(
        () => {
          const count = results.filter((r) => r.phase === wanted && r.path === path && r.status === status);
          if (count.length < 5) throw new Error(`${wanted}: ${count.length} answers ${status} to ${path}`);
        },
        { timeout: 60_000, interval: 50 },
      );
    try {
      await seen('up', USAGE, 200);
      await seen('up', '/api/health', 200);
      phase = 'stopping';
      await database.stop();
      phase = 'down';
      await seen('down', USAGE, 503);
      await seen('down', '/api/health', 503);
      phase = 'starting';
      await database.start();
      phase = 'back';
      await seen('back', USAGE, 200);
      await seen('back', '/api/health', 200);
    } finally {
      loading = false;
      await load;
      agent.destroy();
      // Whatever failed, the next test gets its database back.
      if (phase === 'stopping' || phase === 'down') await database.start();
    }

    expect(failures).toEqual([]);
    const down = results.filter((r) => r.phase === 'down');
    for (const answer of down) {
      expect(answer.status, answer.body).toBe(503);
      expect(errorResponseSchema.parse(JSON.parse(answer.body)).error.code).toBe('SERVICE_UNAVAILABLE');
    }
    // While it goes away or comes back a request is answered either way, never with a 500.
    for (const answer of results) expect([200, 503], answer.body).toContain(answer.status);
    const back = results.filter((r) => r.phase === 'back' && r.status === 200);
    const usage = back.find((r) => r.path === USAGE);
    expect(usageResponseSchema.parse(JSON.parse(usage?.body ?? '')).current_week.intervals).toHaveLength(7);
    expect(JSON.parse(back.find((r) => r.path === '/api/health')?.body ?? '')).toEqual({
      status: 'ok',
      database: 'postgres',
      role: 'primary',
      standbys: [],
    });
    // The same process throughout.
    expect(portal.child.exitCode).toBeNull();
    await portal.kill();
  }, 300_000);

  it('a connection that dies while work holds it between statements fails that work as "unavailable", never the process', async () => {
    // A request inside a transaction holds its connection between statements; the pool stops listening for
    // that connection's errors while it is out, so its end (a failover, a restart) must not be an unhandled
    // 'error' event, which ends the process.
    const pool = new pg.Pool({ connectionString: cluster?.url, max: 2 });
    const handle = wrapPostgres(pool);
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await queryOnce(cluster?.url as string, 'select pg_terminate_backend($1)', [rows[0]?.pid]);
      await ended;
      const next = await client.query('select 1').then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(next), String(next)).toBe(true);
      client.release(next as Error);
      // The pool goes on with a new connection.
      await handle.ping();
    } finally {
      await handle.close();
    }
  });

  it('cancels a request stuck behind a lock after the statement timeout: 503, not a hang', async () => {
    const database = await openDatabase({
      databaseUrl: cluster?.url,
      dataDir: '',
      migrate: false,
      statementTimeoutMs: 300,
    });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    const locker = new pg.Client({ connectionString: cluster?.url });
    await locker.connect();
    try {
      expect((await app.inject({ method: 'GET', url: USAGE })).statusCode).toBe(200);
      await locker.query('begin');
      await locker.query('lock table accounts in access exclusive mode');
      const stuck = await app.inject({ method: 'GET', url: USAGE });
      expect(stuck.statusCode, stuck.body).toBe(503);
      expect(errorResponseSchema.parse(stuck.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await locker.query('rollback');
      await locker.end();
      await app.close();
      await database.close();
    }
  });

  it('on SIGTERM finishes the 32 requests in flight, refuses new connections and exits 0', async () => {
    // A pool as large as the load, so that every request holds a connection while the test holds them up;
    // the 32 requests stand for 32 customers behind a proxy, so one address may have 32 look-ups in flight
    // (the guard counts each until its account is found, and runs 4 at a time per address by default).
    const portal = await server({
      DATABASE_POOL_SIZE: '40',
      ACCOUNT_LOOKUP_CONCURRENCY: '64',
      ACCOUNT_LOOKUP_FAILURES: '1000',
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    // Warm every connection: 32 keep-alive sockets, as a proxy in front of the server keeps them.
    await Promise.all(Array.from({ length: 32 }, () => get(portal.origin, '/api/health', agent)));

    // The requests are held inside their handlers by a lock on the accounts table (the account look-up).
    const locker = new pg.Client({ connectionString: cluster?.url });
    const watcher = new pg.Client({ connectionString: cluster?.url });
    await Promise.all([locker.connect(), watcher.connect()]);
    let inFlight: ReturnType<typeof get>[] = [];
    try {
      await locker.query('begin');
      await locker.query('lock table accounts in access exclusive mode');
      inFlight = Array.from({ length: 32 }, () => get(portal.origin, USAGE, agent));
      // Watched from outside the locking transaction: pg_stat_activity is read once per transaction.
      await vi.waitFor(
        async () => {
          const { rows } = await watcher.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
              where wait_event_type = 'Lock' and datname = current_database()`,
          );
          if ((rows[0]?.waiting ?? 0) < 32) throw new Error(`${rows[0]?.waiting} requests waiting`);
        },
        { timeout: 60_000, interval: 50 },
      );

      portal.child.kill('SIGTERM');
      // Close has begun: new connections are refused while the 32 are still held.
      await vi.waitFor(() => connectionRefused(portal.port), { timeout: 30_000, interval: 50 });
      // The log line comes through the child's stdout, which may be read after the port has closed.
      await vi.waitFor(
        () => {
          if (!portal.logs.some((line) => line.msg === 'shutting down')) throw new Error('not logged yet');
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(portal.child.exitCode).toBeNull();
    } finally {
      await locker.query('commit');
      await Promise.all([locker.end(), watcher.end()]);
    }

    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(200);
      expect(usageResponseSchema.parse(JSON.parse(answer.body)).customer).toBeDefined();
      // Each answer closes its connection: a keep-alive client (a proxy) cannot hold the server open.
      expect(answer.connection).toBe('close');
    }
    // The agent still holds its connections open; the next request needs a new one, which is refused.
    await expect(get(portal.origin, USAGE, agent)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // Within its grace period: close-with-grace exits 1 when the period runs out.
    expect(await portal.exited).toBe(0);
    agent.destroy();
  }, 300_000);
});

/** A GET on the agent's connections; rejects on a transport error or a hang. */
function get(origin: string, path: string, agent: http.Agent) {
  return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { agent, timeout: HANG_MS }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer in ${HANG_MS} ms (a hang)`)));
    request.on('error', reject);
  });
}

/** Resolves when a new connection is refused; throws (to be retried) while one is still accepted. */
function connectionRefused(port: number) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      reject(new Error('a new connection was accepted'));
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve() : reject(error),
    );
  });
}
