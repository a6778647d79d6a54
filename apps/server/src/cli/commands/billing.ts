/** portal billing reprice: the priced days (decision 0021) made again from the reads, tariffs and slots. */
import { marketDateSchema } from '@portal/contracts';
import type { Command } from 'commander';
import { repriceAccounts } from '../../domains/billing/pricing.ts';
import { refreshUsageAnswers } from '../../domains/tracker/usage-answers.ts';
import { accountIdsOf } from '../account-ids.ts';
import { type Cli, parseWith, plural } from '../context.ts';
import type { Progress } from '../progress.ts';

export function registerBillingCommands(program: Command, cli: Cli) {
  const billing = program.command('billing').description('Priced days: what every spend figure is read from');
  billing
    .command('reprice')
    .description(
      'Price accounts’ days again from their reads, tariffs and Happy Hours slots (idempotent; after an upgrade that changes pricing, or to check)',
    )
    .option('--account <publicId...>', 'only these accounts (default: every account)')
    .option('--from <date>', 'from this day on, YYYY-MM-DD (default: every day)', parseWith(marketDateSchema))
    .action(async (options: { account?: string[]; from?: string }) => {
      await cli.withDatabase(async ({ db }) => {
        const accountIds = options.account ? await accountIdsOf(db, options.account) : undefined;
        const started = performance.now();
        let progress: Progress | undefined;
        try {
          const summary = await repriceAccounts(db, {
            ...(accountIds ? { accountIds } : {}),
            ...(options.from ? { from: options.from } : {}),
            onProgress: (done, total) => {
              progress ??= cli.progress({ label: 'Repricing', total, unit: 'account' });
              progress.update(done);
            },
          });
          progress?.stop();
          // Their recent Tracker weeks built again at once (decision 0036), not by their first readers.
          const ready = await refreshUsageAnswers(db, summary.accountIds);
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          cli.out(
            `Repriced ${plural(summary.days, 'day')} of ${plural(summary.accounts, 'account')}${options.from ? ` from ${options.from}` : ''} in ${seconds} s; ${plural(ready.built, 'Tracker week')} built.`,
          );
        } finally {
          progress?.stop();
        }
      });
    });
}
