/**
 * portal offers happy-hours invite|list|signup-end and portal offers here-for-you invite|list|settle|credits
 * (docs/offers.md): invitations, the Happy Hours sign-up end, and the weekly Reduce & Be Rewarded settlement
 * and its credits file.
 */
import {
  HERE_FOR_YOU_CREDITS_HEADER,
  MARKET_UTC_OFFSET_MINUTES,
  marketDateSchema,
  marketToday,
} from '@portal/contracts';
import { type Command, InvalidArgumentError } from 'commander';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { AccountRow } from '../../db/schema.ts';
import { findAccountByPublicId } from '../../domains/accounts/queries.ts';
import {
  happyHoursConfig,
  inviteToHappyHours,
  listHappyHoursParticipants,
  setSignupEndTime,
} from '../../domains/offers/happy-hours.ts';
import {
  creditsCsv,
  hereForYouCredits,
  inviteToHereForYou,
  listHereForYouParticipants,
  type SettlementSummary,
  settleHereForYouWeek,
} from '../../domains/offers/reduce-and-be-rewarded.ts';
import { someOf } from '../../lib/errors.ts';
import { type Cli, CliError, parseWith, plural, snakeCase } from '../context.ts';
import type { Progress } from '../progress.ts';

/**
 * A sign-up end: an ISO date-time with an offset (`2026-12-31T23:59:59+10:00`), a date-time without one (read
 * as AEST), a date (the end of that day, AEST), or `none` to reopen sign-ups.
 */
export function parseSignupEnd(value: string): Date | null {
  if (value.toLowerCase() === 'none') return null;
  const aest = `+${String(MARKET_UTC_OFFSET_MINUTES / 60).padStart(2, '0')}:00`;
  let text = value;
  if (marketDateSchema.safeParse(value).success) text = `${value}T23:59:59${aest}`;
  else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) text = `${value}${aest}`;
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const date = new Date(text);
  if (!ok || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError(
      'expected YYYY-MM-DD, YYYY-MM-DDTHH:mm (AEST), an ISO date-time with an offset, or none',
    );
  }
  return date;
}

/** Every public id must name an account: all are checked before anything is stored. */
async function accountsNamed(db: Database, ids: string[]): Promise<AccountRow[]> {
  const found: AccountRow[] = [];
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const account = await findAccountByPublicId(db, id);
    if (account) found.push(account);
    else missing.push(id);
  }
  if (missing.length > 0) {
    throw new CliError(`No account has the id ${someOf(missing)}; nothing was invited.`);
  }
  return found;
}

const clientOf = (config: Config, option?: string) => option ?? config.client.clientCode;

export function registerOfferCommands(program: Command, cli: Cli) {
  const offers = program
    .command('offers')
    .description('Happy Hours and Reduce & Be Rewarded (docs/offers.md)');

  const happy = offers.command('happy-hours').description('Happy Hours, the free 2-hour weekday slot');
  happy
    .command('invite')
    .description('Invite accounts to Happy Hours (solar customers are not eligible)')
    .argument('<publicId...>', 'the accounts')
    .action(async (ids: string[]) => {
      await cli.withDatabase(async ({ db }, config) => {
        const summary = await inviteToHappyHours(db, await accountsNamed(db, ids), config.client.clientCode);
        cli.out(
          `Happy Hours: ${plural(summary.invited.length, 'account')} invited, ${summary.alreadyInvited.length} already invited.`,
        );
      });
    });
  happy
    .command('list')
    .description('List the Happy Hours participants')
    .option('--client-code <code>', "the retailer (default: the deployment's)")
    .option('--json', 'print one JSON object: { "participants": [...] }')
    .action(async (options: { clientCode?: string; json?: boolean }) => {
      await cli.withDatabase(async ({ db }, config) => {
        const rows = await listHappyHoursParticipants(db, clientOf(config, options.clientCode));
        if (options.json) return cli.json({ participants: snakeCase(rows) });
        cli.out(['account_id', 'signed_up', 'time_slot', 'effective_date', 'invited_at'].join('\t'));
        for (const row of rows) {
          cli.out(
            [
              row.publicId,
              row.optedIn ? 'yes' : 'no',
              row.timeSlot ?? '-',
              row.effectiveDate ?? '-',
              row.invitedAt.toISOString(),
            ].join('\t'),
          );
        }
        cli.out(plural(rows.length, 'participant'));
      });
    });
  happy
    .command('signup-end')
    .description("Show, set or clear (none) the retailer's Happy Hours sign-up end (signup_end_time)")
    .argument(
      '[time]',
      'YYYY-MM-DD (end of that day, AEST), YYYY-MM-DDTHH:mm (AEST), an ISO date-time with offset, or none',
      parseSignupEnd,
    )
    .option('--client-code <code>', "the retailer (default: the deployment's)")
    .action(async (time: Date | null | undefined, options: { clientCode?: string }) => {
      await cli.withDatabase(async ({ db }, config) => {
        const clientCode = clientOf(config, options.clientCode);
        if (time !== undefined) await setSignupEndTime(db, clientCode, time);
        const current = await happyHoursConfig(db, clientCode);
        cli.out(
          current.signup_end_time
            ? `Happy Hours sign-up for ${clientCode} ends at ${current.signup_end_time}.`
            : `Happy Hours sign-up for ${clientCode} is open (no end set).`,
        );
      });
    });

  const hfy = offers.command('here-for-you').description('Reduce & Be Rewarded, the weekly $20 credit');
  hfy
    .command('invite')
    .description('Invite accounts to Reduce & Be Rewarded (they are in until they opt out)')
    .argument('<publicId...>', 'the accounts')
    .action(async (ids: string[]) => {
      await cli.withDatabase(async ({ db }, config) => {
        const summary = await inviteToHereForYou(db, await accountsNamed(db, ids), config.client.clientCode);
        cli.out(
          `Reduce & Be Rewarded: ${plural(summary.invited.length, 'account')} invited, ${summary.alreadyInvited.length} already invited.`,
        );
      });
    });
  hfy
    .command('list')
    .description('List the Reduce & Be Rewarded participants')
    .option('--client-code <code>', "the retailer (default: the deployment's)")
    .option('--json', 'print one JSON object: { "participants": [...] }')
    .action(async (options: { clientCode?: string; json?: boolean }) => {
      await cli.withDatabase(async ({ db }, config) => {
        const rows = await listHereForYouParticipants(db, clientOf(config, options.clientCode));
        if (options.json) return cli.json({ participants: snakeCase(rows) });
        cli.out(['account_id', 'opted_in', 'invited_at', 'changed_at'].join('\t'));
        for (const row of rows) {
          cli.out(
            [
              row.publicId,
              row.optedIn ? 'yes' : 'no',
              row.invitedAt.toISOString(),
              row.updatedAt.toISOString(),
            ].join('\t'),
          );
        }
        cli.out(plural(rows.length, 'participant'));
      });
    });
  hfy
    .command('settle')
    .description(
      'Settle a finished week (Monday to Sunday, AEST): a $20 credit for each account opted in all week whose usage was 10% or more below its 4-week average',
    )
    .requiredOption('--week <date>', 'any date of the week, YYYY-MM-DD', parseWith(marketDateSchema))
    .option('--client-code <code>', "the retailer (default: the deployment's)")
    .option('--json', 'print the summary as one JSON object')
    .action(async (options: { week: string; clientCode?: string; json?: boolean }) => {
      await cli.withDatabase(async ({ db }, config) => {
        let progress: Progress | undefined;
        let s: SettlementSummary;
        try {
          s = await settleHereForYouWeek(
            db,
            clientOf(config, options.clientCode),
            options.week,
            marketToday(),
            {
              onProgress: (done, total) => {
                progress ??= cli.progress({ label: 'Settling', total, unit: 'participant' });
                progress.update(done);
              },
            },
          );
        } finally {
          progress?.stop();
        }
        if (options.json) return cli.json(snakeCase(s));
        cli.out(
          `Reduce & Be Rewarded, week ${s.weekStart} to ${s.weekEnd}: ${plural(s.participants, 'participant')}; ${s.credited} credited ($20), ${s.notCredited} not credited, ${s.alreadySettled} already settled, ${s.notEligible} not opted in all week, ${s.awaitingData} awaiting meter data, ${s.noBaseline} without 4 weeks of history.`,
        );
      });
    });
  hfy
    .command('credits')
    .description('The credits earned, as CSV on standard output (for billing)')
    .option('--week <date>', 'only this week (any date of it), YYYY-MM-DD', parseWith(marketDateSchema))
    .option('--client-code <code>', "the retailer (default: the deployment's)")
    .action(async (options: { week?: string; clientCode?: string }) => {
      await cli.withDatabase(async ({ db }, config) => {
        const rows = await hereForYouCredits(db, clientOf(config, options.clientCode), options.week);
        for (const line of creditsCsv(rows, HERE_FOR_YOU_CREDITS_HEADER)) cli.out(line);
      });
    });
}
