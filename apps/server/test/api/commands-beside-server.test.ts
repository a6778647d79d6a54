/**
 * `portal` commands while the portal runs on the same DATA_DIR (decision 0028), with the real server as a
 * child process answering requests meanwhile: tariffs, an account, a NEM12 import and a mail run, each shown
 * by the running portal at once. On PGlite (the embedded default) the commands are handed to the server,
 * which runs them on its own database; on PostgreSQL (DATABASE_URL) they run on their own, as always. Then
 * the server's side of the hand-over on its own: the token, the code version, progress, and a clean stop.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { addDays, usageResponseSchema, WEEKLY_EMAIL, weekStart } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { type CommandServer, serveCommands } from '../../src/cli/command-server.ts';
import { CONTROL_FILE, HAND_OVER_PROTOCOL, readControlFile } from '../../src/cli/hand-over.ts';
import type { ProgressSpec } from '../../src/cli/progress.ts';
import { tableFingerprints } from '../../src/db/backup.ts';
import { type DatabaseHandle, wrapPglite } from '../../src/db/index.ts';
import { createPglite } from '../../src/db/pglite.ts';
import { benchmarkProfile, generateNem12 } from '../../src/demo/nem12-generator.ts';
import { demoAccounts } from '../../src/demo/seed.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { runPortal, runPortalWith } from '../helpers/cli.ts';
import { testConfig } from '../helpers/config.ts';
import { createPostgresTestDatabase, createTestDatabase } from '../helpers/database.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const kind = inject('testDatabase').kind;
const NMI = '6203998877';
const ACCOUNT = 'beside-home';
const fixture = path.resolve(
  import.meta.dirname,
  '../fixtures/nem12/lenient/Distributor_download_V_without_400.csv',
);

describe(`portal commands beside the running portal (${kind})`, () => {
  let server: ServerProcess;
  let dataDir: string;
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  const portal = (...argv: string[]) => runPortalWith(env, ...argv);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-beside-'));
    env = { DATA_DIR: dataDir };
    if (kind === 'postgres') {
      const database = await createPostgresTestDatabase();
      env.DATABASE_URL = database.url;
      drop = database.drop;
    }
    server = await startServerProcess(env);
  }, 90_000);

  afterAll(async () => {
    await server?.kill();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Requests the portal answers all the while: every answer must be a 200. */
  function keepRequesting() {
    let running = true;
    const statuses: number[] = [];
    // A failed request counts as status 0 and ends the loop, so a test that fails before it stops the loop
    // leaves no request running into the server's end.
    const loop = (async () => {
      while (running) {
        for (const url of ['/api/health', '/api/config']) {
          const status = await fetch(`${server.origin}${url}`).then(
            (response) => response.status,
            () => 0,
          );
          statuses.push(status);
          if (status === 0) running = false;
        }
      }
    })();
    onTestFinished(() => {
      running = false;
    });
    return async () => {
      running = false;
      await loop;
      return statuses;
    };
  }

  const usage = async (from?: string) => {
    const response = await fetch(
      `${server.origin}/api/tracker/usage?account_id=${ACCOUNT}${from ? `&from=${from}` : ''}`,
    );
    expect(response.status).toBe(200);
    return usageResponseSchema.parse(await response.json());
  };

  const commandsRunByServer = () =>
    server.logs.filter((line) => line.msg === 'portal command ended').map((line) => line.command);

  it('loads tariffs, creates an account, imports NEM12 and sends the email while the portal answers, which shows each at once', {
    timeout: 120_000,
  }, async () => {
    const stop = keepRequesting();
    const files = fs.mkdtempSync(path.join(dataDir, 'files-'));
    fs.writeFileSync(path.join(files, 'tariffs.json'), JSON.stringify(Object.values(demoTariffs)));
    const tariffs = await portal('tariffs', 'import', path.join(files, 'tariffs.json'));
    expect(tariffs).toMatchObject({ code: 0, err: [] });

    const created = await portal(
      'accounts',
      'create',
      '--nmi',
      NMI,
      '--id',
      ACCOUNT,
      '--email',
      `${ACCOUNT}@customers.example`,
      '--tariff',
      demoTariffs.flat.code,
    );
    expect(created.code).toBe(0);
    expect(created.out[0]).toBe(ACCOUNT);
    // The account answers at once, with no data yet.
    expect((await usage()).current_week.insights.usage_kwh).toBeNull();

    // A folder with a distributor's download (V days without 400 records) and the last six weeks, up to
    // next Sunday so that next Monday's weekly snapshot has a whole week.
    const nextMonday = addDays(weekStart(suiteToday()), 7);
    fs.copyFileSync(fixture, path.join(files, 'a-download.csv'));
    fs.writeFileSync(
      path.join(files, 'b-recent.csv'),
      [
        ...generateNem12(
          [{ nmi: NMI, profile: benchmarkProfile(4) }],
          addDays(nextMonday, -42),
          addDays(nextMonday, -1),
        ),
      ].join(''),
    );
    const refused = await portal('import', 'nem12', files);
    expect(refused.code).toBe(1);
    expect(refused.out[0]).toBe('2 files: 1 imported, 1 rejected.');
    const imported = await portal('import', 'nem12', '--lenient', '--json', files);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.out.join('\n'))).toMatchObject({ imported: 2, rejected: 0, warnings: 4 });

    // The running portal shows the imported days at once: the week of yesterday (this week has no whole day on
    // a Monday), and the download's V days estimated.
    const thisWeek = await usage(weekStart(addDays(suiteToday(), -1)));
    expect(thisWeek.current_week.insights.usage_kwh).toBeGreaterThan(0);
    const march = (await usage('2024-03-01')).current_week.intervals;
    expect([march[4]?.estimated_share, march[5]?.estimated_share]).toEqual([0, 1]);

    // The customer subscribes in the portal; the mail run sends the snapshot next Monday.
    const subscribed = await fetch(`${server.origin}/api/tracker/subscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_id: ACCOUNT, data: { type: WEEKLY_EMAIL, subscribed: true } }),
    });
    expect(subscribed.status).toBe(200);
    const mail = await portal('mail', 'send-due', '--now', nextMonday, '--json');
    expect(mail.code).toBe(0);
    // (On PostgreSQL the test database also holds the demo accounts, whose snapshots are due too.)
    const sent = JSON.parse(mail.out.join('\n'));
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    expect(sent.not_sent.map((row: { public_id: string }) => row.public_id)).not.toContain(ACCOUNT);
    const period = addDays(nextMonday, -7);
    expect(fs.existsSync(path.join(dataDir, 'outbox', `snapshot-${period}-weekly-${ACCOUNT}.eml`))).toBe(
      true,
    );

    const statuses = await stop();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // PGlite: every command ran in the server; PostgreSQL: none did. The server logs a command's end after it
    // has answered the command, so the last line may reach this process after the command has exited.
    await expect
      .poll(commandsRunByServer)
      .toEqual(
        kind === 'pglite'
          ? ['tariffs import', 'accounts create', 'import nem12', 'import nem12', 'mail send-due']
          : [],
      );
  });

  it.runIf(kind === 'pglite')(
    'takes a backup of the running embedded database that holds the same data',
    { timeout: 60_000 },
    async () => {
      const backup = path.join(dataDir, 'running.tar.gz');
      expect((await portal('db', 'backup', backup)).code).toBe(0);
      const copy = await createPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(backup)]) });
      try {
        const original = await portal('db', 'fingerprint');
        const restored = (await tableFingerprints(wrapPglite(copy).db)).map(
          (table) => `${table.table}\t${table.rows}\t${table.md5}`,
        );
        expect(restored).toEqual(original.out);
        expect(restored.find((line) => line.startsWith('public.accounts\t'))).toMatch(/\t1\t/);
      } finally {
        await copy.close();
      }
    },
  );

  it.runIf(kind === 'pglite')(
    'runs commands on their own again once the server has stopped',
    { timeout: 60_000 },
    async () => {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, CONTROL_FILE))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'portal.sock'))).toBe(false);
      const list = await portal('accounts', 'list', '--json');
      expect(list.code).toBe(0);
      expect(
        JSON.parse(list.out.join('\n')).accounts.map((row: { public_id: string }) => row.public_id),
      ).toEqual([ACCOUNT]);
    },
  );
});

describe.runIf(kind === 'pglite')('the server side of the hand-over', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let commands: CommandServer;
  const logs: string[] = [];
  const saved = process.env.DATA_DIR;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-hand-over-'));
    process.env.DATA_DIR = dataDir;
    database = await createTestDatabase();
    commands = await serveCommands({
      dataDir,
      database,
      config: testConfig({ DATA_DIR: dataDir }),
      log: { info: (_, message) => logs.push(message), warn: (_, message) => logs.push(message) },
    });
  });

  afterAll(async () => {
    await commands?.close();
    await database?.close();
    if (saved === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends one raw request line and returns the answer's messages. */
  async function raw(request: unknown): Promise<Record<string, unknown>[]> {
    const socket = net.connect(commands.socket);
    socket.write(`${typeof request === 'string' ? request : JSON.stringify(request)}\n`);
    let text = '';
    for await (const chunk of socket) text += chunk;
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  }

  it('writes the control file and socket for the owner only', () => {
    const control = readControlFile(dataDir);
    expect(control).toMatchObject({ pid: process.pid, socket: commands.socket });
    expect(fs.statSync(path.join(dataDir, CONTROL_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(commands.socket).mode & 0o777).toBe(0o600);
  });

  it('refuses a wrong token, another code version and a malformed request, running nothing', async () => {
    const control = readControlFile(dataDir);
    const request = {
      protocol: HAND_OVER_PROTOCOL,
      schema: 'x',
      token: control?.token,
      argv: ['accounts', 'create', '--nmi', '6000000001', '--id', 'must-not-exist'],
      cwd: dataDir,
      interactive: false,
    };
    expect(await raw({ ...request, token: 'a'.repeat(43) })).toEqual([
      { err: 'error: the portal server refused the command: wrong token' },
      { exit: 1 },
    ]);
    const [other] = await raw(request);
    expect(String(other?.err)).toMatch(
      /runs other code than this command .*this command x\): restart the server/,
    );
    expect(await raw('not json')).toEqual([{ err: 'error: not a portal command request' }, { exit: 1 }]);
    expect((await runPortal('accounts', 'list')).out).not.toContain('must-not-exist');
  });

  it("shows the server's progress and output on the operator's side, and the exit code", async () => {
    logs.length = 0;
    const bars: { spec: ProgressSpec; updates: number[]; stopped: boolean }[] = [];
    const out: string[] = [];
    const err: string[] = [];
    const { runCli } = await import('../../src/cli/main.ts');
    const code = await runCli(['events', 'settle'], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      interactive: false,
      progress: (spec) => {
        const bar = { spec, updates: [] as number[], stopped: false };
        bars.push(bar);
        return {
          update: (done) => bar.updates.push(done),
          increment: () => {},
          setTotal: () => {},
          log: (line) => out.push(line),
          stop: () => {
            bar.stopped = true;
          },
        };
      },
    });
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out.at(-1)).toMatch(/^Settled \d+ events?; \d+ accounts? still missing data\.$/);
    expect(bars).toHaveLength(1);
    expect(bars[0]?.spec).toMatchObject({ label: 'Settling', unit: 'event' });
    expect(bars[0]?.updates.at(-1)).toBe(bars[0]?.spec.total);
    expect(bars[0]?.stopped).toBe(true);
    expect(logs.filter((line) => line.startsWith('portal command'))).toEqual([
      'portal command started',
      'portal command ended',
    ]);
  });

  // Handed to this in-process server, the commands run on the test database (the demo data) at no cost of
  // opening one: the place for the --json results of the list and settle commands.
  it('prints one JSON object with --json on the list and settle commands', async () => {
    const json = async (...argv: string[]) => {
      const result = await runPortal(...argv, '--json');
      expect(result.code, result.err.join('\n')).toBe(0);
      expect(result.out).toHaveLength(1);
      return JSON.parse(result.out[0] as string);
    };
    const { accounts } = await json('accounts', 'list');
    expect(accounts.find((row: { public_id: string }) => row.public_id === 'demo-home')).toMatchObject({
      client_code: 'BRIGHTSIDE',
      nmi: '6001000001',
      market_segment: 'residential',
      email: 'demo-home@customers.example',
    });
    const { tariffs } = await json('tariffs', 'list');
    expect(tariffs.find((row: { code: string }) => row.code === demoTariffs.flat.code)).toEqual({
      code: demoTariffs.flat.code,
      name: demoTariffs.flat.name,
      accounts: demoAccounts.filter((account) =>
        account.tariffs.some((tariff) => tariff.code === demoTariffs.flat.code),
      ).length,
      definition: demoTariffs.flat,
    });
    const { events } = await json('events', 'list');
    // Six past events and the one still to come (issue 29).
    expect(events).toHaveLength(7);
    expect(events[0]).toMatchObject({
      reference: 'demo-event-0',
      status: 'complete',
      invited: 2,
      settled: 0,
    });
    expect(events[0].starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T18:00:00\+10:00$/);
    expect(await json('events', 'settle')).toMatchObject({
      settled: 1,
      missing: 2,
      events: [{ reference: 'demo-event-0', state: 'settled', missing: [{ public_id: 'demo-home' }, {}] }],
    });
    expect((await json('offers', 'happy-hours', 'list')).participants).toMatchObject([
      { public_id: 'demo-happy', opted_in: true, time_slot: '11:00-13:00' },
      { public_id: 'demo-home', opted_in: false, time_slot: null },
    ]);
    expect((await json('offers', 'here-for-you', 'list')).participants).toMatchObject([
      { public_id: 'demo-happy', opted_in: false },
      { public_id: 'demo-home', opted_in: true },
    ]);
    const week = addDays(weekStart(suiteToday()), -7);
    const settled = await json('offers', 'here-for-you', 'settle', '--week', week);
    expect(Object.keys(settled).sort()).toEqual(
      [
        'already_settled',
        'awaiting_data',
        'credited',
        'no_baseline',
        'not_credited',
        'not_eligible',
        'participants',
        'week_end',
        'week_start',
      ].sort(),
    );
    // demo-happy opted out during the week; demo-home is settled (or, on the day after the data, awaited).
    expect(settled).toMatchObject({
      week_start: week,
      week_end: addDays(week, 6),
      participants: 2,
      not_eligible: 1,
    });
    expect(settled.credited + settled.not_credited + settled.awaiting_data).toBe(1);
  });

  it('stops taking commands on close and removes its files', async () => {
    await commands.close();
    expect(fs.existsSync(path.join(dataDir, CONTROL_FILE))).toBe(false);
    expect(fs.existsSync(commands.socket)).toBe(false);
    // Without a server the command runs on its own (and here meets no database lock: the test holds none).
    expect(readControlFile(dataDir)).toBeNull();
  });
});
