/** portal events create|list|settle|credits: Reduce & Reward events (docs/reduce-and-reward.md). */
import fs from 'node:fs/promises';
import { aestIsoString, eventIdSchema, marketDateOf, PUBLIC_ID_PATTERN } from '@portal/contracts';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { creditsCsv } from '../../domains/reduce-and-reward/credits-csv.ts';
import {
  createEvent,
  EventInputError,
  InviteesError,
  listEvents,
} from '../../domains/reduce-and-reward/events.ts';
import { type SettleSummary, settleEvents } from '../../domains/reduce-and-reward/settle-events.ts';
import { type Cli, CliError, parseWith, plural, snakeCase } from '../context.ts';
import type { Progress } from '../progress.ts';

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An event time: 'YYYY-MM-DDTHH:mm' (or with a space) in AEST, or an ISO 8601 time with its offset. */
export function parseEventTime(value: string): Date {
  const local = LOCAL_TIME.exec(value);
  const text = local ? `${local[1]}T${local[2]}:${local[3]}:${local[4] ?? '00'}+10:00` : value;
  const instant = new Date(text);
  if ((!local && !WITH_OFFSET.test(value)) || Number.isNaN(instant.getTime())) {
    throw new InvalidArgumentError('expected a time as YYYY-MM-DDTHH:mm (AEST) or ISO 8601 with an offset');
  }
  if (local && aestIsoString(instant).slice(0, 16) !== `${local[1]}T${local[2]}:${local[3]}`) {
    throw new InvalidArgumentError(`not a valid time: ${value}`);
  }
  return instant;
}

function parseFactor(value: string): number {
  if (!/^-0?\.\d{1,3}$/.test(value)) {
    throw new InvalidArgumentError('expected a negative factor above -1 with at most 3 decimals, e.g. -0.3');
  }
  return Number(value);
}

/** One public id per line; blank lines and lines starting with # are ignored. Read from `filePath`. */
async function readAccountsFile(file: string, filePath: string): Promise<string[]> {
  let text: string;
  try {
    text = await fs.readFile(filePath, 'utf8');
  } catch (error) {
    throw new CliError(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const ids: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    if (!PUBLIC_ID_PATTERN.test(line)) {
      // Shown cut: a binary file or a 50 MB line is not for the terminal.
      const shown = line.length > 80 ? `${line.slice(0, 80)}… (${line.length} characters)` : line;
      throw new CliError(`${file}:${index + 1}: not an account id: ${JSON.stringify(shown)}`);
    }
    ids.push(line);
  });
  if (ids.length === 0) throw new CliError(`${file}: no account ids`);
  return ids;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function describeSettlement(summary: SettleSummary): string[] {
  const name = `Event ${summary.eventId}${summary.reference ? ` (${summary.reference})` : ''}`;
  if (summary.state === 'not finished') return [`${name}: not finished yet; nothing settled.`];
  const lines = [
    `${name}: ${summary.withData} of ${plural(summary.invited, 'account')} settled, ${plural(summary.changed, 'result')} changed.`,
  ];
  for (const missing of summary.missing) {
    lines.push(`  still missing data: ${missing.publicId} (${missing.reason})`);
  }
  return lines;
}

export function registerEventCommands(program: Command, cli: Cli) {
  const events = program.command('events').description('Reduce & Reward demand-response events');

  events
    .command('create')
    .description('Create an event and invite accounts to it (times in AEST, on 30-minute boundaries)')
    .requiredOption(
      '--start <time>',
      'start, YYYY-MM-DDTHH:mm in AEST (or ISO 8601 with an offset)',
      parseEventTime,
    )
    .requiredOption('--end <time>', 'end, same format; the same AEST day as the start', parseEventTime)
    .requiredOption(
      '--factor <f>',
      'percent displacement factor, e.g. -0.3 for 30% below the baseline',
      parseFactor,
    )
    .addOption(
      new Option('--accounts <file>', 'invite the account ids listed in the file, one a line').conflicts(
        'all',
      ),
    )
    .addOption(
      new Option('--all', "invite every account of this deployment's retailer").conflicts('accounts'),
    )
    .option('--reference <text>', 'your own unique name for the event')
    .action(
      async (options: {
        start: Date;
        end: Date;
        factor: number;
        accounts?: string;
        all?: boolean;
        reference?: string;
      }) => {
        if (!options.accounts && !options.all) throw new CliError('give --accounts <file> or --all');
        const invite = options.all
          ? ('all' as const)
          : await readAccountsFile(options.accounts as string, cli.path(options.accounts as string));
        await cli.withDatabase(async ({ db }, config) => {
          try {
            const { event, invited } = await createEvent(db, {
              clientCode: config.client.clientCode,
              startsAt: options.start,
              endsAt: options.end,
              factor: options.factor,
              reference: options.reference,
              invite,
            });
            cli.out(String(event.id));
            cli.out(
              `Event ${event.id}: ${aestIsoString(event.startsAt)} to ${aestIsoString(event.endsAt)}, factor ${event.percentDisplacementFactor}, ${plural(invited, 'account')} invited.`,
            );
          } catch (error) {
            if (error instanceof InviteesError && options.accounts) {
              throw new CliError(`${options.accounts}: ${error.message}`);
            }
            if (error instanceof EventInputError) throw new CliError(error.message);
            if (
              (error as { code?: string }).code === '23505' ||
              /unique/i.test(String((error as Error).message))
            ) {
              throw new CliError(`an event with the reference ${options.reference} already exists`);
            }
            throw error;
          }
        });
      },
    );

  events
    .command('list')
    .description('List the events, oldest first, with their settlement and credits')
    .option('--json', 'print one JSON object: { "events": [...] }')
    .action(async (options: { json?: boolean }) => {
      await cli.withDatabase(async ({ db }, config) => {
        const rows = await listEvents(db, config.client.clientCode);
        if (options.json) {
          return cli.json({
            events: rows.map(({ event, invited, settled, creditCents }) => ({
              id: event.id,
              reference: event.reference,
              date: marketDateOf(event.startsAt),
              starts_at: aestIsoString(event.startsAt),
              ends_at: aestIsoString(event.endsAt),
              factor: Number(event.percentDisplacementFactor),
              status: event.status,
              invited,
              settled,
              credit_cents: creditCents,
            })),
          });
        }
        cli.out(
          [
            'id',
            'reference',
            'date',
            'start',
            'end',
            'factor',
            'status',
            'invited',
            'settled',
            'credits',
          ].join('\t'),
        );
        for (const { event, invited, settled, creditCents } of rows) {
          cli.out(
            [
              event.id,
              event.reference ?? '',
              marketDateOf(event.startsAt),
              aestIsoString(event.startsAt).slice(11, 16),
              aestIsoString(event.endsAt).slice(11, 16),
              event.percentDisplacementFactor,
              event.status,
              invited,
              settled,
              dollars(creditCents),
            ].join('\t'),
          );
        }
        cli.out(plural(rows.length, 'event'));
      });
    });

  events
    .command('settle')
    .description(
      'Compute baselines, results, ranks and credits from the meter data (idempotent); without an id, every ended event not fully settled',
    )
    .argument('[eventId]', 'the event', parseWith(eventIdSchema))
    .option('--json', 'print one JSON object: { "events": [...], "settled", "missing" }')
    .action(async (eventId: number | undefined, options: { json?: boolean }) => {
      await cli.withDatabase(async ({ db }, config) => {
        let progress: Progress | undefined;
        let summaries: SettleSummary[] | null;
        try {
          summaries = await settleEvents(db, {
            clientCode: config.client.clientCode,
            eventId,
            onProgress: (settled, total) => {
              progress ??= cli.progress({ label: 'Settling', total, unit: 'event' });
              progress.update(settled);
            },
          });
        } finally {
          progress?.stop();
        }
        if (summaries === null) throw new CliError(`no event ${eventId}`);
        const settled = summaries.filter((s) => s.state === 'settled').length;
        const missing = summaries.reduce((sum, s) => sum + s.missing.length, 0);
        if (options.json) return cli.json(snakeCase({ events: summaries, settled, missing }));
        for (const summary of summaries) for (const line of describeSettlement(summary)) cli.out(line);
        cli.out(`Settled ${plural(settled, 'event')}; ${plural(missing, 'account')} still missing data.`);
      });
    });

  events
    .command('credits')
    .description('The bill credits of an event as CSV on standard output')
    .argument('<eventId>', 'the event', parseWith(eventIdSchema))
    .action(async (eventId: number) => {
      await cli.withDatabase(async ({ db }, config) => {
        const lines = await creditsCsv(db, config.client.clientCode, eventId);
        if (lines === null) throw new CliError(`no event ${eventId}`);
        for (const line of lines) cli.out(line);
      });
    });
}
