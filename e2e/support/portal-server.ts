/**
 * The real portal (built web app, server, embedded PGlite database in its own DATA_DIR) as a child process on
 * a free port. The global set-up makes one database with the demo data as a template; each test file then
 * starts its own server on a copy of it (support/per-file-portal.ts), so a file's accounts are its own: what
 * one file does to demo-home (a Happy Hours sign-up, a budget) cannot change what another file sees, whatever
 * the order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningPortal {
  baseUrl: string;
  dataDir: string;
  /** Stops the server (SIGTERM, as an operator would) and waits for it to exit. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal server exited early:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`portal server did not become healthy:\n${log()}`);
}

/** A new temporary data directory, empty or a copy of `template`. */
export function newDataDir(template?: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Starts the server on `dataDir` (migrated and seeded on first start) and resolves once it is healthy. `env`
 * overrides settings (NODE_ENV=production, to see what a browser is sent in production).
 */
export async function startPortal(
  dataDir: string,
  env: Record<string, string> = {},
  // A copy of the template starts in seconds; a first start migrates and seeds, longer on a loaded machine.
  healthTimeoutMs = 120_000,
): Promise<RunningPortal> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // A page's document waits this long for its first screen's answers (1.5 s in production): on a loaded
      // machine a slower answer would be left to the browser, and a test of what the document carries would fail.
      FIRST_SCREEN_WAIT_MS: '20000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  try {
    await waitForHealth(baseUrl, child, () => output, healthTimeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
