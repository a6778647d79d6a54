/**
 * What every command shares: its output, where it runs, argument parsers, and its database for the length of
 * the command. A command runs either on its own (opening and migrating the configured database, as it always
 * has) or, with the embedded database, inside the running portal server on the server's own handle
 * (hand-over.ts, decision 0028): the commands do not know which.
 */
import path from 'node:path';
import { InvalidArgumentError } from 'commander';
import { type Config, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/index.ts';
import { tightenTree } from '../lib/private-files.ts';
import { createProgress, type Progress, type ProgressSpec } from './progress.ts';

/** A failure the operator can act on: printed as one line, exit code 1. */
export class CliError extends Error {}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Standard error is a terminal: progress as bars; otherwise as plain lines. */
  interactive: boolean;
  /** How progress is shown; by default progress.ts's bar or plain lines. */
  progress?: (spec: ProgressSpec) => Progress;
}

export const consoleIo: CliIo = {
  out: (line) => console.info(line),
  err: (line) => console.error(line),
  interactive: Boolean(process.stderr.isTTY),
};

/** Where a command runs. */
export interface CliRuntime {
  /** The operator's working directory: file arguments are relative to it. */
  cwd: string;
  /** Aborted when the operator is gone (a handed-over command whose connection closed) or the server stops. */
  signal: AbortSignal;
  config(): Config;
  /** Runs `work` on the database; a command on its own opens (and migrates) it first and closes it after. */
  withDatabase<T>(work: (handle: DatabaseHandle, config: Config) => Promise<T>): Promise<T>;
  /** The command runs inside the portal server, on the server's open database. */
  inServer: boolean;
}

/** A command run on its own: the configured database, opened for the length of the command. */
export function standaloneRuntime(): CliRuntime {
  return {
    cwd: process.cwd(),
    signal: new AbortController().signal,
    config: () => loadConfig(),
    withDatabase: async (work) => {
      const config = loadConfig();
      // A DATA_DIR an older version left readable by all is the user's own from the first command on.
      tightenTree(config.dataDir);
      const handle = await openDatabase({
        databaseUrl: config.env.DATABASE_URL,
        dataDir: config.dataDir,
        poolSize: 4,
      });
      try {
        return await work(handle, config);
      } finally {
        await handle.close();
      }
    },
    inServer: false,
  };
}

/** What a command's action uses: output, progress, files, configuration and database. */
export class Cli {
  constructor(
    readonly io: CliIo,
    readonly runtime: CliRuntime,
  ) {}

  out(line: string) {
    this.io.out(line);
  }

  err(line: string) {
    this.io.err(line);
  }

  /** One machine-readable result (--json): a single line of JSON on standard output. */
  json(value: unknown) {
    this.io.out(JSON.stringify(value));
  }

  progress(spec: ProgressSpec): Progress {
    return this.io.progress ? this.io.progress(spec) : createProgress(this.io, spec);
  }

  /** A file argument as a path the command can open, wherever it runs. */
  path(file: string): string {
    return path.resolve(this.runtime.cwd, file);
  }

  get signal(): AbortSignal {
    return this.runtime.signal;
  }

  config(): Config {
    return this.runtime.config();
  }

  withDatabase<T>(work: (handle: DatabaseHandle, config: Config) => Promise<T>): Promise<T> {
    return this.runtime.withDatabase(work);
  }
}

interface SafeParser<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

/** An option parser from a shared schema: the CLI validates with the same rules as the API. */
export function parseWith<T>(schema: SafeParser<T>) {
  return (value: string): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues[0]?.message ?? 'invalid value');
    return parsed.data;
  };
}

export function wholeNumber(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new InvalidArgumentError('expected a whole number, 0 or more');
  return parsed;
}

export const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-AU')} ${word}${count === 1 ? '' : 's'}`;

/** Keys in snake_case, as the API writes them, for --json results (Dates become ISO strings). */
export function snakeCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCase);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      snakeCase(inner),
    ]),
  );
}
