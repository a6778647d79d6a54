/**
 * A private PostgreSQL cluster for one test file (initdb + pg_ctl in a temporary folder, on a free port), for
 * tests that stop and start the database server: never the shared one. Needs the PostgreSQL server binaries
 * (Debian's postgresql package: /usr/lib/postgresql/<version>/bin); as root, runs them as the postgres user.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest installed server binaries, or null when there are none. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** Whether a private cluster can be made here: the binaries, and as root a postgres user to run them. */
export function canRunPrivatePostgres(): boolean {
  if (!postgresBinaries()) return false;
  if (process.getuid?.() !== 0) return true;
  return fs.existsSync('/usr/sbin/runuser') || fs.existsSync('/sbin/runuser');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Stops the server (fast mode: sessions are ended, transactions rolled back) and waits until it is down. */
  stop(): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it if running and removes its folder. */
  destroy(): Promise<void>;
}

/**
 * The environment without libfaketime's moved clock (scripts/test-on-dates.mjs): a test file's own cluster runs
 * on the real time, because under a moved clock PostgreSQL's timers never fire (`set statement_timeout = 300;
 * select pg_sleep(2)` runs its 2 s under libfaketime 0.9.10 with any offset but 0), and these clusters are where
 * the tests of statement timeouts and lock waits run. Their subject is the database's faults, not the calendar.
 */
function realClockEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const real = { ...env };
  delete real.LD_PRELOAD;
  for (const name of Object.keys(real)) if (name.startsWith('FAKETIME')) delete real[name];
  return real;
}

/**
 * A private cluster; with `standbyOf`, a hot standby of that one instead of a new cluster: a base backup of it
 * (pg_basebackup -R: standby.signal and primary_conninfo), streaming from it as a hot standby does.
 */
export async function startPrivatePostgres(
  options: {
    standbyOf?: PrivatePostgres;
    /**
     * The environment of the server's commands beside this process's (the dated runs' moved clock:
     * scripts/test-on-dates.mjs); without it, this process's environment on the real clock.
     */
    env?: Record<string, string>;
  } = {},
): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('the PostgreSQL server binaries are not installed');
  const asRoot = process.getuid?.() === 0;
  // As root, in /tmp: the postgres user must be able to reach the folder (TMPDIR may be root's own).
  const dir = fs.mkdtempSync(path.join(asRoot ? '/tmp' : os.tmpdir(), 'portal-private-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) {
    // initdb refuses root: the folder belongs to the postgres user, which runs every command.
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const env = options.env ? { ...process.env, ...options.env } : realClockEnv(process.env);
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { env })
      : run(path.join(bin, tool), args, { env });
  const port = await freePort();
  if (options.standbyOf) {
    const from = options.standbyOf.port;
    await pg('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(from), '-U', 'postgres', '-D', dataDir],
      ...['-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
  } else {
    await pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  }
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const log = path.join(dir, 'server.log');
  let running = false;
  const start = async () => {
    await pg('pg_ctl', ['start', '-w', '-t', '120', '-D', dataDir, '-l', log, '-o', serverOptions]);
    running = true;
  };
  const stop = async () => {
    await pg('pg_ctl', ['stop', '-w', '-t', '120', '-m', 'fast', '-D', dataDir]);
    running = false;
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      if (running) await pg('pg_ctl', ['stop', '-w', '-t', '120', '-m', 'immediate', '-D', dataDir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
