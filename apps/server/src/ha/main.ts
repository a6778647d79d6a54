/**
 * `npm run ha -- up | status | kill-primary | down` (decision 0046, docs/operations.md "Failover"): the
 * failover set-up of ./cluster.ts on this machine. `up` prints `PORTAL_URL=…`, `PRIMARY_URL=…`,
 * `STANDBYS_URL=…` and `HA_DIR=…` on standard output (its progress goes to standard error); the other
 * commands find the set-up through `--dir`, or the one `up` started last from this checkout (`.ha-dir`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command, CommanderError } from 'commander';
import { choosePorts, clusterStatus, HaError, haDown, haUp, killPrimary, readState } from './cluster.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** Where `up` notes its directory when none was given, for the commands after it. */
const POINTER = path.join(repoRoot, '.ha-dir');

function pointedDir(): string | null {
  try {
    const dir = fs.readFileSync(POINTER, 'utf8').trim();
    return dir && fs.existsSync(dir) ? dir : null;
  } catch {
    return null;
  }
}

function setUpDir(given: string | undefined): string {
  const dir = given ? path.resolve(given) : pointedDir();
  if (!dir) throw new HaError('no set-up is running from this checkout: start one with "npm run ha -- up"');
  return dir;
}

function port(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 65_500) {
    throw new HaError(`--base-port: expected a port number, got "${value}"`);
  }
  return parsed;
}

export async function runHa(argv: string[]): Promise<number> {
  const program = new Command('ha')
    .description(
      'A primary, a synchronous standby, Patroni, etcd, HAProxy and one portal instance (decision 0046)',
    )
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('up')
    .description('Start the whole set-up under a fresh directory; print PORTAL_URL=… and PRIMARY_URL=…')
    .option('--dir <path>', 'the directory to create (default: a new one under the temporary folder)')
    .option(
      '--base-port <port>',
      'use 11 ports from this one on (default: free ports the system picks)',
      port,
    )
    .option('--no-demo', 'do not seed the demo accounts in the portal instance')
    .action(async (options: { dir?: string; basePort?: number; demo: boolean }) => {
      const running = pointedDir();
      if (!options.dir && running) {
        throw new HaError(`a set-up is running in ${running}: stop it first with "npm run ha -- down"`);
      }
      const dir = options.dir
        ? path.resolve(options.dir)
        : fs.mkdtempSync(path.join(process.getuid?.() === 0 ? '/tmp' : os.tmpdir(), 'portal-ha-'));
      if (!options.dir) fs.writeFileSync(POINTER, `${dir}\n`);
      try {
        const state = await haUp({
          dir,
          ports: await choosePorts(options.basePort),
          demo: options.demo,
          log: (line) => process.stderr.write(`ha: ${line}\n`),
        });
        process.stdout.write(
          [
            `PORTAL_URL=${state.portalUrl}`,
            `PRIMARY_URL=${state.primaryUrl}`,
            `STANDBYS_URL=${state.standbysUrl}`,
            `HA_DIR=${state.dir}`,
            '',
          ].join('\n'),
        );
      } catch (error) {
        if (!options.dir) fs.rmSync(POINTER, { force: true });
        process.stderr.write(`ha: the logs are in ${dir}\n`);
        throw error;
      }
    });

  program
    .command('status')
    .description("Each node's role (primary, sync_standby, standby, down), state and replication lag")
    .option('--dir <path>', 'the set-up\'s directory (default: the one "up" started)')
    .option('--json', 'print one JSON object: { "nodes": [...] }')
    .action(async (options: { dir?: string; json?: boolean }) => {
      const state = readState(setUpDir(options.dir));
      const nodes = await clusterStatus(state);
      if (options.json) {
        process.stdout.write(
          `${JSON.stringify({
            nodes: nodes.map((n) => ({
              name: n.name,
              role: n.role,
              state: n.state,
              lag_bytes: n.lagBytes,
              timeline: n.timeline,
              address: n.address,
            })),
          })}\n`,
        );
      } else {
        const rows = [
          ['node', 'role', 'state', 'lag_bytes', 'timeline', 'address'],
          ...nodes.map((n) => [n.name, n.role, n.state, n.lagBytes ?? '-', n.timeline ?? '-', n.address]),
        ];
        for (const row of rows) process.stdout.write(`${row.join('\t')}\n`);
      }
      if (!nodes.some((n) => n.role === 'primary')) {
        process.stderr.write('ha: no node is the primary now\n');
        process.exitCode = 1;
      }
    });

  program
    .command('kill-primary')
    .description("Kill the current primary's PostgreSQL with SIGKILL (Patroni then fails over)")
    .option('--dir <path>', 'the set-up\'s directory (default: the one "up" started)')
    .action(async (options: { dir?: string }) => {
      const { node, pid } = await killPrimary(readState(setUpDir(options.dir)));
      process.stdout.write(`killed the PostgreSQL of ${node.name} (pid ${pid}) with SIGKILL\n`);
    });

  program
    .command('down')
    .description('Stop everything "up" started and remove its directory')
    .option('--dir <path>', 'the set-up\'s directory (default: the one "up" started)')
    .action(async (options: { dir?: string }) => {
      const dir = setUpDir(options.dir);
      await haDown(dir);
      if (pointedDir() === null || path.resolve(fs.readFileSync(POINTER, 'utf8').trim()) === dir) {
        fs.rmSync(POINTER, { force: true });
      }
      process.stdout.write(`stopped the set-up and removed ${dir}\n`);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof HaError) {
      process.stderr.write(`ha: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
