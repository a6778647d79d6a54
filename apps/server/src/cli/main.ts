/**
 * `portal`: the operator command line (docs/contracts.md). Every command loads the same configuration as the server,
 * migrates the database first, prints a summary, and exits non-zero with a clear message on bad input. With
 * the embedded database and the portal server running on it, the command is handed to the server, which runs
 * this same code on its own database (hand-over.ts, decision 0028).
 */
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.ts';
import { BackupError } from '../db/backup.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { DemoDataError } from '../demo/production.ts';
import { isWriteOnStandby } from '../lib/database-errors.ts';
import { isDomainError } from '../lib/errors.ts';
import { registerAccountCommands } from './commands/accounts.ts';
import { registerBillingCommands } from './commands/billing.ts';
import { registerCurtailmentCommands } from './commands/curtailment.ts';
import { registerEventCommands } from './commands/events.ts';
import { registerInsightsCommands } from './commands/insights.ts';
import { registerMailCommands } from './commands/mail.ts';
import { registerMaintenanceCommands } from './commands/maintenance.ts';
import { registerMeterDataCommands } from './commands/meter-data.ts';
import { registerOfferCommands } from './commands/offers.ts';
import { registerTariffCommands } from './commands/tariffs.ts';
import { registerTrackerCommands } from './commands/tracker.ts';
import { Cli, CliError, type CliIo, type CliRuntime, consoleIo, standaloneRuntime } from './context.ts';
import { handOverToServer } from './hand-over.ts';
import { terminalSafeIo } from './terminal-text.ts';

export type { CliIo, CliRuntime } from './context.ts';

export function buildCli(given: CliIo = consoleIo, runtime: CliRuntime = standaloneRuntime()) {
  // Everything printed, commander's messages too, passes the one escape (terminal-text.ts).
  const io = terminalSafeIo(given);
  const cli = new Cli(io, runtime);
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
  registerMaintenanceCommands(program, cli);
  registerAccountCommands(program, cli);
  registerTariffCommands(program, cli);
  registerBillingCommands(program, cli);
  registerMeterDataCommands(program, cli);
  registerCurtailmentCommands(program, cli);
  registerOfferCommands(program, cli);
  registerMailCommands(program, cli);
  registerEventCommands(program, cli);
  registerTrackerCommands(program, cli);
  registerInsightsCommands(program, cli);
  return program;
}

/**
 * Runs the CLI and returns the exit code (tests call this; the bin sets process.exitCode with it). Without a
 * runtime it is the operator's own command: handed to the portal server when one runs on the embedded
 * database, else run here. The server passes its own runtime.
 */
export async function runCli(
  argv: string[],
  given: CliIo = consoleIo,
  runtime?: CliRuntime,
): Promise<number> {
  const io = terminalSafeIo(given);
  if (!runtime) {
    const handedOver = await handOverToServer(argv, io);
    if (handedOver !== null) return handedOver;
  }
  const program = buildCli(io, runtime);
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
      error instanceof DemoDataError ||
      isDomainError(error);
    if (isWriteOnStandby(error)) {
      io.err(
        'error: DATABASE_URL reaches a standby, which takes no writes: point it at the primary (see "portal db status").',
      );
      return 1;
    }
    // An unexpected failure keeps its stack for whoever has to fix it; an expected one is a single line.
    io.err(
      `error: ${expected ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  }
}
