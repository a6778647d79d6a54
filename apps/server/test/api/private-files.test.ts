/**
 * Nothing the portal writes is readable by another local user (issue 25 item 2, docs/access.md "Files on the
 * server"): after each command that writes (and a server's start and stop), every folder of DATA_DIR is 0700 and
 * no file carries a bit for the group or others; a DATA_DIR an older version left readable by all is tightened
 * when a command or the server starts; the command socket's fallback, when DATA_DIR's path is too long for a
 * socket, is a folder of the server's own that no one can take first. Embedded database (api:pglite) only: with
 * DATABASE_URL the portal writes no database files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CommandServer, serveCommands } from '../../src/cli/command-server.ts';
import { readControlFile } from '../../src/cli/hand-over.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { createPglite } from '../../src/db/pglite.ts';
import { runPortalWith } from '../helpers/cli.ts';
import { testConfig } from '../helpers/config.ts';
import { createTestDatabase, pgliteTemplate } from '../helpers/database.ts';
import { countEntries, loosen, modeOf, sharedEntries } from '../helpers/file-modes.ts';
import { startServerProcess } from '../helpers/server-process.ts';

const info = inject('testDatabase');
// Made only where the tests run: on PostgreSQL every test is skipped, and with them this file's afterAll.
const workDir = info.kind === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-private-')) : '';
afterAll(() => {
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** A DATA_DIR holding the run's migrated demo data, loaded as PGlite loads it (its files 0666). */
async function demoDataDir(name: string): Promise<string> {
  if (info.kind !== 'pglite') throw new Error('PGlite projects only');
  const dataDir = path.join(workDir, name);
  fs.mkdirSync(dataDir);
  const client = await createPglite(path.join(dataDir, 'pgdata'), {
    loadDataDir: new Blob([await pgliteTemplate()]),
  });
  await client.close();
  return dataDir;
}

const portalOn = (dataDir: string, ...argv: string[]) =>
  runPortalWith({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' }, ...argv);

describe.runIf(info.kind === 'pglite')('files the portal writes (embedded database)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await demoDataDir('demo');
  });

  it('makes a new DATA_DIR private on a first command (its PGlite files included)', async () => {
    const fresh = path.join(workDir, 'fresh', 'data');
    const migrated = await portalOn(fresh, 'db', 'migrate');
    expect(migrated.err).toEqual([]);
    expect(migrated.code).toBe(0);
    expect(countEntries(fresh)).toBeGreaterThan(900);
    expect(sharedEntries(fresh)).toEqual([]);
  });

  it('tightens a DATA_DIR an older version left readable by all, when a command starts', async () => {
    fs.mkdirSync(path.join(dataDir, 'outbox'));
    fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'To: someone@example.com\r\n\r\nhello\r\n');
    loosen(dataDir);
    expect(sharedEntries(dataDir).length).toBeGreaterThan(900);

    const listed = await portalOn(dataDir, 'accounts', 'list', '--json');
    expect(listed.code).toBe(0);
    expect(sharedEntries(dataDir)).toEqual([]);
  });

  it('writes the mail outbox for the owner only (portal mail send-due)', async () => {
    const sent = await portalOn(dataDir, 'mail', 'send-due', '--json');
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.out.join('\n')).sent).toBeGreaterThan(0);
    const written = fs.readdirSync(path.join(dataDir, 'outbox')).filter((name) => name !== 'old.eml');
    expect(written.length).toBeGreaterThan(0);
    expect(written.every((name) => name.endsWith('.eml'))).toBe(true);
    expect(sharedEntries(dataDir)).toEqual([]);
  });

  it('writes email previews for the owner only (portal mail preview), in DATA_DIR or a new folder', async () => {
    const inOutbox = await portalOn(dataDir, 'mail', 'preview', 'demo-home');
    expect(inOutbox.err).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'outbox', 'preview'))).toHaveLength(3);
    expect(sharedEntries(dataDir)).toEqual([]);

    const elsewhere = path.join(workDir, 'previews', 'november');
    const outside = await portalOn(dataDir, 'mail', 'preview', 'demo-home', '--out', elsewhere);
    expect(outside.code).toBe(0);
    expect(fs.readdirSync(elsewhere)).toHaveLength(3);
    expect(sharedEntries(path.join(workDir, 'previews'))).toEqual([]);
  });

  it('writes the demo data for the owner only (portal demo seed, demo reset)', async () => {
    expect((await portalOn(dataDir, 'demo', 'seed')).code).toBe(0);
    expect(sharedEntries(dataDir)).toEqual([]);
    expect((await portalOn(dataDir, 'demo', 'reset')).code).toBe(0);
    expect(sharedEntries(dataDir)).toEqual([]);
  });

  it('writes a backup 0600 and restores into a private DATA_DIR (portal db backup, db restore)', {
    timeout: 120_000,
  }, async () => {
    const file = path.join(workDir, 'portal.backup.tar.gz');
    const backup = await portalOn(dataDir, 'db', 'backup', file);
    expect(backup.err).toEqual([]);
    expect(modeOf(file)).toBe(0o600);
    expect(sharedEntries(dataDir)).toEqual([]);

    const restored = path.join(workDir, 'restored');
    const restore = await portalOn(restored, 'db', 'restore', file);
    expect(restore.err).toEqual([]);
    expect(restore.code).toBe(0);
    expect(countEntries(restored)).toBeGreaterThan(900);
    expect(sharedEntries(restored)).toEqual([]);
  });

  it('starts the server on a new DATA_DIR private, with a umask for anything else, and stops it so', {
    timeout: 120_000,
  }, async () => {
    const fresh = path.join(workDir, 'server-data');
    const server = await startServerProcess({ DATA_DIR: fresh });
    try {
      const control = readControlFile(fresh);
      expect(control?.socket).toBe(path.join(fresh, 'portal.sock'));
      expect(sharedEntries(fresh)).toEqual([]);
      const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
      expect(status).toMatch(/^Umask:\s+0077$/m);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(countEntries(fresh)).toBeGreaterThan(900);
    expect(sharedEntries(fresh)).toEqual([]);
  });

  it('tightens a loose DATA_DIR when the server starts', { timeout: 120_000 }, async () => {
    loosen(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(sharedEntries(dataDir)).toEqual([]);
    } finally {
      await server.kill();
    }
  });
});

describe.runIf(info.kind === 'pglite')("the command socket's fallback, beside a long DATA_DIR", () => {
  // Too long for a socket address (about 100 bytes), so the socket cannot be in DATA_DIR.
  const longDataDir = path.join(workDir, `long-${'d'.repeat(100)}`);
  let database: DatabaseHandle;
  const started: CommandServer[] = [];
  const logs: string[] = [];
  const serve = () =>
    serveCommands({
      dataDir: longDataDir,
      database,
      config: testConfig({ DATA_DIR: longDataDir }),
      log: { info: (_, message) => logs.push(message), warn: (_, message) => logs.push(message) },
    }).then((commands) => {
      started.push(commands);
      return commands;
    });

  beforeAll(async () => {
    fs.mkdirSync(longDataDir, { mode: 0o700 });
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const commands of started) await commands.close();
    await database?.close();
  });

  it('is a folder of its own, 0700, with a name no one can know first, removed when the server stops', async () => {
    // What the fallback used to be: a name in the shared temporary folder anyone could work out and take first.
    const digest = crypto.createHash('sha256').update(longDataDir).digest('hex').slice(0, 16);
    const predictable = path.join(os.tmpdir(), `portal-${digest}.sock`);
    fs.mkdirSync(predictable);
    try {
      const first = await serve();
      const folder = path.dirname(first.socket);
      expect(path.dirname(folder)).toBe(os.tmpdir());
      const stats = fs.lstatSync(folder);
      expect(stats.isDirectory()).toBe(true);
      expect(stats.uid).toBe(process.getuid?.());
      expect(stats.mode & 0o777).toBe(0o700);
      expect(readControlFile(longDataDir)?.socket).toBe(first.socket);
      expect(modeOf(first.socket)).toBe(0o600);

      // A command handed over through it runs.
      const listed = await runPortalWith({ DATA_DIR: longDataDir, DATABASE_URL: '' }, 'accounts', 'list');
      expect(listed.err).toEqual([]);
      expect(listed.code).toBe(0);
      expect(logs).toEqual(['portal command started', 'portal command ended']);

      await first.close();
      expect(fs.existsSync(folder)).toBe(false);
      const second = await serve();
      expect(path.dirname(second.socket)).not.toBe(folder);
      await second.close();
    } finally {
      fs.rmSync(predictable, { recursive: true, force: true });
    }
  });
});
