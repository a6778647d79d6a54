/** portal tariffs import|list|assign (the JSON format: docs/tariffs.md) */
import fs from 'node:fs/promises';
import { marketDateSchema, marketToday, type Tariff, tariffFileSchema } from '@portal/contracts';
import type { Command } from 'commander';
import { findAccountByPublicId } from '../../domains/accounts/queries.ts';
import { assignTariff, importTariffs, listTariffs } from '../../domains/billing/tariff-store.ts';
import { libraryMessage } from '../../lib/errors.ts';
import { type Cli, CliError, parseWith, plural } from '../context.ts';
import { tsvRow } from '../terminal-text.ts';

/** Reads `filePath`; messages name it `file`, as the operator wrote it. */
async function readTariffFile(file: string, filePath: string) {
  let text: string;
  try {
    text = await fs.readFile(filePath, 'utf8');
  } catch (error) {
    throw new CliError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file}: not valid JSON (${libraryMessage(error)})`);
  }
  const parsed = tariffFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => {
      const where = issue.path.length ? issue.path.join('.') : 'file';
      return `${where}: ${issue.message}`;
    });
    throw new CliError(`${file}: not a valid tariff file: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Who may take a plan on offer (docs/plans.md): '-' for a tariff that is not on offer. */
export function offerText(tariff: Tariff): string {
  const { offer } = tariff;
  if (!offer) return '-';
  const needs = [
    ...(offer.requires_solar ? ['solar'] : []),
    ...(offer.requires_controlled_load ? ['controlled load'] : []),
  ];
  return `${offer.segments.join('+')}${needs.length ? ` (needs ${needs.join(', ')})` : ''}`;
}

export function registerTariffCommands(program: Command, cli: Cli) {
  const tariffs = program.command('tariffs').description('Tariffs (prices) and which account is on which');
  tariffs
    .command('import')
    .description('Import one tariff or an array of tariffs from a JSON file (docs/tariffs.md)')
    .argument('<file>', 'the JSON file')
    .option('--replace', 'replace the prices of an existing code (reprices every day it applies to)')
    .action(async (file: string, options: { replace?: boolean }) => {
      const list = await readTariffFile(file, cli.path(file));
      await cli.withDatabase(async ({ db }) => {
        const summary = await importTariffs(db, list, { replace: options.replace });
        const part = (label: string, codes: string[]) =>
          `${codes.length} ${label}${codes.length ? ` (${codes.join(', ')})` : ''}`;
        cli.out(
          `Tariffs: ${part('created', summary.created)}, ${part('unchanged', summary.unchanged)}, ${part('replaced', summary.replaced)}.`,
        );
      });
    });
  tariffs
    .command('list')
    .description('List the tariffs, and who may take those on offer (docs/plans.md)')
    .option('--json', 'print one JSON object: { "tariffs": [...] }, each with its full definition')
    .action(async (options: { json?: boolean }) => {
      await cli.withDatabase(async ({ db }) => {
        const rows = await listTariffs(db);
        if (options.json) {
          return cli.json({
            tariffs: rows.map((row) => ({
              code: row.code,
              name: row.name,
              accounts: row.accounts,
              definition: row.definition,
            })),
          });
        }
        cli.out(
          tsvRow(['code', 'name', 'usage', 'supply_c_per_day', 'feed_in_c_per_kwh', 'accounts', 'on_offer']),
        );
        for (const row of rows) {
          const tariff = row.definition;
          cli.out(
            tsvRow([
              row.code,
              row.name,
              tariff.usage.type,
              tariff.supply_cents_per_day,
              tariff.feed_in_cents_per_kwh ?? '0',
              String(row.accounts),
              offerText(tariff),
            ]),
          );
        }
        cli.out(plural(rows.length, 'tariff'));
      });
    });
  tariffs
    .command('assign')
    .description('Put an account on a tariff from a date (a plan change: earlier days keep their plan)')
    .requiredOption('--account <publicId>', 'the account')
    .requiredOption('--tariff <code>', 'the tariff code')
    .option(
      '--from <date>',
      'first day of the new plan, YYYY-MM-DD (default: today, AEST)',
      parseWith(marketDateSchema),
    )
    .action(async (options: { account: string; tariff: string; from?: string }) => {
      await cli.withDatabase(async ({ db }) => {
        const account = await findAccountByPublicId(db, options.account);
        if (!account) throw new CliError(`No account has the id ${options.account}`);
        const from = options.from ?? marketToday();
        await assignTariff(db, account.id, options.tariff, from);
        cli.out(`Account ${options.account} is on ${options.tariff} from ${from}.`);
      });
    });
}
