/**
 * Backup and restore (docs/reliability.md, Data safety) through the operator commands: `portal db backup` of a
 * database holding the demo data (accounts, partitioned meter reads, events, subscriptions, everything), then
 * `portal db restore` into a new one, and every table's fingerprint (row count, md5 of the ordered rows) is the
 * same. On PGlite (a DATA_DIR) in the api:pglite project; with pg_dump and pg_restore on PostgreSQL in the
 * api:postgres project (TEST_DATABASE_URL), each in databases of its own.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SurveyProfile } from '@portal/contracts';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TableFingerprint, tableFingerprints } from '../../src/db/backup.ts';
import { type Database, openDatabase, wrapPostgres } from '../../src/db/index.ts';
import { createPglite } from '../../src/db/pglite.ts';
import { accounts } from '../../src/db/schema.ts';
import { insertWebInteraction } from '../../src/domains/interactions/queries.ts';
import { saveProfile } from '../../src/domains/profiles/queries.ts';
import { linkSecret } from '../../src/domains/subscriptions/links.ts';
import { runPortal } from '../helpers/cli.ts';
import { testConfig } from '../helpers/config.ts';
import { createTestDatabase, pgliteTemplate } from '../helpers/database.ts';
import { modeOf } from '../helpers/file-modes.ts';
import { databaseUrlFor } from '../helpers/postgres-url.ts';
import { recordingTools } from '../helpers/recording-tools.ts';

const info = inject('testDatabase');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** Points the CLI at a PostgreSQL database, or at an embedded one in a DATA_DIR. */
function useDatabase(target: { url: string } | { dataDir: string }) {
  if ('url' in target) process.env.DATABASE_URL = target.url;
  else {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = target.dataDir;
  }
}

/** Rows in the tables the demo data leaves empty: a visit, a survey answer, the email link secret. */
async function addActivity(db: Database) {
  const [account] = await db.select().from(accounts).limit(1);
  if (!account) throw new Error('no demo account');
  await insertWebInteraction(db, {
    accountId: account.id,
    type: 'tracker_ui_visit',
    source: 'trust',
    pageName: 'landing',
    url: 'http://localhost:3000/',
    eventTime: new Date('2026-11-20T09:15:00.000Z'),
  });
  await saveProfile(db, {
    accountId: account.id,
    segment: 'residential',
    answers: { backup: 'test' } as unknown as SurveyProfile,
    source: 'backup test',
  });
  await linkSecret(db, testConfig());
}

/** The demo data reaches every area: a restore that lost one would show here. */
function expectDemoData(fingerprints: TableFingerprint[]) {
  const rows = new Map(fingerprints.map((table) => [table.table.replace(/^public\./, ''), table.rows]));
  for (const table of [
    'accounts',
    'meter_reads',
    'tariffs',
    'subscriptions',
    'drizzle.__drizzle_migrations',
  ]) {
    expect(rows.get(table), table).toBeGreaterThan(0);
  }
  expect([...rows.keys()].some((name) => /event/.test(name) && (rows.get(name) ?? 0) > 0)).toBe(true);
}

describe.skipIf(info.kind !== 'pglite')('the embedded database (DATA_DIR)', () => {
  const source = path.join(workDir, 'source');
  const restored = path.join(workDir, 'restored');
  const file = path.join(workDir, 'portal.backup.tar.gz');
  let original: TableFingerprint[];

  const fingerprintsOf = async (dataDir: string) => {
    const handle = await openDatabase({ dataDir, migrate: false });
    try {
      return await tableFingerprints(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    if (info.kind !== 'pglite') return;
    // A DATA_DIR holding the demo data: the run's migrated, seeded template, loaded into a folder.
    const template = new Blob([await pgliteTemplate()]);
    fs.mkdirSync(source, { recursive: true });
    const client = await createPglite(path.join(source, 'pgdata'), { loadDataDir: template });
    await client.close();
    const handle = await openDatabase({ dataDir: source, migrate: false });
    await addActivity(handle.db);
    await handle.close();
    original = await fingerprintsOf(source);
    expectDemoData(original);
  });

  // A backup, a restore and a fingerprint of every table: well over 30 s when the two cores are shared.
  it('backs up a DATA_DIR and restores it into a new one, every table the same', {
    timeout: 120_000,
  }, async () => {
    useDatabase({ dataDir: source });
    const backup = await runPortal('db', 'backup', file);
    expect(backup.err).toEqual([]);
    expect(backup.code).toBe(0);
    expect(backup.out.join('\n')).toMatch(/Backed up the embedded database to .* MB\)/);

    useDatabase({ dataDir: restored });
    const restore = await runPortal('db', 'restore', file);
    expect(restore.err).toEqual([]);
    expect(restore.code).toBe(0);
    expect(restore.out.join('\n')).toContain(`${original.length} tables`);

    // `portal db fingerprint` on the restored DATA_DIR: what an operator compares after a restore.
    const printed = await runPortal('db', 'fingerprint');
    expect(printed.code).toBe(0);
    expect(printed.out).toEqual(original.map((table) => `${table.table}\t${table.rows}\t${table.md5}`));
  });

  it('refuses, with a clear message, what would lose or mix data', async () => {
    useDatabase({ dataDir: source });
    const overwrite = await runPortal('db', 'backup', file);
    expect(overwrite.code).toBe(1);
    expect(overwrite.err.join('\n')).toContain('already exists');

    useDatabase({ dataDir: restored });
    const intoExisting = await runPortal('db', 'restore', file);
    expect(intoExisting.code).toBe(1);
    expect(intoExisting.err.join('\n')).toContain('already holds a database');

    const notABackup = path.join(workDir, 'notes.txt');
    fs.writeFileSync(notABackup, 'hello');
    useDatabase({ dataDir: path.join(workDir, 'empty') });
    const wrongFile = await runPortal('db', 'restore', notABackup);
    expect(wrongFile.code).toBe(1);
    expect(wrongFile.err.join('\n')).toContain('is not a backup made by "portal db backup"');
    const missing = await runPortal('db', 'restore', path.join(workDir, 'nothing-here'));
    expect(missing.err.join('\n')).toContain('No such backup file');
    expect(fs.existsSync(path.join(workDir, 'empty', 'pgdata'))).toBe(false);
  });

  it('creates the backup exclusively, 0600, never writing through a link planted at its names', async () => {
    useDatabase({ dataDir: source });
    const victim = path.join(workDir, 'victim.txt');
    fs.writeFileSync(victim, 'not a backup');
    // A link at the file's own name, pointing where nothing is yet: refused as an existing file.
    const linked = path.join(workDir, 'linked.tar.gz');
    fs.symlinkSync(path.join(workDir, 'through-the-link'), linked);
    const refused = await runPortal('db', 'backup', linked);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toContain('already exists');
    expect(fs.existsSync(path.join(workDir, 'through-the-link'))).toBe(false);

    // A link at the temporary name the backup used to write first (its name and the process id).
    const file = path.join(workDir, 'planted.tar.gz');
    fs.symlinkSync(victim, path.join(workDir, `.planted.tar.gz.${process.pid}.partial`));
    const backup = await runPortal('db', 'backup', file);
    expect(backup.err).toEqual([]);
    expect(backup.code).toBe(0);
    expect(fs.readFileSync(victim, 'utf8')).toBe('not a backup');
    expect(fs.lstatSync(file).isFile()).toBe(true);
    expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(modeOf(file)).toBe(0o600);
  });
});

describe.skipIf(info.kind !== 'postgres')('PostgreSQL (pg_dump, pg_restore)', () => {
  const file = path.join(workDir, 'portal.pgdump');
  let source: Awaited<ReturnType<typeof createTestDatabase>>;
  let targetName = '';
  let serverUrl = '';
  let original: TableFingerprint[];

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (info.kind !== 'postgres') return;
    serverUrl = info.serverUrl;
    source = await createTestDatabase();
    await addActivity(source.db);
    original = await tableFingerprints(source.db);
    expectDemoData(original);
    // Named like the run's other databases, so that the run's cleanup drops it even after a crash.
    targetName = `portal_test_${info.runId}_restore_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${targetName}`);
  });
  afterAll(async () => {
    if (targetName) await admin(`drop database if exists ${targetName} with (force)`);
    await source?.close();
  });

  /** The URL with a password of its own (the test server trusts local connections, docs/testing.md). */
  const withPassword = (url: string) => {
    const parsed = new URL(url);
    parsed.password = password;
    return parsed.toString();
  };
  const password = `pw-${randomBytes(6).toString('hex')}`;
  let tools: ReturnType<typeof recordingTools> | undefined;
  afterEach(() => tools?.restore());

  it('dumps a database and restores it into a fresh one, every table the same', async () => {
    const target = databaseUrlFor(serverUrl, targetName);
    // pg_dump and pg_restore recorded as `ps` would show them: the password only ever in their environment.
    tools = recordingTools(path.join(workDir, 'bin'), ['pg_dump', 'pg_restore'], 'run-the-real-tool');
    useDatabase({ url: withPassword(source.url as string) });
    const backup = await runPortal('db', 'backup', file);
    expect(backup.err).toEqual([]);
    expect(backup.code).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');
    expect(modeOf(file)).toBe(0o600);

    useDatabase({ url: withPassword(target) });
    const restore = await runPortal('db', 'restore', file);
    expect(restore.err).toEqual([]);
    expect(restore.code).toBe(0);
    const runs = tools.runs();
    tools.restore();
    expect(runs.map((run) => run.tool)).toEqual(['pg_dump', 'pg_restore']);
    for (const run of runs) {
      expect(run.password).toBe(password);
      expect(run.argv.filter((arg) => arg.includes(password))).toEqual([]);
    }

    const handle = wrapPostgres(new pg.Pool({ connectionString: target, max: 1 }));
    try {
      expect(await tableFingerprints(handle.db)).toEqual(original);
    } finally {
      await handle.close();
    }

    // Restoring over data is refused, and changes nothing.
    const again = await runPortal('db', 'restore', file);
    expect(again.code).toBe(1);
    expect(again.err.join('\n')).toContain('not empty');
  });

  it('prints no password when the tools fail', async () => {
    // A connection string libpq does not take for one: pg_dump names it whole as the database it cannot find.
    useDatabase({ url: `pg://portal:${password}@127.0.0.1:5432/portal` });
    const backup = await runPortal('db', 'backup', path.join(workDir, 'never.pgdump'));
    expect(backup.code).toBe(1);
    expect(backup.err.join('\n')).toMatch(/^error: pg_dump failed/);
    // Nothing answers on port 1.
    useDatabase({ url: `postgres://portal:${password}@127.0.0.1:1/portal` });
    const restore = await runPortal('db', 'restore', file);
    expect(restore.code).toBe(1);
    expect(restore.err.join('\n')).toMatch(/^error: /);
    for (const output of [backup, restore]) {
      expect([...output.out, ...output.err].join('\n')).not.toContain(password);
    }
    expect(fs.existsSync(path.join(workDir, 'never.pgdump'))).toBe(false);
  });
});
