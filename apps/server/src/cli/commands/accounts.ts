/** portal accounts create|list */
import { marketDateSchema, marketSegments, nmiSchema, paths } from '@portal/contracts';
import { type Command, Option } from 'commander';
import { z } from 'zod';
import { listAccounts } from '../../domains/accounts/queries.ts';
import { createAccount } from '../../domains/accounts/service.ts';
import { assignTariff, FROM_THE_START } from '../../domains/billing/tariff-store.ts';
import { type Cli, parseWith, plural, snakeCase, wholeNumber } from '../context.ts';

export function registerAccountCommands(program: Command, cli: Cli) {
  const accounts = program.command('accounts').description('Customer accounts');
  accounts
    .command('create')
    .description('Create an account and print its public id and Tracker link')
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
    )
    .action(
      async (options: {
        nmi: string;
        id?: string;
        segment: 'residential' | 'sme';
        tariff?: string;
        tariffFrom?: string;
        clientCode?: string;
        email?: string;
      }) => {
        await cli.withDatabase(async ({ db }, config) => {
          const account = await db.transaction(async (tx) => {
            const created = await createAccount(tx, {
              nmi: options.nmi,
              publicId: options.id,
              marketSegment: options.segment,
              clientCode: options.clientCode ?? config.client.clientCode,
              retailerName: options.clientCode ? undefined : config.client.retailer.name,
              email: options.email,
            });
            if (options.tariff) {
              await assignTariff(tx, created.id, options.tariff, options.tariffFrom ?? FROM_THE_START);
            }
            return created;
          });
          cli.out(account.publicId);
          cli.out(`${config.publicUrl}${paths.usage.href(account.publicId)}`);
        });
      },
    );
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
        cli.out(['public_id', 'client_code', 'nmi', 'segment', 'email'].join('\t'));
        for (const row of rows) {
          cli.out([row.publicId, row.clientCode, row.nmi, row.marketSegment, row.email ?? ''].join('\t'));
        }
        cli.out(plural(rows.length, 'account'));
      });
    });
}
