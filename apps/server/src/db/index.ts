/**
 * Opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set (docs/contracts.md). Same
 * schema, same migrations, same queries; `Database` is the driver-independent Drizzle type the code uses.
 */
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { makePrivateDir, tightenTree } from '../lib/private-files.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { createPglite } from './pglite.ts';
import { enginePreparingClient } from './pglite-prepared.ts';
import { ReadReplicas, survivePoolErrors } from './replicas.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance of an embedded database (a backup taken by the running server dumps it). */
  pglite?: PGlite;
  /** Cheap round trip for health checks. */
  ping(): Promise<void>;
  /**
   * The health check's round trip, with the role of the node DATABASE_URL reaches: 'primary', or 'standby'
   * when it is in recovery (a failover that did not move the URL yet). The embedded database is a primary.
   */
  role(): Promise<'primary' | 'standby'>;
  /** DATABASE_READ_URL's standbys and their check (decision 0044); absent without any. */
  replicas?: ReadReplicas;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Serialises migrations across instances starting at once on one PostgreSQL server. */
const MIGRATION_LOCK_KEY = 7_350_201;

export async function migratePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // A standby replays its primary's migrations and can apply none itself: commands that only read
    // (`portal db fingerprint`, `portal db status`) run on it as it is, and one that writes is refused at its
    // first write (SQLSTATE 25006, a clear message in the CLI).
    const { rows } = await client.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
    if (rows[0]?.recovery) return;
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

export function wrapPglite(client: PGlite, onClose?: () => void): DatabaseHandle {
  const db = drizzlePglite(enginePreparingClient(client), { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    role: async () => {
      await client.query('select 1');
      return 'primary';
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose?.();
    },
  };
}

export function wrapPostgres(pool: pg.Pool, replicas?: ReadReplicas): DatabaseHandle {
  // A connection the server closes (restart, failover, dropped database) must not crash the process, idle
  // or checked out; the next query reconnects or answers 503.
  survivePoolErrors(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    role: async () => {
      const { rows } = await pool.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
      return rows[0]?.recovery ? 'standby' : 'primary';
    },
    ...(replicas ? { replicas } : {}),
    close: async () => {
      await replicas?.close();
      await pool.end();
    },
  };
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Apply pending migrations before returning (the server and CLI always do). */
  migrate?: boolean;
  poolSize?: number;
  /**
   * PostgreSQL cancels a statement running longer than this (statement_timeout; the server sets it, the CLI's
   * long imports do not): a request stuck behind a lock or on a runaway query answers 503 instead of hanging.
   */
  statementTimeoutMs?: number;
  /** Standbys to read from (DATABASE_READ_URL; PostgreSQL only), checked in the background from the start. */
  readUrls?: readonly string[];
  readMaxLagMs?: number;
  readCheckMs?: number;
}

/** Every connection runs its prepared statements on one generic plan (below). */
const CONNECTION_OPTIONS = '-c plan_cache_mode=force_generic_plan';

/** Opens (and by default migrates) the configured database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) {
    if (shouldMigrate) await migratePostgres(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Fail fast instead of hanging when the server is away (or every connection is busy): requests then
      // answer 503. Also the longest wait for a free connection of the pool.
      connectionTimeoutMillis: 5_000,
      // Prepared statements keep one generic plan, pruned to the partitions it reads when it runs: with
      // PostgreSQL's default (auto) a query over monthly partitions was planned again on every execution,
      // which cost more than running it (decision 0021, "Plans").
      options: CONNECTION_OPTIONS,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    let replicas: ReadReplicas | undefined;
    if (options.readUrls && options.readUrls.length > 0) {
      replicas = new ReadReplicas(pool, options.readUrls, {
        maxLagMs: options.readMaxLagMs ?? 10_000,
        checkMs: options.readCheckMs ?? 1_000,
        poolSize: options.poolSize ?? 10,
        statementTimeoutMs: options.statementTimeoutMs,
        connectionOptions: CONNECTION_OPTIONS,
      });
      replicas.start();
    }
    return wrapPostgres(pool, replicas);
  }
  const { dataDir } = options;
  makePrivateDir(dataDir);
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await createPglite(path.join(dataDir, 'pgdata'));
    // PGlite makes its files readable by all (0666), and rewrites some so when it opens and closes: they are
    // taken back to this user's own after each (docs/access.md, "Files on the server").
    tightenTree(dataDir);
    if (shouldMigrate) await migratePglite(drizzlePglite(client), { migrationsFolder });
    return wrapPglite(client, () => {
      try {
        tightenTree(dataDir);
      } finally {
        release();
      }
    });
  } catch (error) {
    release();
    throw error;
  }
}
