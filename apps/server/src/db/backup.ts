/**
 * Backup and restore of the portal's database (docs/reliability.md, Data safety). PostgreSQL: `pg_dump` in its
 * custom format, restored with `pg_restore` into an empty database in one transaction. PGlite (DATA_DIR): the
 * whole data directory as a gzipped tarball (`dumpDataDir`), restored with `loadDataDir` into an empty
 * DATA_DIR; the data-directory lock keeps the server from writing meanwhile. Table fingerprints (row count and
 * md5 of the ordered rows, per table) show that a restore holds exactly what was backed up.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Database } from './index.ts';
import { createPglite } from './pglite.ts';

/** A backup or restore the operator can act on: one clear line. */
export class BackupError extends Error {}

export interface TableFingerprint {
  table: string;
  rows: number;
  md5: string;
}

/** Raw query rows: node-postgres and PGlite both answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every table's row count and the md5 of its rows in a fixed order (partitioned tables through their parent,
 * so that a missing partition shows as missing rows). Two databases with equal fingerprints hold the same data.
 */
export async function tableFingerprints(db: Database): Promise<TableFingerprint[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`
    select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    order by 1`,
  );
  const fingerprints: TableFingerprint[] = [];
  for (const { name } of tables) {
    const [row] = await rowsOf<{ rows: string | number; md5: string }>(
      db,
      sql.raw(
        `select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as md5 from ${name} t`,
      ),
    );
    fingerprints.push({ table: name, rows: Number(row?.rows ?? 0), md5: String(row?.md5) });
  }
  return fingerprints;
}

const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function fileStart(file: string, length: number): Buffer {
  let handle: number | undefined;
  try {
    handle = fs.openSync(file, 'r');
    const buffer = Buffer.alloc(length);
    const read = fs.readSync(handle, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT' ? `No such backup file: ${file}` : `Cannot read ${file}: ${code}`,
    );
  } finally {
    if (handle !== undefined) fs.closeSync(handle);
  }
}

/** The backup is written beside its final name and renamed at the end: never a half file under that name. */
function checkNewFile(file: string) {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose another file name`);
  const directory = path.dirname(path.resolve(file));
  if (!fs.existsSync(directory)) throw new BackupError(`No such folder: ${directory}`);
}

async function writeAtomically(file: string, write: (temporary: string) => Promise<void>): Promise<number> {
  checkNewFile(file);
  const directory = path.dirname(path.resolve(file));
  const temporary = path.join(directory, `.${path.basename(file)}.${process.pid}.partial`);
  try {
    await write(temporary);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return fs.statSync(file).size;
}

function runTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(
          new BackupError(
            `${tool} not found: install the PostgreSQL client tools (e.g. apt-get install postgresql-client)`,
          ),
        );
      }
      const detail = String(stderr).trim().split('\n').slice(0, 3).join(' ');
      reject(new BackupError(`${tool} failed: ${detail || error.message}`));
    });
  });
}

/** pg_dump of the whole database in the custom format (compressed; pg_restore can pick tables from it). */
export function backupPostgres(databaseUrl: string, file: string): Promise<number> {
  return writeAtomically(file, (temporary) =>
    runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${temporary}`,
      databaseUrl,
    ]),
  );
}

/** pg_restore into an empty database, all or nothing. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const start = fileStart(file, PG_DUMP_MAGIC.length);
  if (start.toString('latin1') !== PG_DUMP_MAGIC) {
    throw new BackupError(
      start.subarray(0, 2).equals(GZIP_MAGIC)
        ? `${file} is a backup of an embedded database: restore it without DATABASE_URL, into an empty DATA_DIR`
        : `${file} is not a backup made by "portal db backup" (pg_dump custom format)`,
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string }>(
      `select count(*) as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]?.tables) > 0) {
      throw new BackupError(
        'The database of DATABASE_URL is not empty: restore into a new database (createdb), then point the portal at it',
      );
    }
  } finally {
    await client.end();
  }
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

const pgDataDirOf = (dataDir: string) => path.join(dataDir, 'pgdata');

/**
 * An open embedded database's data directory as a gzipped tarball. Taken inside a transaction of its own after
 * a checkpoint: PGlite runs one transaction at a time, so no other is half done in the copy, and every
 * committed change is in the data files (the running server backs up this way; decision 0028).
 */
export async function backupPgliteClient(client: PGlite, file: string): Promise<number> {
  checkNewFile(file);
  let dump: Blob | File | undefined;
  await client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    dump = await client.dumpDataDir('gzip');
  });
  const bytes = Buffer.from(await (dump as Blob).arrayBuffer());
  return writeAtomically(file, async (temporary) => fs.writeFileSync(temporary, bytes));
}

/** The embedded database's data directory as a gzipped tarball, taken under the DATA_DIR lock. */
export async function backupPglite(dataDir: string, file: string): Promise<number> {
  const pgDataDir = pgDataDirOf(dataDir);
  if (!fs.existsSync(pgDataDir)) throw new BackupError(`No embedded database in ${dataDir}`);
  checkNewFile(file);
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await createPglite(pgDataDir);
    try {
      return await backupPgliteClient(client, file);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Loads a backup into a DATA_DIR that holds no database yet. */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  const start = fileStart(file, PG_DUMP_MAGIC.length);
  if (start.toString('latin1') === PG_DUMP_MAGIC) {
    throw new BackupError(
      `${file} is a pg_dump backup: restore it with DATABASE_URL set to an empty database`,
    );
  }
  if (!start.subarray(0, 2).equals(GZIP_MAGIC)) {
    throw new BackupError(`${file} is not a backup made by "portal db backup"`);
  }
  const pgDataDir = pgDataDirOf(dataDir);
  if (fs.existsSync(pgDataDir) && fs.readdirSync(pgDataDir).length > 0) {
    throw new BackupError(
      `${dataDir} already holds a database: restore into a new DATA_DIR, or move ${pgDataDir} away first`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    let client: PGlite;
    try {
      client = await createPglite(pgDataDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    } catch (error) {
      fs.rmSync(pgDataDir, { recursive: true, force: true });
      throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
    }
    await client.close();
  } finally {
    release();
  }
}
