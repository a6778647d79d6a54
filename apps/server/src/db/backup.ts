/**
 * Backup and restore of the portal's database (docs/reliability.md, Data safety). PostgreSQL: `pg_dump` in its
 * custom format, restored with `pg_restore` into an empty database in one transaction. PGlite (DATA_DIR): the
 * whole data directory as a gzipped tarball (`dumpDataDir`), restored with `loadDataDir` into an empty
 * DATA_DIR; the data-directory lock keeps the server from writing meanwhile. Table fingerprints (row count and
 * md5 of the ordered rows, per table) show that a restore holds exactly what was backed up.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { makePrivateDir, PRIVATE_FILE_MODE, tightenTree } from '../lib/private-files.ts';
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
  // One snapshot for every table, read-only so that it also runs on a standby: while the portal writes,
  // the lines still describe one moment, and a standby that has replayed to that moment prints the same.
  return db.transaction(async (tx) => tableFingerprintsIn(tx as unknown as Database), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function tableFingerprintsIn(db: Database): Promise<TableFingerprint[]> {
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

/** Anything at the name, a dangling symbolic link included, is an existing file: never replaced. */
function checkNewFile(file: string) {
  let taken = true;
  try {
    fs.lstatSync(file);
  } catch {
    taken = false;
  }
  if (taken) throw new BackupError(`${file} already exists: choose another file name`);
  const directory = path.dirname(path.resolve(file));
  if (!fs.existsSync(directory)) throw new BackupError(`No such folder: ${directory}`);
}

/**
 * The backup is written beside its final name and given that name at the end: never a half file under it. The
 * temporary is created exclusively (O_EXCL: a link planted at its name is refused, not followed), 0600, under
 * a random name; the final name is a hard link, which fails on anything there, a link included.
 */
async function writeExclusively(file: string, write: (fd: number) => Promise<void>): Promise<number> {
  checkNewFile(file);
  const directory = path.dirname(path.resolve(file));
  const temporary = path.join(
    directory,
    `.${path.basename(file)}.${crypto.randomBytes(8).toString('hex')}.partial`,
  );
  const fd = fs.openSync(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    try {
      await write(fd);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new BackupError(`${file} already exists: choose another file name`);
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
      // A file system without hard links (FAT on a removable disk): renamed, once nothing took the name.
      checkNewFile(file);
      fs.renameSync(temporary, file);
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return fs.lstatSync(file).size;
}

/**
 * The connection string without its password, and the password: a tool's command line is visible to every
 * local user (`ps`), its environment only to ours, so the password goes to the tool as PGPASSWORD. libpq takes
 * it from the user part (percent-encoded) or from a `password` parameter; the rest is passed as it was.
 */
export function splitPassword(databaseUrl: string): { url: string; password: string | null } {
  const url = new URL(databaseUrl);
  let password = url.password ? decodeURIComponent(url.password) : null;
  url.password = '';
  const kept: string[] = [];
  for (const parameter of url.search.replace(/^\?/, '').split('&')) {
    if (!parameter) continue;
    const [name = '', value = ''] = parameter.split(/=(.*)/s);
    if (decodeURIComponent(name) === 'password') password = decodeURIComponent(value);
    else kept.push(parameter);
  }
  url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  return { url: url.toString(), password };
}

/** The most of a tool's error output kept for the message. */
const MAX_STDERR_BYTES = 64 * 1024;

/**
 * Runs pg_dump or pg_restore on the database, its password in PGPASSWORD (`args` builds the command line from
 * the connection string without it), standard output into `stdout` when given. A failure is one line of the
 * tool's own error output, the password masked should the tool have repeated it: never its command line.
 */
function runTool(
  tool: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  args: (url: string) => string[],
  stdout?: number,
): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  // The tool inherits this process's environment, as it would without `env`; PGPASSWORD is added to it.
  const env = password === null ? process.env : { ...process.env, PGPASSWORD: password };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args(url), { env, stdio: ['ignore', stdout ?? 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (stderr.length < MAX_STDERR_BYTES) stderr += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} not found: install the PostgreSQL client tools (e.g. apt-get install postgresql-client)`
            : `${tool} could not be started: ${error.code ?? error.message}`,
        ),
      );
    });
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      let detail = stderr.trim().split('\n').slice(0, 3).join(' ');
      if (password) {
        for (const form of new Set([password, encodeURIComponent(password)])) {
          detail = detail.split(form).join('***');
        }
      }
      const ended = signal ? `killed by ${signal}` : `exit code ${code}`;
      reject(new BackupError(detail ? `${tool} failed: ${detail}` : `${tool} failed (${ended})`));
    });
  });
}

/**
 * pg_dump of the whole database in the custom format (compressed; pg_restore can pick tables from it), written
 * to the backup's own file descriptor: pg_dump opens no file by name.
 */
export function backupPostgres(databaseUrl: string, file: string): Promise<number> {
  return writeExclusively(file, (fd) =>
    runTool('pg_dump', databaseUrl, (url) => ['--format=custom', '--no-owner', '--no-privileges', url], fd),
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
  await runTool('pg_restore', databaseUrl, (url) => [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
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
  return writeExclusively(file, async (fd) => fs.writeFileSync(fd, bytes));
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
      // PGlite rewrites some of its files readable by all when it opens and closes.
      tightenTree(dataDir);
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
  makePrivateDir(dataDir);
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
    // PGlite writes the loaded files readable by all.
    tightenTree(dataDir);
  } finally {
    release();
  }
}
