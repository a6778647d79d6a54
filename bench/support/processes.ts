/**
 * The processes of the cluster benchmarks: server instances (the real apps/server/src/main.ts, one process each)
 * and nginx in front of them, with a generated configuration in a temporary prefix directory. Also what is
 * measured about them from /proc: resident memory and CPU time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { liftedCallLimits } from '../../apps/server/src/config.ts';

export const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls GET /api/health until it answers 200. */
export async function waitForHealth(base: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${base} did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** A child process with its exit as a promise and a stop that escalates from a signal to SIGKILL. */
export class Child {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exitedAt: number | null = null;
  /** Set before a deliberate stop, so that an exit is not reported as a crash. */
  expectedExit = false;

  constructor(
    readonly name: string,
    readonly process: ChildProcess,
  ) {
    this.exited = new Promise((resolve) =>
      process.once('exit', (code, signal) => {
        this.exitedAt = Date.now();
        resolve({ code, signal });
      }),
    );
    void this.exited.then(({ code, signal }) => {
      if (!this.expectedExit) console.error(`${name} exited unexpectedly (code ${code}, signal ${signal})`);
    });
  }

  get pid(): number {
    return this.process.pid as number;
  }

  get running(): boolean {
    return this.exitedAt === null;
  }

  /** Sends `signal` and waits for the exit; SIGKILL after `graceMs`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
    this.expectedExit = true;
    if (!this.running) return;
    this.process.kill(signal);
    const result = await Promise.race([this.exited, sleep(graceMs).then(() => 'timeout' as const)]);
    if (result === 'timeout') {
      console.error(`${this.name} did not stop within ${graceMs / 1000} s of ${signal}: killed`);
      this.process.kill('SIGKILL');
      await this.exited;
    }
  }
}

export interface ServerOptions {
  name: string;
  port: number;
  databaseUrl: string;
  /** Logs of the process (stdout and stderr) go to this file. */
  logFile: string;
  env?: Record<string, string>;
  entry?: string;
}

export interface Server extends Child {
  port: number;
  base: string;
}

/**
 * The limits per account and per address (docs/access.md#limits-per-account) lifted: the benchmarks' mixes ask
 * for each of their accounts far more often than a customer does (the cluster's 1,000 accounts take hundreds of
 * writes an hour each), and measure the server's capacity, not its limits.
 */
export const benchmarkCallLimits = liftedCallLimits;

/** Starts one server instance as in production (NODE_ENV=production, no demo seed) and waits for its health. */
export async function startServer(options: ServerOptions): Promise<Server> {
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(root, options.entry ?? 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: options.databaseUrl,
        DEMO_SEED: 'false',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        ...benchmarkCallLimits,
        ...options.env,
      },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const server = Object.assign(new Child(options.name, child), {
    port: options.port,
    base: `http://127.0.0.1:${options.port}`,
  });
  await Promise.race([
    waitForHealth(server.base),
    server.exited.then(({ code }) => {
      throw new Error(`${options.name} exited (${code}) while starting: see ${options.logFile}`);
    }),
  ]);
  return server;
}

export interface NginxOptions {
  /** The loopback port nginx listens on. */
  port: number;
  /** host:port of each server instance. */
  upstreams: string[];
  /** The prefix directory: configuration, pid, logs and temporary files. */
  prefix: string;
  /** Retry POST and PATCH on the next instance too (see the trade-off in docs/operations.md). */
  nonIdempotent?: boolean;
  workers?: number;
}

/**
 * The nginx configuration: one upstream of every instance with idle keep-alive connections, HTTP/1.1 to the
 * upstream, and a request that fails on one instance (connection refused or reset, timeout, 502, 503) tried once
 * on the next. Requests that were retried are logged to retried.log (the upstream statuses show each attempt).
 * docs/operations.md shows this file, generated by `bench/cluster/nginx-conf.ts`.
 */
export function nginxConfig(options: NginxOptions): string {
  const p = (name: string) => path.join(options.prefix, name);
  const nextUpstream = `error timeout http_502 http_503${options.nonIdempotent ? ' non_idempotent' : ''}`;
  return `# Generated by bench/cluster (processes.ts, nginxConfig): ${options.upstreams.length} portal instance(s).
worker_processes ${options.workers ?? 'auto'};
pid ${p('nginx.pid')};
error_log ${p('error.log')} warn;
daemon off;

events {
    worker_connections 4096;
}

http {
    client_body_temp_path ${p('tmp/body')};
    proxy_temp_path ${p('tmp/proxy')};
    fastcgi_temp_path ${p('tmp/fastcgi')};
    uwsgi_temp_path ${p('tmp/uwsgi')};
    scgi_temp_path ${p('tmp/scgi')};

    # Only requests that needed a second instance are logged: "502, 200" is a failover.
    map $upstream_status $retried {
        "~,"     1;
        default  0;
    }
    log_format retries '$time_iso8601 $request_method $uri $status upstream=[$upstream_addr] statuses=[$upstream_status] $request_time';
    access_log ${p('retried.log')} retries if=$retried;

    # The servers compress their own answers (Accept-Encoding is passed on); the body limit is theirs too.
    client_max_body_size 1m;

    upstream portal {
${options.upstreams.map((address) => `        server ${address} max_fails=1 fail_timeout=5s;`).join('\n')}
        # Idle connections kept open to the instances, per nginx worker; closed after 60 s idle, before the
        # server's own keep-alive timeout (Fastify: 72 s), so nginx never reuses one the server is closing.
        keepalive 64;
        keepalive_timeout 60s;
    }

    server {
        listen 127.0.0.1:${options.port};

        location / {
            proxy_pass http://portal;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;

            proxy_connect_timeout 2s;
            proxy_read_timeout 30s;
            # A request the instance could not answer goes to the next one, at most once more, within 10 s.
            proxy_next_upstream ${nextUpstream};
            proxy_next_upstream_tries 2;
            proxy_next_upstream_timeout 10s;
        }
    }
}
`;
}

export interface Nginx extends Child {
  base: string;
  prefix: string;
  configFile: string;
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  // nginx's workers run as nobody when the master is root: they write the temporary files.
  fs.chmodSync(options.prefix, 0o755);
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    fs.mkdirSync(path.join(options.prefix, 'tmp', dir), { recursive: true, mode: 0o777 });
    fs.chmodSync(path.join(options.prefix, 'tmp', dir), 0o777);
  }
  const configFile = path.join(options.prefix, 'nginx.conf');
  fs.writeFileSync(configFile, nginxConfig(options));
  const child = spawn('nginx', ['-c', configFile, '-p', options.prefix], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const nginx = Object.assign(new Child('nginx', child), {
    base: `http://127.0.0.1:${options.port}`,
    prefix: options.prefix,
    configFile,
  });
  await Promise.race([
    waitForHealth(nginx.base, 30_000),
    nginx.exited.then(({ code }) => {
      throw new Error(`nginx exited (${code}) while starting: see ${path.join(options.prefix, 'error.log')}`);
    }),
  ]);
  return nginx;
}

/** The requests nginx had to send to a second instance, from retried.log. */
export function retriedRequests(nginx: Nginx): string[] {
  const file = path.join(nginx.prefix, 'retried.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

// --- /proc ------------------------------------------------------------------------------------------------

/** Resident memory of a process in MB, or null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of one process and its children (nginx's workers); 0 when gone. */
export function cpuSeconds(pid: number): number {
  if (!fs.existsSync(`/proc/${pid}`)) return 0;
  const own = ownCpuSeconds(pid);
  let children: string[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean);
  } catch {
    // no children
  }
  return own + children.reduce((sum, child) => sum + cpuSeconds(Number(child)), 0);
}

/** CPU seconds (user + system) of one process alone; 0 when gone. */
export function ownCpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every PostgreSQL process on this machine (the database is local), each counted alone: the
 * postmaster's children are PostgreSQL processes too.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        total += ownCpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** CPU seconds the whole machine was busy (all cores), to see other work on it. */
export function machineBusySeconds(): number {
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  return fields.slice(0, 8).reduce((sum, value, i) => (i === 3 || i === 4 ? sum : sum + value), 0) / 100;
}

export const machineDescription = () =>
  `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;

export function temporaryDirectory(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
