/** portal accounts create|move-in|close|rotate-link|list (supply periods: decision 0034) */
import { marketDateSchema, marketSegments, nmiSchema, paths } from '@portal/contracts';
import { type Command, Option } from 'commander';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { AccountRow } from '../../db/schema.ts';
import { listAccounts } from '../../domains/accounts/queries.ts';
import {
  type CreateAccountInput,
  closeAccount,
  createAccount,
  moveIn,
  rotateLink,
} from '../../domains/accounts/service.ts';
import { assignTariff, FROM_THE_START } from '../../domains/billing/tariff-store.ts';
import { type Cli, parseWith, plural, snakeCase, wholeNumber } from '../context.ts';

interface NewAccountOptions {
  nmi: string;
  id?: string;
  segment: 'residential' | 'sme';
  tariff?: string;
  tariffFrom?: string;
  clientCode?: string;
  email?: string;
  from?: string;
}

export function registerAccountCommands(program: Command, cli: Cli) {
  const accounts = program.command('accounts').description('Customer accounts');
  /** The options of a new account, shared by create and move-in. */
  const newAccountOptions = (command: Command) =>
    command
      .requiredOption('--nmi <NMI>', 'National Meter Identifier (10 characters)', parseWith(nmiSchema))
      .option('--id <publicId>', 'public id (default: a random unguessable id)')
      .addOption(
        new Option('--segment <segment>', 'market segment').choices(marketSegments).default('residential'),
      )
      .option('--tariff <code>', 'put the account on this tariff (see: portal tariffs list)')
      .option(
        '--tariff-from <date>',
        'the tariff applies from this date (default: all data)',
        parseWith(marketDateSchema),
      )
      .option('--client-code <code>', "retailer's client code (default: this deployment's)")
      .option(
        '--email <address>',
        'email address for the snapshots',
        parseWith(z.email('expected an email address')),
      );

  /** Creates the account (on its tariff) in the caller's transaction and prints its public id and link. */
  async function create(
    tx: Database,
    config: Config,
    options: NewAccountOptions,
    make: (input: CreateAccountInput) => Promise<AccountRow>,
  ) {
    const created = await make({
      nmi: options.nmi,
      publicId: options.id,
      marketSegment: options.segment,
      clientCode: options.clientCode ?? config.client.clientCode,
      retailerName: options.clientCode ? undefined : config.client.retailer.name,
      email: options.email,
      supplyFrom: options.from,
    });
    if (options.tariff) {
      await assignTariff(tx, created.id, options.tariff, options.tariffFrom ?? FROM_THE_START);
    }
    return created;
  }

  const printLink = (account: AccountRow, config: Config) => {
    cli.out(account.publicId);
    cli.out(`${config.publicUrl}${paths.usage.href(account.publicId)}`);
  };
  /** A new account without a tariff shows no spend: say so, with the command that fixes it (on standard error). */
  const warnWithoutTariff = (account: AccountRow, options: NewAccountOptions) => {
    if (options.tariff) return;
    cli.err(
      `warning: ${account.publicId} has no tariff, so its Tracker shows no spend: portal tariffs assign --account ${account.publicId} --tariff <code> --from ${account.supplyFrom ?? '1900-01-01'}`,
    );
  };

  newAccountOptions(
    accounts
      .command('create')
      .description('Create an account and print its public id and Tracker link')
      .option(
        '--from <date>',
        "its first day at the NMI's premises (default: the day after the NMI's last account closed, or the meter's whole history)",
        parseWith(marketDateSchema),
      ),
  ).action(async (options: NewAccountOptions) => {
    await cli.withDatabase(async ({ db }, config) => {
      const account = await db.transaction((tx) =>
        create(tx, config, options, (input) => createAccount(tx, input)),
      );
      printLink(account, config);
      warnWithoutTariff(account, options);
    });
  });

  newAccountOptions(
    accounts
      .command('move-in')
      .description(
        "A new occupant's account from --from; the account holding the NMI then is closed the day before",
      )
      .requiredOption(
        '--from <date>',
        'the first day of the new occupant, YYYY-MM-DD',
        parseWith(marketDateSchema),
      ),
  ).action(async (options: NewAccountOptions & { from: string }) => {
    await cli.withDatabase(async ({ db }, config) => {
      let closed: AccountRow | null = null;
      const account = await db.transaction((tx) =>
        create(tx, config, options, async (input) => {
          const moved = await moveIn(tx, { ...input, supplyFrom: options.from });
          closed = moved.closed;
          return moved.account;
        }),
      );
      printLink(account, config);
      const previous = closed as AccountRow | null;
      if (previous) cli.out(`Closed ${previous.publicId}: its last day is ${previous.supplyTo}.`);
      warnWithoutTariff(account, options);
    });
  });

  accounts
    .command('close')
    .description("End an account's supply at its premises: its link shows its own days up to --to only")
    .requiredOption('--account <publicId>', 'the account')
    .requiredOption('--to <date>', 'its last day, YYYY-MM-DD', parseWith(marketDateSchema))
    .action(async (options: { account: string; to: string }) => {
      await cli.withDatabase(async ({ db }) => {
        const account = await closeAccount(db, options.account, options.to);
        cli.out(
          `Closed ${account.publicId}: NMI ${account.nmi} from ${account.supplyFrom ?? 'its first read'} to ${account.supplyTo}.`,
        );
      });
    });

  accounts
    .command('rotate-link')
    .description('Give an account a new public id: the old link (and email links made with it) stops working')
    .requiredOption('--account <publicId>', 'the account')
    .action(async (options: { account: string }) => {
      await cli.withDatabase(async ({ db }, config) => {
        printLink(await rotateLink(db, options.account), config);
      });
    });
  accounts
    .command('list')
    .description('List accounts, oldest first')
    .option('--client-code <code>', 'only this retailer')
    .option('--limit <n>', 'at most this many', wholeNumber, 50)
    .option('--offset <n>', 'skip this many', wholeNumber, 0)
    .option('--json', 'print one JSON object: { "accounts": [...] }')
    .action(async (options: { clientCode?: string; limit: number; offset: number; json?: boolean }) => {
      await cli.withDatabase(async ({ db }) => {
        const rows = await listAccounts(db, options);
        if (options.json) return cli.json({ accounts: snakeCase(rows) });
        cli.out(
          ['public_id', 'client_code', 'nmi', 'segment', 'email', 'supply_from', 'supply_to'].join('\t'),
        );
        for (const row of rows) {
          cli.out(
            [
              row.publicId,
              row.clientCode,
              row.nmi,
              row.marketSegment,
              row.email ?? '',
              row.supplyFrom ?? '',
              row.supplyTo ?? '',
            ].join('\t'),
          );
        }
        cli.out(plural(rows.length, 'account'));
      });
    });
}
