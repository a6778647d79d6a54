/**
 * `portal`: the operator command line (design §2). Every command loads the same configuration as the server,
 * migrates the database first, prints a summary, and exits non-zero with a clear message on bad input.
 */
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.ts';
import { BackupError } from '../db/backup.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { isAppError } from '../lib/errors.ts';
import { registerAccountCommands } from './commands/accounts.ts';
import { registerBillingCommands } from './commands/billing.ts';
import { registerCurtailmentCommands } from './commands/curtailment.ts';
import { registerEventCommands } from './commands/events.ts';
import { registerMailCommands } from './commands/mail.ts';
import { registerMaintenanceCommands } from './commands/maintenance.ts';
import { registerMeterDataCommands } from './commands/meter-data.ts';
import { registerOfferCommands } from './commands/offers.ts';
import { registerTariffCommands } from './commands/tariffs.ts';
import { CliError, type CliIo, consoleIo } from './context.ts';

export type { CliIo } from './context.ts';

export function buildCli(io: CliIo = consoleIo) {
  const program = new Command('portal')
    // Set before the subcommands are added: they copy it.
    .configureOutput({
      writeOut: (text) => io.out(text.trimEnd()),
      writeErr: (text) => io.err(text.trimEnd()),
    })
    .description(
      'Operator tools for the customer portal: meter data, accounts, tariffs, events, offers and mail.',
    )
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerMaintenanceCommands(program, io);
  registerAccountCommands(program, io);
  registerTariffCommands(program, io);
  registerBillingCommands(program, io);
  registerMeterDataCommands(program, io);
  registerCurtailmentCommands(program, io);
  registerOfferCommands(program, io);
  registerMailCommands(program, io);
  registerEventCommands(program, io);
  return program;
}

/** Runs the CLI and returns the exit code (tests call this; the bin sets process.exitCode with it). */
export async function runCli(argv: string[], io: CliIo = consoleIo): Promise<number> {
  const program = buildCli(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    // Commander has already printed its own message (or the help, with exit code 0).
    if (error instanceof CommanderError) return error.exitCode;
    const expected =
      error instanceof CliError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof BackupError ||
      isAppError(error);
    // An unexpected failure keeps its stack for whoever has to fix it; an expected one is a single line.
    io.err(
      `error: ${expected ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  }
}
