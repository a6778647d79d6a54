/**
 * Solar Advantage curtailment (docs/api.md#entities solar_curtailment): importing the operator's CSV of curtailed days,
 * and the cumulative figures the Tracker shows. Importing a file enrols the accounts of its NMIs in the
 * trial; a day already loaded is replaced by the file's figures (so a re-import changes nothing).
 */
import fs from 'node:fs';
import { pipeline, Transform } from 'node:stream';
import {
  addDays,
  CURTAILMENT_HEADER,
  type CurtailmentRow,
  curtailmentRowSchema,
  type SolarCurtailment,
} from '@portal/contracts';
import { parse } from 'csv-parse';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import { excludedValues } from '../../db/excluded.ts';
import type { Database } from '../../db/index.ts';
import { type AccountRow, accounts, solarCurtailments } from '../../db/schema.ts';
import { InvalidRequest, libraryMessage } from '../../lib/errors.ts';
import { heldOn } from '../meter-data/queries.ts';

export interface CurtailmentImportSummary {
  rows: number;
  nmis: number;
  accountsEnrolled: number;
}

const MAX_CURTAILMENT_RECORD_BYTES = 4096;

/** Fails on a line longer than `max` bytes, before the CSV parser splits it into fields. */
function limitLineLength(max: number) {
  let run = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      for (let newline = chunk.indexOf(10); newline >= 0; newline = chunk.indexOf(10, start)) {
        if (run + newline - start > max) return done(new Error(`a line is longer than ${max} bytes`));
        run = 0;
        start = newline + 1;
      }
      run += chunk.length - start;
      if (run > max) return done(new Error(`a line is longer than ${max} bytes`));
      done(null, chunk);
    },
  });
}

/**
 * Reads and validates the whole file (it is small: a row per NMI and curtailed day). Messages name it as
 * `file`, the operator's own spelling, while `filePath` is where it is read from.
 */
export async function readCurtailmentFile(file: string, filePath = file): Promise<CurtailmentRow[]> {
  const rows: CurtailmentRow[] = [];
  // A row is some 50 bytes: a longer line (of text, or of commas) is not this file, and must not be buffered.
  const parser = pipeline(
    fs.createReadStream(filePath),
    limitLineLength(MAX_CURTAILMENT_RECORD_BYTES),
    parse({
      columns: false,
      trim: true,
      skip_empty_lines: true,
      bom: true,
      info: true,
      max_record_size: MAX_CURTAILMENT_RECORD_BYTES,
    }),
    () => {},
  );
  let line = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      line = info.lines;
      if (rows.length === 0 && line <= 1 && record[0]?.toLowerCase() === 'nmi') {
        if (record.join(',').toLowerCase() !== CURTAILMENT_HEADER.join(',')) {
          throw new InvalidRequest(`${file}:${line}: the header must be ${CURTAILMENT_HEADER.join(',')}`);
        }
        continue;
      }
      if (record.length !== CURTAILMENT_HEADER.length) {
        throw new InvalidRequest(
          `${file}:${line}: expected ${CURTAILMENT_HEADER.length} fields, found ${record.length}`,
        );
      }
      const parsed = curtailmentRowSchema.safeParse(
        Object.fromEntries(CURTAILMENT_HEADER.map((name, i) => [name, record[i]])),
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new InvalidRequest(`${file}:${line}: ${issue?.path.join('.')}: ${issue?.message}`);
      }
      rows.push(parsed.data);
    }
  } catch (error) {
    if (error instanceof InvalidRequest) throw error;
    throw new InvalidRequest(`${file}:${line || 1}: not a curtailment CSV (${libraryMessage(error)})`);
  }
  if (rows.length === 0) throw new InvalidRequest(`${file}: no curtailment rows`);
  return rows;
}

/** Stores the rows (one transaction) and enrols the accounts of their NMIs in the trial. */
export async function importCurtailment(
  db: Database,
  rows: readonly CurtailmentRow[],
): Promise<CurtailmentImportSummary> {
  const nmis = [...new Set(rows.map((row) => row.nmi))];
  return db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await tx
        .insert(solarCurtailments)
        .values(
          rows.slice(i, i + 500).map((row) => ({
            nmi: row.nmi,
            curtailedOn: row.date,
            hoursCurtailed: row.hours_curtailed,
            kwhCurtailed: row.kwh_curtailed,
            benefitCents: Math.round(row.benefit * 100),
          })),
        )
        .onConflictDoUpdate({
          target: [solarCurtailments.nmi, solarCurtailments.curtailedOn],
          set: excludedValues(solarCurtailments, ['hoursCurtailed', 'kwhCurtailed', 'benefitCents']),
        });
    }
    // The accounts that held a curtailed day of their NMI: a later occupant is not in the trial for it.
    const enrolled = await tx
      .update(accounts)
      .set({ solarTrial: true })
      .where(
        and(
          inArray(accounts.nmi, nmis),
          eq(accounts.solarTrial, false),
          sql`exists (select 1 from unnest(
            ${arrayLiteral(rows.map((row) => row.nmi))}::text[], ${arrayLiteral(rows.map((row) => row.date))}::date[]
          ) as c(nmi, day) where c.nmi = ${accounts.nmi}
            and c.day <@ daterange(${accounts.supplyFrom}, ${accounts.supplyTo}, '[]'))`,
        ),
      )
      .returning({ id: accounts.id });
    return { rows: rows.length, nmis: nmis.length, accountsEnrolled: enrolled.length };
  });
}

/** Cumulative curtailment to the end of the displayed week; null for accounts outside the trial. */
export async function curtailmentFor(
  db: Database,
  account: AccountRow,
  weekStart: string,
): Promise<SolarCurtailment | null> {
  if (!account.solarTrial) return null;
  const [totals] = await db
    .select({
      hours: sql<string>`coalesce(sum(${solarCurtailments.hoursCurtailed}), 0)`,
      kwh: sql<string>`coalesce(sum(${solarCurtailments.kwhCurtailed}), 0)`,
      cents: sql<string>`coalesce(sum(${solarCurtailments.benefitCents}), 0)`,
    })
    .from(solarCurtailments)
    .where(
      and(
        eq(solarCurtailments.nmi, account.nmi),
        lte(solarCurtailments.curtailedOn, addDays(weekStart, 6)),
        heldOn(account, solarCurtailments.curtailedOn),
      ),
    );
  return {
    // docs/rules.md#limits: hours to the nearest half hour, kWh to 2 decimals.
    cumulative_hours_curtailed: Math.round(Number(totals?.hours ?? 0) * 2) / 2,
    cumulative_kwh_curtailed: Math.round(Number(totals?.kwh ?? 0) * 100) / 100,
    cumulative_benefit: Number(totals?.cents ?? 0) / 100,
    applicable: true,
    welcome_banner: account.solarWelcomeSeen,
  };
}

export async function markSolarWelcomeSeen(db: Database, account: AccountRow): Promise<void> {
  await db.update(accounts).set({ solarWelcomeSeen: true }).where(eq(accounts.id, account.id));
}
