/** What every command shares: output, argument parsers, and a migrated database for the length of a command. */
import { InvalidArgumentError } from 'commander';
import { type Config, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/index.ts';

/** A failure the operator can act on: printed as one line, exit code 1. */
export class CliError extends Error {}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Progress bars only on a terminal. */
  interactive: boolean;
}

export const consoleIo: CliIo = {
  out: (line) => console.info(line),
  err: (line) => console.error(line),
  interactive: Boolean(process.stderr.isTTY),
};

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

/** Runs `work` on the configured database (migrated first), closing it afterwards whatever happens. */
export async function withDatabase<T>(
  work: (handle: DatabaseHandle, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
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
}
