/**
 * portal mail send-due, portal mail preview (docs/email-snapshots.md), portal mail alerts (docs/budget-alerts.md),
 * portal mail events (docs/reduce-and-reward.md#emails)
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  accountIdSchema,
  aestIsoString,
  type EmailFrequency,
  marketDateSchema,
  marketToday,
} from '@portal/contracts';
import { type Command, InvalidArgumentError, Option } from 'commander';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import {
  type AlertOutcome,
  type AlertsSummary,
  countAlertCandidates,
  DEFAULT_ALERT_BATCH_SIZE,
  sendBudgetAlerts,
} from '../../domains/subscriptions/alerts.ts';
import {
  countEventEmailsDue,
  type EventEmailOutcome,
  type EventEmailsSummary,
  sendEventEmails,
} from '../../domains/subscriptions/event-emails.ts';
import { createMailer, type Mailer, messageOf } from '../../domains/subscriptions/mailer.ts';
import {
  countDue,
  DEFAULT_BATCH_SIZE,
  previewSnapshot,
  type SendDueSummary,
  type SnapshotOutcome,
  sendDue,
} from '../../domains/subscriptions/sender.ts';
import { PRIVATE_DIR_MODE, writePrivateFile } from '../../lib/private-files.ts';
import { type Cli, CliError, parseWith, plural, snakeCase } from '../context.ts';
import type { Progress, ProgressSpec } from '../progress.ts';
import { parseEventTime } from './events.ts';

function batchSize(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 10_000)
    throw new InvalidArgumentError('expected a whole number from 1 to 10000');
  return parsed;
}

/** A time for `--now`: an event time (parseEventTime), or a date standing for its AEST midnight. */
function parseRunTime(value: string): Date {
  if (marketDateSchema.safeParse(value).success) return parseEventTime(`${value}T00:00`);
  try {
    return parseEventTime(value);
  } catch {
    throw new InvalidArgumentError(
      'expected a time as YYYY-MM-DDTHH:mm (AEST), ISO 8601 with an offset, or a date as YYYY-MM-DD',
    );
  }
}

interface SenderOutcome {
  status: 'sent' | 'skipped' | 'cancelled';
  publicId: string;
  reason?: string | undefined;
  deliveredTo?: string | undefined;
}

/**
 * What the mail commands share: the mailer, the progress bar, each email not sent listed as it happens, a
 * delivery failure as the command's error (the rest stays due), and the summary (`--json`: one object).
 */
async function runSender<Outcome extends SenderOutcome, Summary extends object>(
  cli: Cli,
  options: { json?: boolean | undefined },
  spec: {
    /** The run's day (`today` in JSON) or time (`now`, AEST), as the summary names it. */
    run: { today: string } | { now: string };
    progress: (db: Database, config: Config) => Promise<ProgressSpec>;
    send: (
      base: { db: Database; config: Config; mailer: Mailer; signal: AbortSignal },
      hooks: { progress: Progress; onOutcome: (outcome: Outcome) => void },
    ) => Promise<Summary>;
    /** What an email not sent was, before its reason. */
    describe: (outcome: Outcome) => string;
    summary: (summary: Summary, transport: string) => string;
  },
) {
  await cli.withDatabase(async ({ db }, config) => {
    const mailer = createMailer(config);
    const progress = cli.progress(await spec.progress(db, config));
    const notSent: Outcome[] = [];
    let failure: unknown = null;
    const summary = await spec
      .send(
        { db, config, mailer, signal: cli.signal },
        {
          progress,
          onOutcome: (outcome) => {
            if (outcome.status === 'sent') return;
            notSent.push(outcome);
            if (!options.json) {
              progress.log(`${outcome.status} ${spec.describe(outcome)}: ${outcome.reason}`);
            }
          },
        },
      )
      .catch((error: unknown) => {
        failure = error;
        return null;
      })
      .finally(() => {
        progress.stop();
        mailer.close();
      });
    if (failure || !summary) {
      throw new CliError(
        `delivery failed, the rest stays due for the next run: ${failure instanceof Error ? failure.message : String(failure)}`,
      );
    }
    if (options.json) {
      return cli.json(
        snakeCase({
          ...spec.run,
          transport: mailer.kind,
          ...(mailer.kind === 'smtp' ? {} : { outbox: config.mail.outboxDir }),
          ...summary,
          notSent: notSent.map(({ deliveredTo: _, ...outcome }) => outcome),
        }),
      );
    }
    cli.out(spec.summary(summary, mailer.kind === 'smtp' ? 'SMTP' : `outbox ${config.mail.outboxDir}`));
  });
}

export function registerMailCommands(program: Command, cli: Cli) {
  const mail = program.command('mail').description('Email snapshots');

  mail
    .command('send-due')
    .description(
      'Send every due weekly and monthly snapshot: over SMTP when SMTP_URL is set, otherwise as .eml files in DATA_DIR/outbox. Safe to run in parallel and to rerun after a crash.',
    )
    .option('--now <date>', 'run as if today were this AEST date (YYYY-MM-DD)', parseWith(marketDateSchema))
    .option('--batch-size <n>', 'subscriptions claimed per transaction', batchSize, DEFAULT_BATCH_SIZE)
    .option('--json', 'print the summary as one JSON object, with the snapshots not sent')
    .action(async (options: { now?: string; batchSize: number; json?: boolean }) => {
      const today = options.now ?? marketToday();
      await runSender<SnapshotOutcome, SendDueSummary>(cli, options, {
        run: { today },
        progress: async (db, config) => ({
          label: 'Sending',
          total: await countDue(db, config, today),
          unit: 'snapshot',
        }),
        send: (base, { progress, onOutcome }) =>
          sendDue({
            ...base,
            today,
            batchSize: options.batchSize,
            onSnapshot: (outcome) => {
              progress.increment(1, outcome.publicId);
              onOutcome(outcome);
            },
          }),
        describe: (outcome) => `${outcome.frequency} ${outcome.periodStart} ${outcome.publicId}`,
        summary: (summary, transport) =>
          `Mail (${today}, ${transport}): ${plural(summary.claimed, 'subscription')} newly due, ${summary.sent} sent, ${summary.skipped} skipped, ${summary.cancelled} cancelled.`,
      });
    });

  mail
    .command('alerts')
    .description(
      'Send the budget alerts due: to each subscriber whose week, as the Tracker shows it, is on track to exceed the weekly budget, at most one a week. Run it after each import. Safe to run in parallel and to rerun after a crash.',
    )
    .option('--now <date>', 'run as if today were this AEST date (YYYY-MM-DD)', parseWith(marketDateSchema))
    .option('--batch-size <n>', 'accounts looked at per transaction', batchSize, DEFAULT_ALERT_BATCH_SIZE)
    .option('--json', 'print the summary as one JSON object, with the alerts not sent')
    .action(async (options: { now?: string; batchSize: number; json?: boolean }) => {
      const today = options.now ?? marketToday();
      await runSender<AlertOutcome, AlertsSummary>(cli, options, {
        run: { today },
        progress: async (db, config) => ({
          label: 'Checking',
          total: await countAlertCandidates(db, config, today),
          unit: 'account',
        }),
        send: (base, { progress, onOutcome }) =>
          sendBudgetAlerts({
            ...base,
            today,
            batchSize: options.batchSize,
            onChecked: (publicId) => progress.increment(1, publicId),
            onAlert: onOutcome,
          }),
        describe: (outcome) => `${outcome.weekStart} ${outcome.publicId}`,
        summary: (summary, transport) =>
          `Budget alerts (${today}, ${transport}): ${plural(summary.checked, 'account')} checked, ${summary.claimed} on track to exceed, ${summary.sent} sent, ${summary.skipped} skipped, ${summary.cancelled} cancelled.`,
      });
    });

  mail
    .command('events')
    .description(
      'Send the Reduce & Reward emails due: the invitation to each subscriber invited to an event that has not started (with their own target), and the results once their result is settled; each once per account and event. Run it after creating events and after each settlement. Safe to run in parallel and to rerun after a crash.',
    )
    .option(
      '--now <time>',
      'run as if it were this time: YYYY-MM-DDTHH:mm (AEST), ISO 8601 with an offset, or a date (its AEST midnight)',
      parseRunTime,
    )
    .option('--json', 'print the summary as one JSON object, with the emails not sent')
    .action(async (options: { now?: Date; json?: boolean }) => {
      const now = options.now ?? new Date();
      const run = aestIsoString(now).slice(0, 16).replace('T', ' ');
      await runSender<EventEmailOutcome, EventEmailsSummary>(cli, options, {
        run: { now: run },
        progress: async (db, config) => ({
          label: 'Sending',
          total: await countEventEmailsDue(db, config, now),
          unit: 'email',
        }),
        send: (base, { progress, onOutcome }) =>
          sendEventEmails({
            ...base,
            now,
            onEmail: (outcome) => {
              progress.increment(1, outcome.publicId);
              onOutcome(outcome);
            },
          }),
        describe: (outcome) => `${outcome.kind} event ${outcome.eventId} ${outcome.publicId}`,
        summary: (summary, transport) =>
          `Reduce & Reward emails (${run} AEST, ${transport}): ${plural(summary.claimed, 'email')} newly due, ${summary.sent} sent, ${summary.skipped} skipped, ${summary.cancelled} cancelled.`,
      });
    });

  mail
    .command('preview')
    .description(
      "Write one account's snapshot to files (.eml, .html and .txt) without sending or recording it",
    )
    .argument('<accountId>', 'the public account id', parseWith(accountIdSchema))
    .option('--now <date>', 'as if sent on this AEST date (YYYY-MM-DD)', parseWith(marketDateSchema))
    .addOption(
      new Option('--frequency <frequency>', "the account's subscription frequency by default").choices([
        'weekly',
        'monthly',
      ]),
    )
    .option('--out <dir>', 'where to write the files (default: DATA_DIR/outbox/preview)')
    .action(
      async (accountId: string, options: { now?: string; frequency?: EmailFrequency; out?: string }) => {
        await cli.withDatabase(async ({ db }, config) => {
          const result = await previewSnapshot({
            db,
            config,
            publicId: accountId,
            today: options.now,
            frequency: options.frequency,
          });
          if ('skip' in result) throw new CliError(`no snapshot for ${accountId}: ${result.skip}`);
          const dir = options.out ? cli.path(options.out) : path.join(config.mail.outboxDir, 'preview');
          const base = path.join(dir, result.email.fileName.replace(/\.eml$/, ''));
          const transport = nodemailer.createTransport({
            streamTransport: true,
            buffer: true,
            newline: 'windows',
          });
          const info = await transport.sendMail(messageOf(config, result.email));
          // A customer's email and usage: the folders it creates 0700, the files 0600 (docs/access.md).
          await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
          await writePrivateFile(`${base}.eml`, info.message as Buffer);
          await writePrivateFile(`${base}.html`, result.email.html);
          await writePrivateFile(`${base}.txt`, result.email.text);
          cli.out(`Subject: ${result.email.subject}`);
          cli.out(
            `Wrote ${base}.eml, .html and .txt (${result.period.frequency}, ${result.period.start} to ${result.period.end}).`,
          );
        });
      },
    );
}
