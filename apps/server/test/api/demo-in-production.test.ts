/**
 * Demo only where asked (issue 25 item 3), with the real server as a child process and the real CLI, on a
 * database seeded with the demo data (the run's template), PGlite and PostgreSQL: with NODE_ENV=production a
 * start on the demo accounts is refused with one line saying what to do unless DEMO_SEED=true is given
 * explicitly; `portal demo seed` and `reset` refuse likewise; `mail send-due` mails no demo account; and
 * `portal demo remove` takes the demo data away, after which production starts and a real account stays.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { demoAccountIds } from '@portal/contracts';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { restorePglite } from '../../src/db/backup.ts';
import { openDatabase } from '../../src/db/index.ts';
import { drEvents } from '../../src/db/schema/reduce-and-reward.ts';
import { accounts, meterReads, tariffs } from '../../src/db/schema.ts';
import { demoAccounts } from '../../src/demo/seed.ts';
import { runPortalWith } from '../helpers/cli.ts';
import { createPostgresTestDatabase, pgliteTemplate } from '../helpers/database.ts';
import { refusedServerStart, startServerProcess } from '../helpers/server-process.ts';

const info = inject('testDatabase');
const REAL = { id: 'real-home-0001', nmi: '6203998877' };

describe(`demo accounts in production (${info.kind})`, () => {
  let dataDir: string;
  /** Where the database is: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  let where: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  const production = (extra: Record<string, string> = {}) => ({
    ...where,
    NODE_ENV: 'production',
    DEMO_SEED: '',
    ...extra,
  });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-production-'));
    where = { DATA_DIR: dataDir, DATABASE_URL: '' };
    if (info.kind === 'postgres') {
      const database = await createPostgresTestDatabase();
      where.DATABASE_URL = database.url;
      drop = database.drop;
    } else {
      // The template as `portal db backup` writes it (gzipped), restored as an operator would.
      const backup = path.join(dataDir, 'template.tar.gz');
      fs.writeFileSync(backup, zlib.gzipSync(await pgliteTemplate()));
      await restorePglite(dataDir, backup);
      fs.rmSync(backup);
    }
  }, 60_000);
  afterAll(async () => {
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function readDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
    const handle = await openDatabase({
      databaseUrl: where.DATABASE_URL || undefined,
      dataDir,
      poolSize: 1,
    });
    try {
      return await read(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('refuses a production start on the demo accounts with one line saying what to do', async () => {
    for (const demoSeed of ['', 'false']) {
      const start = await refusedServerStart(production({ DEMO_SEED: demoSeed }));
      expect(start.exit, `DEMO_SEED=${demoSeed}: ${start.stdout}${start.stderr}`).toBe(1);
      const lines = start.stderr.trim().split('\n');
      expect(lines, start.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/demo accounts \(demo-home, .*\)/);
      expect(lines[0]).toContain('portal demo remove');
      expect(lines[0]).toContain('DEMO_SEED=true');
      expect(start.stdout).toBe('');
    }
  }, 90_000);

  it('starts in production with DEMO_SEED=true given explicitly: a demo deployment', async () => {
    const server = await startServerProcess(production({ DEMO_SEED: 'true' }));
    try {
      const usage = await fetch(`${server.origin}/api/tracker/usage?account_id=${demoAccountIds.home}`);
      expect(usage.status).toBe(200);
    } finally {
      await server.kill();
    }
  }, 90_000);

  it('refuses portal demo seed and reset in production unless DEMO_SEED=true is given', async () => {
    for (const command of ['seed', 'reset']) {
      const refused = await runPortalWith(production(), 'demo', command);
      expect(refused.code, refused.err.join('\n')).toBe(1);
      expect(refused.err).toEqual([expect.stringContaining('DEMO_SEED=true')]);
      expect(refused.out).toEqual([]);
    }
    const seeded = await runPortalWith(production({ DEMO_SEED: 'true' }), 'demo', 'seed');
    expect(seeded.code, seeded.err.join('\n')).toBe(0);
    expect(seeded.out[0]).toBe(`Demo accounts: 0 created, ${demoAccounts.length} already present.`);
  }, 90_000);

  it('mails no demo account in production, however due their snapshots and invitations are', async () => {
    const sent = await runPortalWith(production({ DEMO_SEED: 'true' }), 'mail', 'send-due', '--json');
    expect(sent.code, sent.err.join('\n')).toBe(0);
    const summary = JSON.parse(sent.out[0] as string);
    // demo-home and demo-happy weekly, demo-solar monthly: each due at once after the seed.
    expect(summary.claimed).toBe(3);
    expect(summary.sent).toBe(0);
    expect(summary.not_sent).toHaveLength(3);
    for (const snapshot of summary.not_sent) {
      expect(snapshot.status).toBe('skipped');
      expect(snapshot.reason).toBe('a demo account: never mailed in production');
    }
    const outbox = path.join(dataDir, 'outbox');
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).toEqual([]);
    // Nor their Reduce & Reward invitations (demo-home and demo-solar, to the event still to come).
    const events = await runPortalWith(production({ DEMO_SEED: 'true' }), 'mail', 'events', '--json');
    expect(events.code, events.err.join('\n')).toBe(0);
    const eventSummary = JSON.parse(events.out[0] as string);
    expect(eventSummary).toMatchObject({ claimed: 2, sent: 0, skipped: 2 });
    for (const email of eventSummary.not_sent) {
      expect(email).toMatchObject({
        kind: 'invitation',
        status: 'skipped',
        reason: 'a demo account: never mailed in production',
      });
    }
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).toEqual([]);
    const badTime = await runPortalWith(production(), 'mail', 'events', '--now', '2026-13-01');
    expect(badTime.code).toBe(1);
    expect(badTime.err.join('\n')).toContain('or a date as YYYY-MM-DD');
  }, 90_000);

  it('portal demo remove takes the demo data away; production then starts and the real account stays', async () => {
    const created = await runPortalWith(
      production(),
      'accounts',
      'create',
      '--nmi',
      REAL.nmi,
      '--id',
      REAL.id,
    );
    expect(created.code, created.err.join('\n')).toBe(0);
    const removed = await runPortalWith(production(), 'demo', 'remove');
    expect(removed.code, removed.err.join('\n')).toBe(0);
    expect(removed.out[0]).toMatch(new RegExp(`^Demo data removed: ${demoAccounts.length} accounts, `));

    const left = await readDatabase(async (db) => ({
      accounts: (await db.select({ id: accounts.publicId }).from(accounts)).map((row) => row.id),
      demoReads: await db
        .select({ nmi: meterReads.nmi })
        .from(meterReads)
        .where(
          inArray(
            meterReads.nmi,
            demoAccounts.map((account) => account.nmi),
          ),
        )
        .limit(1),
      demoEvents: await db.select().from(drEvents).where(like(drEvents.reference, 'demo-event-%')),
      plans: await db.select().from(tariffs).where(like(tariffs.code, 'PLAN-%')),
    }));
    expect(left).toEqual({ accounts: [REAL.id], demoReads: [], demoEvents: [], plans: [] });

    const server = await startServerProcess(production());
    try {
      const demo = await fetch(`${server.origin}/api/accounts/customer?account_id=${demoAccountIds.home}`);
      expect(demo.status).toBe(401);
      const real = await fetch(`${server.origin}/api/accounts/customer?account_id=${REAL.id}`);
      expect(real.status).toBe(200);
    } finally {
      await server.kill();
    }
  }, 90_000);
});
