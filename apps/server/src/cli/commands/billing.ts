/** portal billing reprice: the priced days (decision 0021) made again from the reads, tariffs and slots. */
import { marketDateSchema } from '@portal/contracts';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { findAccountByPublicId } from '../../domains/accounts/queries.ts';
import { repriceAccounts } from '../../domains/billing/priced-days-store.ts';
import { CliError, type CliIo, parseWith, withDatabase } from '../context.ts';

export function registerBillingCommands(program: Command, io: CliIo) {
  const billing = program.command('billing').description('Priced days: what every spend figure is read from');
  billing
    .command('reprice')
    .description(
      'Price accounts’ days again from their reads, tariffs and Happy Hours slots (idempotent; after an upgrade that changes pricing, or to check)',
    )
    .option('--account <publicId...>', 'only these accounts (default: every account)')
    .option('--from <date>', 'from this day on, YYYY-MM-DD (default: every day)', parseWith(marketDateSchema))
    .action(async (options: { account?: string[]; from?: string }) => {
      await withDatabase(async ({ db }) => {
        let accountIds: string[] | undefined;
        if (options.account) {
          accountIds = [];
          for (const publicId of options.account) {
            const account = await findAccountByPublicId(db, publicId);
            if (!account) throw new CliError(`No account has the id ${publicId}`);
            accountIds.push(account.id);
          }
        }
        const bar = io.interactive
          ? new cliProgress.SingleBar(
              { format: 'Repricing {bar} {value}/{total} accounts', hideCursor: true, clearOnComplete: true },
              cliProgress.Presets.shades_classic,
            )
          : undefined;
        bar?.start(accountIds?.length ?? 1, 0);
        const started = performance.now();
        try {
          const summary = await repriceAccounts(db, {
            ...(accountIds ? { accountIds } : {}),
            ...(options.from ? { from: options.from } : {}),
            onProgress: (done, total) => {
              bar?.setTotal(total);
              bar?.update(done);
            },
          });
          bar?.stop();
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          io.out(
            `Repriced ${summary.days} day${summary.days === 1 ? '' : 's'} of ${summary.accounts} account${summary.accounts === 1 ? '' : 's'}${options.from ? ` from ${options.from}` : ''} in ${seconds} s.`,
          );
        } finally {
          bar?.stop();
        }
      });
    });
}
