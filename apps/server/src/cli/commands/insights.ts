/**
 * portal insights similar-homes (issue 28 item 3, docs/tracker-figures.md#similar-homes): compares every account
 * with the homes like it over the last 4 complete weeks and stores one row per account, which the Tracker
 * reads as it is. Idempotent and safe while the portal serves; run it once a week (after Monday's import).
 */
import { marketDateSchema, marketToday, SIMILAR_HOMES_MIN_GROUP } from '@portal/contracts';
import type { Command } from 'commander';
import { runSimilarHomes } from '../../domains/tracker/similar-homes-batch.ts';
import { type Cli, parseWith, plural } from '../context.ts';
import type { Progress } from '../progress.ts';

export function registerInsightsCommands(program: Command, cli: Cli) {
  const insights = program.command('insights').description("The Tracker's insights computed in batches");
  insights
    .command('similar-homes')
    .description(
      `Compare every account with similar homes (the last 4 complete weeks; groups of ${SIMILAR_HOMES_MIN_GROUP} or more) and store the results (idempotent)`,
    )
    .option('--now <date>', 'run as if today were this AEST date (YYYY-MM-DD)', parseWith(marketDateSchema))
    .option('--json', 'print the summary as one JSON object')
    .action(async (options: { now?: string; json?: boolean }) => {
      await cli.withDatabase(async ({ db }) => {
        const started = performance.now();
        let progress: Progress | undefined;
        try {
          const summary = await runSimilarHomes(db, {
            today: options.now ?? marketToday(),
            onProgress: (done, total) => {
              progress ??= cli.progress({ label: 'Similar homes', total, unit: 'account' });
              progress.update(done);
            },
          });
          progress?.stop();
          if (options.json) return cli.json(summary);
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          cli.out(
            `Similar homes, ${summary.period_from} to ${summary.period_to}: ${plural(summary.accounts, 'account')} in ${seconds} s; ${summary.compared} compared, ${summary.small_group} in groups under ${SIMILAR_HOMES_MIN_GROUP}, ${summary.not_enough_data} without 4 weeks of data, ${summary.no_group} with answers that do not group, ${summary.no_profile} without a profile.`,
          );
        } finally {
          progress?.stop();
        }
      });
    });
}
