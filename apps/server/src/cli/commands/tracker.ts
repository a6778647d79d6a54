/**
 * portal tracker refresh: the day's roll-over of the Tracker's stored answers (decision 0036). What an answer
 * shows moves with the market day (today's place in the week, trends, the next week's arrow, the forecast):
 * this builds and stores the recent weeks and the forecast of every account (or some) for today, so that the first customers of
 * the day are sent stored answers. Idempotent and resumable: a week already current for today is left as it is.
 * The server runs it itself after each AEST midnight (ROLLOVER_HOUR); an operator may run it at any time.
 */
import type { Command } from 'commander';
import { allAccountIds, RECENT_WEEKS, refreshUsageAnswers } from '../../domains/tracker/usage-answers.ts';
import { accountIdsOf } from '../account-ids.ts';
import { type Cli, CliError, plural, wholeNumber } from '../context.ts';
import type { Progress } from '../progress.ts';

export function registerTrackerCommands(program: Command, cli: Cli) {
  const tracker = program.command('tracker').description("The Tracker's answers kept in the database");
  tracker
    .command('refresh')
    .description(
      `Build and store the recent weeks (this week and the ${RECENT_WEEKS - 1} before it) and the forecast of every account for today; what is already current is left (idempotent, resumable)`,
    )
    .option('--account <publicId...>', 'only these accounts (default: every account)')
    .option('--weeks <n>', `how many recent weeks (default ${RECENT_WEEKS})`, wholeNumber, RECENT_WEEKS)
    .option('--json', 'print one JSON object: { "accounts", "built", "current", "forecasts" }')
    .action(async (options: { account?: string[]; weeks: number; json?: boolean }) => {
      if (options.weeks < 1 || options.weeks > 60) throw new CliError('--weeks must be 1 to 60');
      await cli.withDatabase(async ({ db }) => {
        const accountIds = options.account
          ? await accountIdsOf(db, options.account)
          : await allAccountIds(db);
        const started = performance.now();
        let progress: Progress | undefined;
        try {
          const summary = await refreshUsageAnswers(db, accountIds, {
            weeks: options.weeks,
            onProgress: (done, total) => {
              progress ??= cli.progress({ label: 'Tracker weeks', total, unit: 'account' });
              progress.update(done);
            },
          });
          progress?.stop();
          if (options.json) return cli.json(summary);
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          cli.out(
            `Tracker: ${plural(summary.built, 'week')} built and stored, ${plural(summary.current, 'week')} already current, ${plural(summary.forecasts, 'forecast')} computed, of ${plural(summary.accounts, 'account')} in ${seconds} s.`,
          );
        } finally {
          progress?.stop();
        }
      });
    });
}
