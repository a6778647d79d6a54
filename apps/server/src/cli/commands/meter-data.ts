/** portal import nem12 <file|.zip|dir>..., portal export (--nmi | --account) --from --to */
import { daysBetween, marketDateSchema } from '@portal/contracts';
import cliProgress from 'cli-progress';
import { type Command, Option } from 'commander';
import { findAccountByPublicId } from '../../domains/accounts/queries.ts';
import { exportCsvLines } from '../../domains/meter-data/export.ts';
import {
  type FileImportResult,
  importNem12Source,
  isUnreadable,
  rejectedFile,
  sourcesOf,
  totalBytes,
} from '../../domains/meter-data/importer.ts';
import { CliError, type CliIo, parseWith, withDatabase } from '../context.ts';

const count = (n: number, noun: string) => `${n.toLocaleString('en-AU')} ${noun}${n === 1 ? '' : 's'}`;

/** The summary an operator reads after an import (also used by the tests). */
export function importSummary(results: FileImportResult[]): string[] {
  const imported = results.filter((result) => result.status === 'imported');
  const rejected = results.filter((result) => result.status === 'rejected');
  const total = (field: 'nmis' | 'channels' | 'days' | 'values' | 'written' | 'unchanged') =>
    imported.reduce((sum, result) => sum + result[field], 0);
  const warnings = imported.flatMap((result) =>
    result.warnings.map((warning) => ({ file: result.file, ...warning })),
  );
  const lines = [
    `${count(results.length, 'file')}: ${imported.length} imported, ${rejected.length} rejected.`,
    `Stored: ${count(total('nmis'), 'NMI')}, ${count(total('channels'), 'channel')}, ${count(total('days'), 'day')}, ` +
      `${count(total('values'), 'interval value')} (${count(total('written'), 'day')} written, ${total('unchanged').toLocaleString('en-AU')} unchanged).`,
    `${count(warnings.length, 'warning')}.`,
  ];
  for (const warning of warnings) lines.push(`warning: ${warning.file}:${warning.line}: ${warning.message}`);
  for (const result of rejected) {
    lines.push(
      `rejected: ${result.file}:${result.error?.line ?? '-'}: ${result.error?.reason ?? 'unknown error'}`,
    );
  }
  return lines;
}

export function registerMeterDataCommands(program: Command, io: CliIo) {
  program
    .command('import')
    .description('Load data')
    .command('nem12')
    .description(
      'Import AEMO NEM12 interval data: files, .zip archives, or folders of them (one transaction per file)',
    )
    .argument('<paths...>', 'NEM12 files (.csv), zip archives, or folders')
    .action(async (paths: string[]) => {
      const results: FileImportResult[] = [];
      await withDatabase(async ({ db }) => {
        const bar = io.interactive
          ? new cliProgress.SingleBar(
              { format: 'Importing {bar} {percentage}% | {file}', hideCursor: true, clearOnComplete: true },
              cliProgress.Presets.shades_classic,
            )
          : undefined;
        bar?.start(Math.max(1, await totalBytes(paths)), 0, { file: '' });
        try {
          for await (const source of sourcesOf(paths)) {
            if (isUnreadable(source)) {
              results.push(rejectedFile(source.name, null, source.reason));
              continue;
            }
            bar?.update({ file: source.name });
            results.push(await importNem12Source(db, source, { onBytes: (bytes) => bar?.increment(bytes) }));
          }
        } finally {
          bar?.stop();
        }
      });
      for (const line of importSummary(results)) io.out(line);
      if (results.some((result) => result.status === 'rejected')) {
        throw new CliError(
          `${results.filter((result) => result.status === 'rejected').length} file(s) rejected`,
        );
      }
    });

  program
    .command('export')
    .description(
      'Write the interval data of an NMI or account as CSV to standard output (AEST, from and to included)',
    )
    .addOption(
      new Option('--nmi <NMI>', 'the meter (whether or not an account has it yet)').conflicts('account'),
    )
    .addOption(new Option('--account <publicId>', "the account's meter"))
    .requiredOption('--from <date>', 'first day, YYYY-MM-DD', parseWith(marketDateSchema))
    .requiredOption('--to <date>', 'last day, YYYY-MM-DD', parseWith(marketDateSchema))
    .action(async (options: { nmi?: string; account?: string; from: string; to: string }) => {
      if (!options.nmi && !options.account) throw new CliError('give --nmi <NMI> or --account <publicId>');
      if (daysBetween(options.from, options.to) < 0) throw new CliError('--from must not be after --to');
      await withDatabase(async ({ db }) => {
        let nmi = options.nmi;
        if (options.account) {
          const account = await findAccountByPublicId(db, options.account);
          if (!account) throw new CliError(`No account has the id ${options.account}`);
          nmi = account.nmi;
        }
        for await (const line of exportCsvLines(db, nmi as string, options.from, options.to)) io.out(line);
      });
    });
}
