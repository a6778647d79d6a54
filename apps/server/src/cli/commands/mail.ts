/** portal mail send-due, portal mail preview (docs/email-snapshots.md), portal mail alerts (docs/budget-alerts.md) */
import fs from 'node:fs/promises';
import path from 'node:path';
import { accountIdSchema, type EmailFrequency, marketDateSchema, marketToday } from '@portal/contracts';
import { type Command, InvalidArgumentError, Option } from 'commander';
import nodemailer from 'nodemailer';
import {
  type AlertOutcome,
  countAlertCandidates,
  DEFAULT_ALERT_BATCH_SIZE,
  sendBudgetAlerts,
} from '../../domains/subscriptions/alerts.ts';
import { createMailer, messageOf } from '../../domains/subscriptions/mailer.ts';
import {
  countDue,
  DEFAULT_BATCH_SIZE,
  previewSnapshot,
  type SnapshotOutcome,
  sendDue,
} from '../../domains/subscriptions/sender.ts';
import { PRIVATE_DIR_MODE, writePrivateFile } from '../../lib/private-files.ts';
import { type Cli, CliError, parseWith, plural, snakeCase } from '../context.ts';

function batchSize(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 10_000)
    throw new InvalidArgumentError('expected a whole number from 1 to 10000');
  return parsed;
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
      await cli.withDatabase(async ({ db }, config) => {
        const mailer = createMailer(config);
        const today = options.now ?? marketToday();
        const progress = cli.progress({
          label: 'Sending',
          total: await countDue(db, config, today),
          unit: 'snapshot',
        });
        const notSent: SnapshotOutcome[] = [];
        let failure: unknown = null;
        const summary = await sendDue({
          db,
          config,
          mailer,
          today,
          batchSize: options.batchSize,
          signal: cli.signal,
          onSnapshot: (outcome) => {
            progress.increment(1, outcome.publicId);
            if (outcome.status === 'sent') return;
            notSent.push(outcome);
            if (!options.json) {
              progress.log(
                `${outcome.status} ${outcome.frequency} ${outcome.periodStart} ${outcome.publicId}: ${outcome.reason}`,
              );
            }
          },
        })
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
              today,
              transport: mailer.kind,
              ...(mailer.kind === 'smtp' ? {} : { outbox: config.mail.outboxDir }),
              ...summary,
              notSent: notSent.map(({ deliveredTo: _, ...outcome }) => outcome),
            }),
          );
        }
        cli.out(
          `Mail (${today}, ${mailer.kind === 'smtp' ? 'SMTP' : `outbox ${config.mail.outboxDir}`}): ${plural(summary.claimed, 'subscription')} newly due, ${summary.sent} sent, ${summary.skipped} skipped, ${summary.cancelled} cancelled.`,
        );
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
      await cli.withDatabase(async ({ db }, config) => {
        const mailer = createMailer(config);
        const today = options.now ?? marketToday();
        const progress = cli.progress({
          label: 'Checking',
          total: await countAlertCandidates(db, config, today),
          unit: 'account',
        });
        const notSent: AlertOutcome[] = [];
        let failure: unknown = null;
        const summary = await sendBudgetAlerts({
          db,
          config,
          mailer,
          today,
          batchSize: options.batchSize,
          signal: cli.signal,
          onChecked: (publicId) => progress.increment(1, publicId),
          onAlert: (outcome) => {
            if (outcome.status === 'sent') return;
            notSent.push(outcome);
            if (!options.json) {
              progress.log(`${outcome.status} ${outcome.weekStart} ${outcome.publicId}: ${outcome.reason}`);
            }
          },
        })
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
              today,
              transport: mailer.kind,
              ...(mailer.kind === 'smtp' ? {} : { outbox: config.mail.outboxDir }),
              ...summary,
              notSent: notSent.map(({ deliveredTo: _, ...outcome }) => outcome),
            }),
          );
        }
        cli.out(
          `Budget alerts (${today}, ${mailer.kind === 'smtp' ? 'SMTP' : `outbox ${config.mail.outboxDir}`}): ${plural(summary.checked, 'account')} checked, ${summary.claimed} on track to exceed, ${summary.sent} sent, ${summary.skipped} skipped, ${summary.cancelled} cancelled.`,
        );
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
