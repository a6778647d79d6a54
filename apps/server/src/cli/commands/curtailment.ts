/** portal curtailment import <file> (docs/curtailment.md) */
import type { Command } from 'commander';
import { importCurtailment, readCurtailmentFile } from '../../domains/tracker/curtailment.ts';
import { type CliIo, withDatabase } from '../context.ts';

export function registerCurtailmentCommands(program: Command, io: CliIo) {
  program
    .command('curtailment')
    .description('Solar Advantage curtailment trial')
    .command('import')
    .description(
      'Load curtailed days (CSV: nmi,date,hours_curtailed,kwh_curtailed,benefit); enrols their accounts',
    )
    .argument('<file>', 'the CSV file')
    .action(async (file: string) => {
      const rows = await readCurtailmentFile(file);
      await withDatabase(async ({ db }) => {
        const summary = await importCurtailment(db, rows);
        io.out(
          `Curtailment: ${summary.rows} day${summary.rows === 1 ? '' : 's'} for ${summary.nmis} NMI${summary.nmis === 1 ? '' : 's'}; ${summary.accountsEnrolled} account${summary.accountsEnrolled === 1 ? '' : 's'} newly in the trial.`,
        );
      });
    });
}
