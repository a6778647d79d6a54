/**
 * The failover set-up of decision 0046, on this machine, under one fresh directory: etcd (Patroni's lock),
 * two PostgreSQL nodes under Patroni (a primary and a synchronous standby), HAProxy in front (one address that
 * is always the primary, one for the standbys), and one portal instance on them. `npm run ha -- up | status |
 * kill-primary | down` (./main.ts) and the failover test drive it through these functions; every process it
 * starts is written down in `<dir>/ha.json`, so that `down` stops exactly those.
 *
 * The settings files are deploy/ha/patroni.yml and deploy/ha/haproxy.cfg, filled in here with the ports and
 * folders. As root, PostgreSQL refuses to run: Patroni, etcd and HAProxy then run as the postgres user.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const templates = path.join(repoRoot, 'deploy', 'ha');
const STATE_FILE = 'ha.json';
const NODE_NAMES = ['node1', 'node2'] as const;

/** A set-up the operator asked for cannot be made or found: one clear line. */
export class HaError extends Error {}

export interface HaPorts {
  etcdClient: number;
  etcdPeer: number;
  /** HAProxy's address of the primary: PRIMARY_URL, the portal's DATABASE_URL. */
  primary: number;
  /** HAProxy's address of the standbys: the portal's DATABASE_READ_URL. */
  standbys: number;
  portal: number;
  nodes: { postgres: number; patroni: number }[];
}

export interface HaNode {
  name: string;
  pgPort: number;
  restPort: number;
  dir: string;
}

/** What `up` started: read back by every other command. */
export interface HaState {
  dir: string;
  ports: HaPorts;
  nodes: HaNode[];
  primaryUrl: string;
  standbysUrl: string;
  portalUrl: string | null;
  /** Each process started, by role ('etcd', 'patroni node1', 'haproxy', 'portal'), with its binary. */
  processes: { role: string; pid: number; binary: string }[];
}

/** One node as Patroni's GET /cluster shows it, or as found when its Patroni does not answer. */
export interface HaNodeStatus {
  name: string;
  /** primary, sync_standby, standby, or down (not in the cluster: its Patroni or PostgreSQL away). */
  role: 'primary' | 'sync_standby' | 'standby' | 'down';
  /** Patroni's state of its PostgreSQL: running, streaming, starting, stopped, crashed… ('-' when down). */
  state: string;
  /** Bytes of WAL the node has not replayed (0 on the primary); null when unknown. */
  lagBytes: number | null;
  timeline: number | null;
  address: string;
}

export const postgresBinDir = (): string | null => {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const version = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(root, version, 'bin') : null;
};

/** The programs the set-up needs, each with the Debian package that has it; the missing ones. */
export function missingPrograms(): string[] {
  const missing: string[] = [];
  if (!postgresBinDir()) missing.push('PostgreSQL server binaries (apt-get install postgresql)');
  for (const [program, pkg] of [
    ['patroni', 'patroni'],
    ['etcd', 'etcd-server'],
    ['haproxy', 'haproxy'],
  ] as const) {
    if (!findProgram(program)) missing.push(`${program} (apt-get install ${pkg})`);
  }
  return missing;
}

function findProgram(name: string): string | null {
  for (const dir of ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']) {
    const candidate = path.join(dir, name);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

function program(name: string): string {
  const found = findProgram(name);
  if (!found) throw new HaError(`${name} is not installed: ${missingPrograms().join('; ')}`);
  return found;
}

const asRoot = () => process.getuid?.() === 0;

/** uid and gid of the postgres user, which runs the cluster's processes when this runs as root. */
function postgresUser(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** A command line, run as the postgres user when this runs as root. */
function asClusterUser(binary: string, args: string[]): [string, string[]] {
  if (!asRoot()) return [binary, args];
  return [
    program('setpriv'),
    ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', binary, ...args],
  ];
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Ports from `base` on (base, base+1, …), or free ones chosen by the system. */
export async function choosePorts(base?: number): Promise<HaPorts> {
  let next = base;
  const port = async () => (next === undefined ? freePort() : next++);
  return {
    etcdClient: await port(),
    etcdPeer: await port(),
    primary: await port(),
    standbys: await port(),
    portal: await port(),
    nodes: [
      { postgres: await port(), patroni: await port() },
      { postgres: await port(), patroni: await port() },
    ],
  };
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`deploy/ha: no value for ${whole}`);
    return value;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value (not undefined), or fails with `what` after `timeoutMs`. */
async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      // A check that knows waiting cannot help (a process that exited) ends the wait.
      if (error instanceof HaError) throw error;
      last = error;
    }
    if (Date.now() > deadline) {
      throw new HaError(
        `${what}: not after ${timeoutMs / 1000} s${last ? ` (${(last as Error).message})` : ''}`,
      );
    }
    await sleep(200);
  }
}

async function getJson(url: string, timeoutMs = 2_000): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}

function startDetached(
  state: HaState,
  role: string,
  binary: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; clusterUser?: boolean; log: string; cwd?: string },
): ChildProcess {
  const [command, commandArgs] = options.clusterUser === false ? [binary, args] : asClusterUser(binary, args);
  const log = fs.openSync(options.log, 'a', 0o600);
  try {
    const child = spawn(command, commandArgs, {
      detached: true,
      stdio: ['ignore', log, log],
      env: options.env ?? process.env,
      cwd: options.cwd ?? state.dir,
    });
    if (!child.pid) throw new HaError(`${role} did not start (${binary})`);
    // setpriv execs the binary: the pid is the program's own.
    state.processes.push({ role, pid: child.pid, binary });
    writeState(state);
    child.unref();
    return child;
  } finally {
    fs.closeSync(log);
  }
}

export function writeState(state: HaState) {
  fs.writeFileSync(path.join(state.dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

export function readState(dir: string): HaState {
  const file = path.join(dir, STATE_FILE);
  if (!fs.existsSync(file)) throw new HaError(`${dir} holds no set-up started by "npm run ha -- up"`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as HaState;
}

/** The Patroni view of the cluster, from the first node whose REST API answers. */
async function clusterView(state: HaState) {
  for (const node of state.nodes) {
    try {
      const { status, body } = await getJson(`http://127.0.0.1:${node.restPort}/cluster`);
      if (status === 200) return body as { members?: PatroniMember[] };
    } catch {
      // this node's Patroni is away: ask the next
    }
  }
  return null;
}

interface PatroniMember {
  name: string;
  role: string;
  state: string;
  host: string;
  port: number;
  timeline?: number;
  lag?: number | string;
}

export async function clusterStatus(state: HaState): Promise<HaNodeStatus[]> {
  const view = await clusterView(state);
  return state.nodes.map((node): HaNodeStatus => {
    const member = view?.members?.find((m) => m.name === node.name);
    const address = `127.0.0.1:${node.pgPort}`;
    if (!member)
      return { name: node.name, role: 'down', state: '-', lagBytes: null, timeline: null, address };
    const role =
      member.role === 'leader' || member.role === 'master' || member.role === 'primary'
        ? 'primary'
        : member.role === 'sync_standby'
          ? 'sync_standby'
          : 'standby';
    // Patroni says 'unknown' for a standby it cannot measure.
    const lag = role === 'primary' ? 0 : typeof member.lag === 'number' ? member.lag : null;
    return {
      name: node.name,
      role,
      state: member.state,
      lagBytes: lag,
      timeline: member.timeline ?? null,
      address,
    };
  });
}

/** The node the primary address leads to now, or null when there is none (mid-failover). */
export async function currentPrimary(state: HaState): Promise<HaNode | null> {
  for (const node of state.nodes) {
    try {
      if ((await getJson(`http://127.0.0.1:${node.restPort}/primary`)).status === 200) return node;
    } catch {
      // away
    }
  }
  return null;
}

const running = (status: HaNodeStatus) => status.state === 'running' || status.state === 'streaming';

/** Waits until one node is the primary and another its synchronous standby, both running. */
export async function waitForSyncStandby(state: HaState, timeoutMs = 180_000): Promise<HaNodeStatus[]> {
  return waitFor('a primary with a synchronous standby streaming from it', timeoutMs, async () => {
    const nodes = await clusterStatus(state);
    const primary = nodes.find((n) => n.role === 'primary' && running(n));
    const standby = nodes.find((n) => n.role === 'sync_standby' && running(n));
    return primary && standby && (await currentPrimary(state))?.name === primary.name ? nodes : undefined;
  });
}

export interface UpOptions {
  dir: string;
  ports: HaPorts;
  /** Start the portal instance (default true); its environment is this process's, with the database's. */
  portal?: boolean;
  /** Seed the demo accounts (DEMO_SEED) in the portal instance (default true). */
  demo?: boolean;
  /** Extra environment for the portal instance. */
  portalEnv?: Record<string, string>;
  log?: (line: string) => void;
}

/**
 * Starts everything under `dir` (which must not exist or be empty) and waits until the portal answers its
 * health check with the primary behind it and a synchronous standby streaming. On failure, stops what it
 * started and leaves the directory for the logs.
 */
export async function haUp(options: UpOptions): Promise<HaState> {
  const missing = missingPrograms();
  if (missing.length > 0) throw new HaError(`missing: ${missing.join('; ')}`);
  const log = options.log ?? (() => {});
  const { dir, ports } = options;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new HaError(`${dir} is not empty: the set-up starts in a fresh directory`);
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const bin = postgresBinDir() as string;
  const nodes: HaNode[] = NODE_NAMES.map((name, index) => ({
    name,
    pgPort: (ports.nodes[index] as { postgres: number }).postgres,
    restPort: (ports.nodes[index] as { patroni: number }).patroni,
    dir: path.join(dir, name),
  }));
  const primaryUrl = `postgres://postgres:postgres@127.0.0.1:${ports.primary}/portal`;
  const standbysUrl = `postgres://postgres:postgres@127.0.0.1:${ports.standbys}/portal`;
  const state: HaState = { dir, ports, nodes, primaryUrl, standbysUrl, portalUrl: null, processes: [] };
  writeState(state);
  try {
    for (const node of nodes) fs.mkdirSync(node.dir, { mode: 0o700 });
    fs.mkdirSync(path.join(dir, 'etcd'), { mode: 0o700 });
    const haproxyConfig = path.join(dir, 'haproxy.cfg');
    const server = (node: HaNode) =>
      `    server ${node.name} 127.0.0.1:${node.pgPort} check port ${node.restPort}`;
    fs.writeFileSync(
      haproxyConfig,
      fill(fs.readFileSync(path.join(templates, 'haproxy.cfg'), 'utf8'), {
        PRIMARY_PORT: String(ports.primary),
        STANDBYS_PORT: String(ports.standbys),
        PRIMARY_SERVERS: nodes.map(server).join('\n'),
        STANDBY_SERVERS: nodes.map(server).join('\n'),
      }),
    );
    for (const node of nodes) {
      fs.writeFileSync(
        path.join(node.dir, 'patroni.yml'),
        fill(fs.readFileSync(path.join(templates, 'patroni.yml'), 'utf8'), {
          NAME: node.name,
          REST_PORT: String(node.restPort),
          PG_PORT: String(node.pgPort),
          NODE_DIR: node.dir,
          BIN_DIR: bin,
          ETCD_HOSTS: `127.0.0.1:${ports.etcdClient}`,
        }),
      );
    }
    if (asRoot()) {
      const { uid, gid } = postgresUser();
      for (const entry of [dir, ...fs.readdirSync(dir, { recursive: true }).map(String)]) {
        fs.chownSync(entry === dir ? dir : path.join(dir, entry), uid, gid);
      }
    }

    log('starting etcd');
    const etcdUrl = `http://127.0.0.1:${ports.etcdClient}`;
    const peerUrl = `http://127.0.0.1:${ports.etcdPeer}`;
    startDetached(
      state,
      'etcd',
      program('etcd'),
      [
        ...['--name', 'portal-ha', '--data-dir', path.join(dir, 'etcd', 'data')],
        ...['--listen-client-urls', etcdUrl, '--advertise-client-urls', etcdUrl],
        ...['--listen-peer-urls', peerUrl, '--initial-advertise-peer-urls', peerUrl],
        ...['--initial-cluster', `portal-ha=${peerUrl}`, '--initial-cluster-state', 'new'],
      ],
      { log: path.join(dir, 'etcd', 'etcd.log') },
    );
    await waitFor('etcd answering', 60_000, async () => {
      const { status } = await getJson(`${etcdUrl}/health`);
      return status === 200 ? true : undefined;
    });

    log('starting PostgreSQL under Patroni on two nodes');
    const patroniEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8' };
    for (const node of nodes) {
      startDetached(state, `patroni ${node.name}`, program('patroni'), [path.join(node.dir, 'patroni.yml')], {
        env: patroniEnv,
        log: path.join(node.dir, 'patroni.log'),
      });
    }

    log('starting HAProxy');
    startDetached(state, 'haproxy', program('haproxy'), ['-db', '-f', haproxyConfig], {
      log: path.join(dir, 'haproxy.log'),
    });

    await waitForSyncStandby(state);
    // The portal's database, made through the primary's address (so through HAProxy, as the portal goes).
    await waitFor('the primary address answering', 60_000, async () => {
      const client = new pg.Client({
        connectionString: primaryUrl.replace(/\/portal$/, '/postgres'),
        connectionTimeoutMillis: 2_000,
      });
      await client.connect();
      try {
        const exists = await client.query('select 1 from pg_database where datname = $1', ['portal']);
        if (exists.rowCount === 0) await client.query('create database portal');
        return true;
      } finally {
        await client.end();
      }
    });

    if (options.portal !== false) {
      log('starting the portal');
      const portalUrl = `http://127.0.0.1:${ports.portal}`;
      startDetached(
        state,
        'portal',
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'apps', 'server', 'src', 'main.ts')],
        {
          clusterUser: false,
          // From the checkout: tsx and the server's packages resolve from there.
          cwd: repoRoot,
          log: path.join(dir, 'portal.log'),
          env: {
            ...process.env,
            DATABASE_URL: primaryUrl,
            DATABASE_READ_URL: standbysUrl,
            PORT: String(ports.portal),
            HOST: '127.0.0.1',
            PUBLIC_URL: portalUrl,
            DATA_DIR: path.join(dir, 'portal-data'),
            ...(options.demo === false ? { DEMO_SEED: 'false' } : { DEMO_SEED: 'true' }),
            ...options.portalEnv,
          },
        },
      );
      // The demo seed writes 15 months of meter data first: minutes on a busy machine.
      await waitFor('the portal answering its health check', 600_000, async () => {
        if (!isAlive(state.processes.find((p) => p.role === 'portal'))) {
          throw new HaError(`the portal exited: see ${path.join(dir, 'portal.log')}`);
        }
        const { status } = await getJson(`${portalUrl}/api/health`);
        return status === 200 ? true : undefined;
      });
      state.portalUrl = portalUrl;
      writeState(state);
    }
    return state;
  } catch (error) {
    await stopProcesses(state);
    throw error;
  }
}

/** Whether a recorded process is still the one started (not a pid the system gave to another since). */
function isAlive(entry: { pid: number; binary: string } | undefined): boolean {
  if (!entry) return false;
  try {
    const commandLine = fs.readFileSync(`/proc/${entry.pid}/cmdline`, 'utf8');
    const stat = fs.readFileSync(`/proc/${entry.pid}/stat`, 'utf8');
    // A zombie (Z) has ended: only its exit status is left for a parent that is not here.
    if (/^\d+ \(.*\) Z/.test(stat)) return false;
    return commandLine
      .split('\0')
      .some((part) => part === entry.binary || part.endsWith(path.basename(entry.binary)));
  } catch {
    return false;
  }
}

/** The postmaster's pid of a node, from its data directory's postmaster.pid; null when it is not running. */
export function postmasterPid(node: HaNode): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(node.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return commandLine.includes('postgres') ? pid : null;
  } catch {
    return null;
  }
}

/**
 * SIGKILL to the current primary's PostgreSQL (its postmaster): what a crash of the database server looks
 * like. Patroni then hands the primary over to the synchronous standby (primary_start_timeout 0).
 */
export async function killPrimary(state: HaState): Promise<{ node: HaNode; pid: number }> {
  const node = await currentPrimary(state);
  if (!node) throw new HaError('no node is the primary now (a failover in progress?): nothing was killed');
  const pid = postmasterPid(node);
  if (!pid)
    throw new HaError(`${node.name} is the primary but its PostgreSQL is not running: nothing was killed`);
  process.kill(pid, 'SIGKILL');
  return { node, pid };
}

async function waitForExit(entry: { pid: number; binary: string }, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(entry)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

async function stopProcess(entry: { pid: number; binary: string }, timeoutMs: number) {
  if (!isAlive(entry)) return;
  try {
    process.kill(entry.pid, 'SIGTERM');
  } catch {
    return;
  }
  if (await waitForExit(entry, timeoutMs)) return;
  try {
    process.kill(entry.pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
  await waitForExit(entry, 5_000);
}

/** Stops every process `up` started, in order: the portal, Patroni (which stops PostgreSQL), HAProxy, etcd. */
export async function stopProcesses(state: HaState) {
  const byRole = (prefix: string) => state.processes.filter((p) => p.role.startsWith(prefix));
  for (const entry of byRole('portal')) await stopProcess(entry, 15_000);
  await Promise.all(byRole('patroni').map((entry) => stopProcess(entry, 60_000)));
  // A PostgreSQL its Patroni could not stop (Patroni killed): stopped by its own pid file.
  for (const node of state.nodes) {
    const pid = postmasterPid(node);
    if (pid) await stopProcess({ pid, binary: 'postgres' }, 30_000);
  }
  for (const entry of [...byRole('haproxy'), ...byRole('etcd')]) await stopProcess(entry, 15_000);
}

/** Stops everything and removes the directory. */
export async function haDown(dir: string) {
  const state = readState(dir);
  await stopProcesses(state);
  fs.rmSync(dir, { recursive: true, force: true });
}
