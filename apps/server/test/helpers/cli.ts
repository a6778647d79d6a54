/**
 * The operator CLI in tests: a fresh embedded database in a temporary DATA_DIR, a run that captures output, and
 * a run in a child process (for tests that kill it).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { runCli } from '../../src/cli/main.ts';
import { waitUntilBuilt } from './background-build.ts';

export interface TemporaryDataDirOptions {
  /**
   * Start from a copy of the run's migrated DATA_DIR (test/setup/migrated-data-dir.ts) rather than an empty
   * one, whose first command creates and migrates the database: for files whose subject is not that first start.
   */
  migrated?: boolean;
  /** Runs once the folder is in place (say, `db migrate`). */
  prepare?: () => Promise<void>;
  /** For a `prepare` that takes long. */
  timeoutMs?: number;
}

/**
 * Points DATA_DIR at a new temporary folder (and away from any DATABASE_URL) for this test file, restores the
 * environment afterwards and removes the folder. Returns the folder, for files the test writes beside the
 * database.
 */
export function withTemporaryDataDir(prefix: string, options: TemporaryDataDirOptions = {}): () => string {
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    if (options.migrated) {
      const migrated = inject('migratedDataDir');
      await waitUntilBuilt(migrated);
      fs.cpSync(migrated, dataDir, { recursive: true });
    }
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    await options.prepare?.();
  }, options.timeoutMs);
  afterAll(() => {
    process.env.DATA_DIR = saved.DATA_DIR;
    if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
    if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!dataDir) throw new Error('the temporary DATA_DIR exists only while the tests run');
    return dataDir;
  };
}

/** Runs `portal <argv>` with `env` set for the length of the run (say, DATABASE_URL), restoring it after. */
export async function runPortalWith(env: Record<string, string>, ...argv: string[]) {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await runPortal(...argv);
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

export interface PortalProcess {
  child: ChildProcessWithoutNullStreams;
  /** Standard output and error so far. */
  output(): string;
  /** The exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals>;
}

/** Starts `node bin/portal.mjs <argv>` in a child process with `env` added to this process's environment. */
export function spawnPortal(env: Record<string, string>, ...argv: string[]): PortalProcess {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const child = spawn(process.execPath, [path.join(root, 'bin/portal.mjs'), ...argv], {
    env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env },
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal as NodeJS.Signals))),
  );
  return { child, output: () => output, exited };
}

/** Runs `portal <argv>` in process, non-interactively, and returns its exit code and output lines. */
export async function runPortal(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    interactive: false,
  });
  return { code, out, err };
}
