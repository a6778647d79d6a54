/** portal import nem12 <file|.zip|dir>..., portal export (--nmi | --account) --from --to */
import { daysBetween, marketDateSchema } from '@portal/contracts';
import { type Command, Option } from 'commander';
import { findAccountByPublicId } from '../../domains/accounts/queries.ts';
import { exportCsvLines } from '../../domains/meter-data/export.ts';
import { wholeMeter } from '../../domains/meter-data/supply-period.ts';
import {
  type FileImportResult,
  type ImportSource,
  importNem12Source,
  isUnreadable,
  rejectedFile,
  sourcesOf,
  totalBytes,
  type UnreadableSource,
} from '../../domains/meter-imports/importer.ts';
import { type RefreshSummary, refreshUsageAnswers } from '../../domains/tracker/usage-answers.ts';
import { type Cli, CliError, parseWith, plural } from '../context.ts';

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

/**
 * The files the arguments name, read from where the command runs (`cli.path`) but named as the operator wrote
 * them, in messages and in the import records.
 */
async function* sourcesNamed(cli: Cli, paths: string[]): AsyncGenerator<ImportSource | UnreadableSource> {
  for (const given of paths) {
    const resolved = cli.path(given);
    for await (const source of sourcesOf([resolved])) {
      const name = source.name.startsWith(resolved)
        ? `${given}${source.name.slice(resolved.length)}`
        : source.name;
      yield { ...source, name };
    }
  }
}

/** The --json result of an import: every file's result and the totals. */
export function importJson(results: FileImportResult[]) {
  const imported = results.filter((result) => result.status === 'imported');
  const total = (field: 'nmis' | 'channels' | 'days' | 'values' | 'written' | 'unchanged') =>
    imported.reduce((sum, result) => sum + result[field], 0);
  return {
    files: results,
    imported: imported.length,
    rejected: results.length - imported.length,
    nmis: total('nmis'),
    channels: total('channels'),
    days: total('days'),
    values: total('values'),
    written: total('written'),
    unchanged: total('unchanged'),
    warnings: imported.reduce((sum, result) => sum + result.warnings.length, 0),
  };
}

export function registerMeterDataCommands(program: Command, cli: Cli) {
  program
    .command('import')
    .description('Load data')
    .command('nem12')
    .description(
      'Import AEMO NEM12 interval data: files, .zip archives, or folders of them (one transaction per file)',
    )
    .argument('<paths...>', 'NEM12 files (.csv), zip archives, or folders')
    .option(
      '--lenient',
      'import 300 records of quality V that have no 400 records (refused by default) with their quality unknown, one warning each (docs/meter-data.md)',
    )
    .option('--json', 'print the result as one JSON object: every file with its counts, warnings or error')
    .action(async (paths: string[], options: { lenient?: boolean; json?: boolean }) => {
      const results: FileImportResult[] = [];
      let ready: RefreshSummary | null = null;
      await cli.withDatabase(async ({ db }) => {
        const priced = new Set<string>();
        const progress = cli.progress({
          label: 'Importing',
          total: await totalBytes(paths.map((given) => cli.path(given))),
          unit: 'bytes',
        });
        try {
          for await (const source of sourcesNamed(cli, paths)) {
            // Between files: a handed-over import whose operator left (or whose server stops) ends here.
            if (cli.signal.aborted) break;
            if (isUnreadable(source)) {
              results.push(rejectedFile(source.name, null, source.reason));
              continue;
            }
            progress.increment(0, source.name);
            results.push(
              await importNem12Source(db, source, {
                lenient: options.lenient,
                onBytes: (bytes) => progress.increment(bytes),
                afterCommit: async (accountIds) => {
                  for (const id of accountIds) priced.add(id);
                },
              }),
            );
          }
        } finally {
          progress.stop();
        }
        // The weeks customers open from the email, ready before anyone asks (decision 0036).
        if (priced.size > 0 && !cli.signal.aborted) {
          const weeks = cli.progress({ label: 'Tracker weeks', total: priced.size, unit: 'account' });
          try {
            ready = await refreshUsageAnswers(db, [...priced], {
              onProgress: (done) => weeks.update(done),
            });
          } finally {
            weeks.stop();
          }
        }
      });
      const tracker = ready as RefreshSummary | null;
      if (options.json) {
        cli.json({ ...importJson(results), tracker_weeks_built: tracker?.built ?? 0 });
      } else {
        for (const line of importSummary(results)) cli.out(line);
        if (tracker) {
          cli.out(
            `Tracker: ${plural(tracker.built, 'week')} of ${plural(tracker.accounts, 'account')} built and stored.`,
          );
        }
      }
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
      await cli.withDatabase(async ({ db }) => {
        // An account's export holds its own days only (decision 0034); an NMI's, the whole meter.
        let holder = wholeMeter(options.nmi as string);
        if (options.account) {
          const account = await findAccountByPublicId(db, options.account);
          if (!account) throw new CliError(`No account has the id ${options.account}`);
          holder = account;
        }
        for await (const line of exportCsvLines(db, holder, options.from, options.to)) cli.out(line);
      });
    });
}
