/**
 * Read-only standbys of the primary (DATABASE_READ_URL, decision 0044): a pool per standby, and a check that
 * runs in the background on each instance (never a module global: the set belongs to its database handle)
 * every DATABASE_READ_CHECK_MS. A round samples the primary's WAL position, then asks each standby whether it
 * is in recovery and how far it has replayed. A standby is used for reads only while it answers within the
 * check's timeout, is in recovery, and is no further behind than DATABASE_READ_MAX_LAG_MS; otherwise it is left
 * out, with the reason, until a later round finds it caught up.
 *
 * The lag is measured on the primary's clock, not the standby's: the positions the primary was at, sampled at
 * each round, are kept for the length of the bound; a standby's lag is the time since the oldest of them it
 * has not replayed (0 when it has replayed them all). A standby cut off from the primary falls behind by this
 * measure even though it replays all it has received, and an idle primary lags no standby.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

/** `Database` of db/index.ts, named here again: that module opens these, and imports may not go in a circle. */
type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A connection the server ends (a restart, a failover, a terminated backend) must not end the process. The
 * pool listens for an idle connection's errors but not for one that is checked out: a request holding its
 * connection between two statements of a transaction would get an unhandled 'error' event, which Node turns
 * into a crash. Every connection gets a listener of its own; the work that holds it sees the failure at its
 * next statement ("database unavailable": 503), and the pool drops the connection when it is released.
 */
export function survivePoolErrors(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
}

/** The longest a check waits for a node's answer (and for a connection to it) before it counts as down. */
export const CHECK_TIMEOUT_MS = 2_000;

/** A WAL position ('16/B374D848') as a number, comparable. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** host:port/database of a connection URL, without user or password: what an operator may see. */
export function nodeAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/**
 * in_use: reads go to it; lagging: further behind than the bound; unreachable: no answer (or an error) at the
 * last check or read; not_standby: it is not in recovery (promoted, or the wrong URL); unchecked: not yet known.
 */
export type StandbyState = 'in_use' | 'lagging' | 'unreachable' | 'not_standby' | 'unchecked';

/** What the latest check found of one standby. */
export interface StandbyStatus {
  /** 'standby 1', 'standby 2'…, in DATABASE_READ_URL's order. */
  name: string;
  /** host:port/database (no credentials): for operators, never in a public answer. */
  address: string;
  /** Whether customers' reads go to it now. */
  inUse: boolean;
  /** In use, or why not, in a word (what the health check shows). */
  state: StandbyState;
  /** What the node said it is: a standby (in recovery), a primary (promoted, or misconfigured), or unknown. */
  role: 'standby' | 'primary' | 'unknown';
  /** Milliseconds behind the primary as last measured; null before the first answer or when unknown. */
  lagMs: number | null;
  /** The position it had replayed at the last check. */
  replayLsn: string | null;
  /** Why it is left out; null while in use. */
  reason: string | null;
}

export interface Standby {
  readonly name: string;
  readonly address: string;
  readonly db: Database;
  readonly pool: pg.Pool;
  inUse: boolean;
  state: StandbyState;
  role: StandbyStatus['role'];
  replay: bigint | null;
  lagMs: number | null;
  reason: string | null;
}

export interface ReplicaOptions {
  maxLagMs: number;
  checkMs: number;
  poolSize: number;
  statementTimeoutMs?: number | undefined;
  /** Connection options the primary's pool has too (the plan cache mode). */
  connectionOptions?: string;
}

/** Runs `work` or rejects after `ms` (the query itself ends with its connection or its statement timeout). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The time since the oldest sampled primary position a standby has not replayed; 0 when it has them all. */
export function lagOf(samples: readonly { at: number; lsn: bigint }[], replay: bigint, now: number): number {
  const unreplayed = samples.find((sample) => sample.lsn > replay);
  return unreplayed ? Math.max(0, now - unreplayed.at) : 0;
}

export class ReadReplicas {
  readonly standbys: Standby[];
  private readonly samples: { at: number; lsn: bigint }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private next = 0;
  private waiting: (() => void)[] = [];

  constructor(
    private readonly primary: pg.Pool,
    urls: readonly string[],
    private readonly options: ReplicaOptions,
  ) {
    this.standbys = urls.map((url, index) => {
      const pool = new pg.Pool({
        connectionString: url,
        max: options.poolSize,
        // A standby that does not answer is given up quickly: the read goes to the primary instead.
        connectionTimeoutMillis: CHECK_TIMEOUT_MS,
        ...(options.connectionOptions ? { options: options.connectionOptions } : {}),
        ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      });
      survivePoolErrors(pool);
      return {
        name: `standby ${index + 1}`,
        address: nodeAddress(url),
        pool,
        db: drizzlePg(pool, { schema }) as unknown as Database,
        inUse: false,
        state: 'unchecked' as const,
        role: 'unknown' as const,
        replay: null,
        lagMs: null,
        reason: 'not checked yet',
      };
    });
  }

  /** Starts the background check: a round at once, then one every checkMs after the last ended. */
  start(): void {
    if (this.timer || this.stopped) return;
    const round = async () => {
      await this.check().catch(() => {});
      if (this.stopped) return;
      this.timer = setTimeout(round, this.options.checkMs);
      this.timer.unref();
    };
    this.timer = setTimeout(round, 0);
    this.timer.unref();
  }

  /** Resolves once a round that starts after this call has ended (tests, `portal db status`). */
  nextCheck(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** One round of the check. */
  async check(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    try {
      const sampled = Date.now();
      try {
        const { rows } = await within(
          CHECK_TIMEOUT_MS,
          this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
        );
        if (rows[0]) this.samples.push({ at: sampled, lsn: parseLsn(rows[0].lsn) });
      } catch {
        // The primary does not answer: the standbys are judged on the positions it was last seen at.
      }
      // Kept for the length of the bound and a round more: a standby behind the oldest kept is past the bound.
      const keepFrom = sampled - this.options.maxLagMs - 2 * this.options.checkMs - CHECK_TIMEOUT_MS;
      while (this.samples.length > 1 && (this.samples[0]?.at ?? sampled) < keepFrom) this.samples.shift();
      await Promise.all(this.standbys.map((standby) => this.checkStandby(standby)));
    } finally {
      for (const resolve of waiting) resolve();
    }
  }

  private async checkStandby(standby: Standby): Promise<void> {
    try {
      const { rows } = await within(
        CHECK_TIMEOUT_MS,
        standby.pool.query<{ recovery: boolean; replay: string | null }>(
          'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replay',
        ),
      );
      const row = rows[0];
      if (!row?.recovery) {
        Object.assign(standby, { role: 'primary', replay: null, lagMs: null, inUse: false });
        standby.state = 'not_standby';
        standby.reason = 'not in recovery: it is a primary, not a standby';
        return;
      }
      standby.role = 'standby';
      standby.replay = row.replay === null ? null : parseLsn(row.replay);
      if (standby.replay === null) {
        Object.assign(standby, { lagMs: null, inUse: false, reason: 'has replayed nothing yet' });
        standby.state = 'unchecked';
        return;
      }
      if (this.samples.length === 0) {
        Object.assign(standby, { lagMs: null, inUse: false, reason: "the primary's position is unknown" });
        standby.state = 'unchecked';
        return;
      }
      standby.lagMs = lagOf(this.samples, standby.replay, Date.now());
      standby.inUse = standby.lagMs <= this.options.maxLagMs;
      standby.state = standby.inUse ? 'in_use' : 'lagging';
      standby.reason = standby.inUse
        ? null
        : `${standby.lagMs} ms behind the primary (the bound is ${this.options.maxLagMs} ms)`;
    } catch (error) {
      this.leaveOut(standby, error);
    }
  }

  /** Leaves a standby out until the next round finds it well: it did not answer. */
  leaveOut(standby: Standby, error: unknown): void {
    standby.inUse = false;
    standby.state = 'unreachable';
    standby.role = 'unknown';
    const code = (error as { code?: unknown }).code;
    standby.reason = `does not answer${typeof code === 'string' ? ` (${code})` : ''}: ${
      (error as Error).message ?? String(error)
    }`;
  }

  /**
   * A standby to read from, in turn among those in use, that has replayed `after` (a position the reader
   * must see, from its read-your-writes token) when given; null: read from the primary.
   */
  pick(after: bigint | null): Standby | null {
    const count = this.standbys.length;
    for (let step = 0; step < count; step++) {
      const standby = this.standbys[(this.next + step) % count];
      if (!standby?.inUse) continue;
      if (after !== null && (standby.replay === null || standby.replay < after)) continue;
      this.next = (this.next + step + 1) % count;
      return standby;
    }
    return null;
  }

  /** The primary's WAL position now: every transaction committed before the call is at or before it. */
  async primaryPosition(): Promise<bigint> {
    const { rows } = await this.primary.query<{ lsn: string }>(
      'select pg_current_wal_insert_lsn()::text as lsn',
    );
    if (!rows[0]) throw new Error('the primary gave no WAL position');
    return parseLsn(rows[0].lsn);
  }

  status(): StandbyStatus[] {
    return this.standbys.map((standby) => ({
      name: standby.name,
      address: standby.address,
      inUse: standby.inUse,
      state: standby.state,
      role: standby.role,
      lagMs: standby.lagMs,
      replayLsn: standby.replay === null ? null : formatLsn(standby.replay),
      reason: standby.reason,
    }));
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const resolve of this.waiting) resolve();
    this.waiting = [];
    await Promise.all(this.standbys.map((standby) => standby.pool.end()));
  }
}

/** One node as `portal db status` prints it. */
export interface NodeStatus {
  /** 'primary' (DATABASE_URL), 'standby 1'… (DATABASE_READ_URL). */
  name: string;
  address: string;
  /** What the node says it is; 'unreachable' when it did not answer. */
  role: 'primary' | 'standby' | 'unreachable';
  /** Its WAL position: written (a primary) or replayed (a standby). */
  position: string | null;
  /** Bytes of WAL the standby has not replayed; 0 for the primary. */
  lagBytes: number | null;
  /**
   * Milliseconds: 0 when the standby has replayed all the primary had written, else the age of the last
   * transaction it replayed (an upper bound of how old what it shows is); 0 for the primary.
   */
  lagMs: number | null;
  /** For a standby: whether reads would go to it under the bound (the server's own check decides). */
  state: StandbyState | null;
  error: string | null;
}

/**
 * Each configured node's role and lag, asked once (`portal db status`): the primary's position, then each
 * standby's, each within CHECK_TIMEOUT_MS. A standby's lag here is measured on the standby (the age of its last
 * replayed transaction), where the server measures it on the primary's clock between its rounds.
 */
export async function checkNodes(
  primaryUrl: string,
  readUrls: readonly string[],
  maxLagMs: number,
): Promise<NodeStatus[]> {
  const ask = async <Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row | undefined> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
    client.on('error', () => {});
    try {
      await within(CHECK_TIMEOUT_MS, client.connect());
      return (await within(CHECK_TIMEOUT_MS, client.query<Row>(text))).rows[0];
    } finally {
      await client.end().catch(() => {});
    }
  };
  const failed = (name: string, url: string, error: unknown): NodeStatus => ({
    name,
    address: nodeAddress(url),
    role: 'unreachable',
    position: null,
    lagBytes: null,
    lagMs: null,
    state: name === 'primary' ? null : 'unreachable',
    error: (error as Error).message ?? String(error),
  });
  let primaryPosition: bigint | null = null;
  let primary: NodeStatus;
  try {
    const row = await ask<{ recovery: boolean; lsn: string | null }>(
      primaryUrl,
      'select pg_is_in_recovery() as recovery, case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end::text as lsn',
    );
    primaryPosition = row?.lsn ? parseLsn(row.lsn) : null;
    primary = {
      name: 'primary',
      address: nodeAddress(primaryUrl),
      role: row?.recovery ? 'standby' : 'primary',
      position: row?.lsn ?? null,
      lagBytes: 0,
      lagMs: 0,
      state: null,
      error: null,
    };
  } catch (error) {
    primary = failed('primary', primaryUrl, error);
  }
  const standbys = await Promise.all(
    readUrls.map(async (url, index): Promise<NodeStatus> => {
      const name = `standby ${index + 1}`;
      try {
        const row = await ask<{ recovery: boolean; replay: string | null; since_ms: string | null }>(
          url,
          `select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replay,
             (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::bigint::text as since_ms`,
        );
        const replay = row?.replay ? parseLsn(row.replay) : null;
        const caughtUp = replay !== null && primaryPosition !== null && replay >= primaryPosition;
        const lagMs = caughtUp ? 0 : row?.since_ms ? Math.max(0, Number(row.since_ms)) : null;
        const lagBytes =
          replay !== null && primaryPosition !== null
            ? Number(primaryPosition > replay ? primaryPosition - replay : 0n)
            : null;
        const state: StandbyState = !row?.recovery
          ? 'not_standby'
          : lagMs === null
            ? 'unchecked'
            : lagMs <= maxLagMs
              ? 'in_use'
              : 'lagging';
        return {
          name,
          address: nodeAddress(url),
          role: row?.recovery ? 'standby' : 'primary',
          position: row?.replay ?? null,
          lagBytes,
          lagMs,
          state,
          error: null,
        };
      } catch (error) {
        return failed(name, url, error);
      }
    }),
  );
  return [primary, ...standbys];
}
