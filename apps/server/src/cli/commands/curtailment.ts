/** portal curtailment import <file> (docs/curtailment.md) */
import type { Command } from 'commander';
import { importCurtailment, readCurtailmentFile } from '../../domains/tracker/curtailment.ts';
import { type Cli, plural } from '../context.ts';

export function registerCurtailmentCommands(program: Command, cli: Cli) {
  program
    .command('curtailment')
    .description('Solar Advantage curtailment trial')
    .command('import')
    .description(
      'Load curtailed days (CSV: nmi,date,hours_curtailed,kwh_curtailed,benefit); enrols their accounts',
    )
    .argument('<file>', 'the CSV file')
    .action(async (file: string) => {
      const rows = await readCurtailmentFile(file, cli.path(file));
      await cli.withDatabase(async ({ db }) => {
        const summary = await importCurtailment(db, rows);
        cli.out(
          `Curtailment: ${plural(summary.rows, 'day')} for ${plural(summary.nmis, 'NMI')}; ${plural(summary.accountsEnrolled, 'account')} newly in the trial.`,
        );
      });
    });
}
