/**
 * NEM12 import into the database and the data export (docs/contracts.md, docs/meter-data.md, the data README): every sample file
 * as documented, one transaction per file, newer update time wins, re-import changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, errorResponseSchema, usageResponseSchema } from '@portal/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { importSummary } from '../../src/cli/commands/meter-data.ts';
import type { DatabaseHandle } from '../../src/db/index.ts';
import { meterReads } from '../../src/db/schema.ts';
import { createAccount } from '../../src/domains/accounts/service.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { assignTariff, FROM_THE_START } from '../../src/domains/billing/tariff-store.ts';
import { exportCsvLines } from '../../src/domains/meter-data/export.ts';
import { type Nem12WriteChannel, nem12Lines } from '../../src/domains/meter-data/nem12/index.ts';
import { wholeMeter } from '../../src/domains/meter-data/supply-period.ts';
import {
  type FileImportResult,
  importNem12Source,
  isUnreadable,
  sourcesOf,
  textSource,
} from '../../src/domains/meter-imports/importer.ts';
import { testAppForFile } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { NEM12_SAMPLES } from '../helpers/samples.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const samples = NEM12_SAMPLES;

async function importPaths(db: DatabaseHandle['db'], paths: string[]): Promise<FileImportResult[]> {
  const results: FileImportResult[] = [];
  for await (const source of sourcesOf(paths)) {
    if (isUnreadable(source)) throw new Error(`${source.name}: ${source.reason}`);
    results.push(await importNem12Source(db, source));
  }
  return results;
}

/**
 * An independent reading of a NEM12 file: per NMI, suffix and day, the kWh sum of its 300 rows, by plain
 * string splitting and parseFloat (rounded to watt-hours), for kWh/Wh channels only. Later rows for the
 * same day replace earlier ones, as the importer's within-file rule says.
 */
function independentDayTotals(file: string): Map<string, number> {
  const totals = new Map<string, number>();
  let context: { nmi: string; suffix: string; factor: number; n: number } | undefined;
  for (const raw of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const fields = raw.split(',');
    if (fields[0] === '200') {
      const unit = (fields[7] ?? '').toLowerCase();
      const factor = unit === 'kwh' ? 1 : unit === 'wh' ? 0.001 : unit === 'mwh' ? 1000 : 0;
      context = { nmi: fields[1] ?? '', suffix: fields[4] ?? '', factor, n: 1440 / Number(fields[8]) };
    } else if (fields[0] === '300' && context && context.factor > 0 && /^[EB]/.test(context.suffix)) {
      const values = fields.slice(2, 2 + context.n);
      if (values.length < context.n || values.some((value) => Number.isNaN(Number.parseFloat(value))))
        continue;
      const day = `${fields[1]?.slice(0, 4)}-${fields[1]?.slice(4, 6)}-${fields[1]?.slice(6, 8)}`;
      const kwh = values.reduce((sum, value) => sum + Number.parseFloat(value) * (context?.factor ?? 0), 0);
      totals.set(`${context.nmi}|${context.suffix}|${day}`, Math.round(kwh * 1000));
    }
  }
  return totals;
}

async function storedDayTotals(db: DatabaseHandle['db']): Promise<Map<string, number>> {
  const rows = await db
    .select({
      nmi: meterReads.nmi,
      suffix: meterReads.suffix,
      date: meterReads.readDate,
      values: meterReads.intervalValues,
      kind: meterReads.kind,
    })
    .from(meterReads);
  return new Map(
    rows
      .filter((row) => row.kind !== 'other')
      .map((row) => [
        `${row.nmi}|${row.suffix}|${row.date}`,
        Math.round(row.values.reduce((sum, value) => sum + value, 0) / 1000),
      ]),
  );
}

describe('the sample files', () => {
  const valid = fs
    .readdirSync(samples)
    .filter((name) => name.endsWith('.csv'))
    .sort();

  it.each(valid)('imports %s completely, each day summing as the file says', async (name) => {
    const handle = await createTestDatabase();
    try {
      await handle.db.delete(meterReads);
      const [result] = await importPaths(handle.db, [path.join(samples, name)]);
      expect(result?.status).toBe('imported');
      const expected = independentDayTotals(path.join(samples, name));
      expect(expected.size).toBeGreaterThan(0);
      expect(await storedDayTotals(handle.db)).toEqual(expected);
    } finally {
      await handle.close();
    }
  });

  it('creates nothing for a rejected file, not even a partition, and imports the next file all the same', async () => {
    const handle = await createTestDatabase();
    try {
      const partitions = async () =>
        (
          (await handle.db.execute(
            sql`select relname from pg_class where relkind = 'r' and relname ~ '^(meter_reads|priced_days)_y' order by relname`,
          )) as unknown as { rows: { relname: string }[] }
        ).rows.map((row) => row.relname);
      const before = await partitions();
      const header = '100,NEM12,202401010000,MDA1,RET1';
      const energy = (minutes: number) => `200,QREJECT001,E1,1,E1,N1,M1,kWh,${minutes},`;
      const day = (date: string, count = 48) => `300,${date},${new Array(count).fill('1').join(',')},A,,,,`;
      // Each is refused after a valid day of another month: none of the months may get a partition.
      const rejected = {
        'year 0': [header, energy(30), day('20500101'), day('00000101'), '900'],
        'before 1900': [header, energy(30), day('20500201'), day('18991231'), '900'],
        'after 2999': [header, energy(30), day('20990101'), day('30000101'), '900'],
        '10-minute energy': [header, energy(10), day('21010101', 144), '900'],
        'short day at the end': [header, energy(30), day('21020101'), day('21030101', 47), '900'],
      };
      const sources = Object.entries(rejected).map(([name, lines]) =>
        textSource(`${name}.csv`, lines.join('\n')),
      );
      const valid = textSource('valid.csv', [header, energy(30), day('21040101'), '900'].join('\n'));
      const results = [];
      for (const source of [...sources, valid]) results.push(await importNem12Source(handle.db, source));
      expect(results.map((result) => result.status)).toEqual([...sources.map(() => 'rejected'), 'imported']);
      expect(await partitions()).toEqual([...before, 'meter_reads_y2104m01', 'priced_days_y2104m01'].sort());
      const [stored] = await handle.db
        .select({ n: count() })
        .from(meterReads)
        .where(eq(meterReads.nmi, 'QREJECT001'));
      expect(stored?.n).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('handles the edge cases of invalid/ as the README says, storing nothing of a rejected file', async () => {
    const handle = await createTestDatabase();
    try {
      await handle.db.delete(meterReads);
      const dir = path.join(samples, 'invalid');
      const results = new Map(
        (await importPaths(handle.db, [dir])).map((result) => [path.basename(result.file), result]),
      );
      const get = (name: string) => results.get(name) as FileImportResult;

      expect(get('Example_NEM12_missing_header.csv').status).toBe('imported');
      expect(get('Example_NEM12_missing_header.csv').warnings[0]?.message).toMatch(/100 header/);
      for (const name of ['Example_NEM12_powercor.csv', 'Example_NEM12_powercor_missing_fields.csv']) {
        expect(get(name).status).toBe('imported');
        expect(get(name).days).toBe(4);
      }
      expect(get('Example_NEM12_incomplete_interval.csv').status).toBe('imported');
      expect(get('Example_NEM12_incomplete_interval.csv').warnings.map((warning) => warning.line)).toContain(
        3,
      );
      expect(get('Example_NEM12_empty.csv')).toMatchObject({ status: 'imported', days: 0 });
      expect(get('Example_empty_file.csv')).toMatchObject({ status: 'rejected', error: { line: 1 } });
      for (const name of [
        'Example_NEM12_15min_200_30min_300.csv',
        'Example_NEM12_30min_200_15min_300.csv',
        'Example_NEM12_30min_200_15min_400.csv',
        'Example_NEM12_15min_200_30min_400.csv',
      ]) {
        expect(get(name)).toMatchObject({ status: 'rejected', days: 0, error: { line: 3 } });
      }
      // The rejected files' NMI "123" has nothing stored.
      const rejectedNmi = await handle.db
        .select({ n: count() })
        .from(meterReads)
        .where(eq(meterReads.nmi, '123'));
      expect(rejectedNmi[0]?.n).toBe(0);
      // The same day with the same update time from a later file does not replace what is stored
      // (missing_header, read first, says 1.111; the powercor files come after it).
      const [stored] = await handle.db
        .select({ values: meterReads.intervalValues })
        .from(meterReads)
        .where(
          and(
            eq(meterReads.nmi, 'VABD000163'),
            eq(meterReads.suffix, 'E1'),
            eq(meterReads.readDate, '2004-02-01'),
          ),
        );
      expect(stored?.values[0]).toBe(1_111_000);

      const summary = importSummary([...results.values()]).join('\n');
      expect(summary).toContain('5 rejected');
      expect(summary).toMatch(/rejected: .*Example_NEM12_15min_200_30min_300\.csv:3: /);
      expect(summary).toMatch(/warning: .*Example_NEM12_incomplete_interval\.csv:3: /);
    } finally {
      await handle.close();
    }
  });

  it('takes the later of two reads of a day with the same update time within one file', async () => {
    const handle = await createTestDatabase();
    try {
      await handle.db.delete(meterReads);
      const [result] = await importPaths(handle.db, [
        path.join(samples, 'invalid', 'Example_NEM12_powercor.csv'),
      ]);
      expect(result).toMatchObject({ status: 'imported', days: 4, written: 2, unchanged: 0 });
      // The file holds 1.111 and later 3.333 for E1 on 2004-02-01, both updated 2004-02-02 12:00:25.
      const [stored] = await handle.db
        .select({ values: meterReads.intervalValues })
        .from(meterReads)
        .where(and(eq(meterReads.nmi, 'VABD000163'), eq(meterReads.suffix, 'E1')));
      expect(stored?.values[0]).toBe(3_333_000);
    } finally {
      await handle.close();
    }
  });

  it('imports each file of a zip archive as its own file', async () => {
    const handle = await createTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-zip-'));
    try {
      await handle.db.delete(meterReads);
      const zipPath = path.join(dir, 'reads.ZIP');
      const zip = new yazl.ZipFile();
      zip.addFile(path.join(samples, 'Example_NEM12_month_solar.csv'), 'month/solar.csv');
      zip.addFile(path.join(samples, 'invalid', 'Example_empty_file.csv'), 'empty.csv');
      await new Promise<void>((resolve, reject) => {
        zip.outputStream.pipe(fs.createWriteStream(zipPath)).on('close', resolve).on('error', reject);
        zip.end();
      });
      const results = await importPaths(handle.db, [zipPath]);
      expect(results.map((result) => [path.relative(dir, result.file), result.status])).toEqual([
        ['reads.ZIP:month/solar.csv', 'imported'],
        ['reads.ZIP:empty.csv', 'rejected'],
      ]);
      expect(await storedDayTotals(handle.db)).toEqual(
        independentDayTotals(path.join(samples, 'Example_NEM12_month_solar.csv')),
      );
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('import rules (properties)', () => {
  let handle: DatabaseHandle;
  let run = 0;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle?.close());

  /** Channels of a fresh NMI (per run, so runs do not meet), 30- or 15-minute, days in 2024. */
  const documentArbitrary = fc
    .record({
      suffixes: fc.subarray(['E1', 'B1', 'E2'] as const, { minLength: 1 }),
      intervalMinutes: fc.constantFrom(15 as const, 30 as const),
      days: fc.uniqueArray(fc.integer({ min: 0, max: 365 }), { minLength: 1, maxLength: 3 }),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
    })
    .map(({ suffixes, intervalMinutes, days, seed }) => {
      const nmi = `Q${String(++run).padStart(9, '0')}`;
      const channels: Nem12WriteChannel[] = suffixes.map((suffix, channelIndex) => ({
        nmi,
        suffix,
        intervalMinutes,
        reads: days.map((day) => ({
          date: addDays('2024-01-01', day),
          values: Array.from(
            { length: 1440 / intervalMinutes },
            (_, i) => (((seed + i * 7919 + day * 104_729 + channelIndex) % 5000) + 1) * 1000,
          ),
          updateTime: new Date(Date.UTC(2024, 11, 31, 0, 0, seed % 3600)),
        })),
      }));
      return { nmi, channels, text: [...nem12Lines({ channels })].join('\n') };
    });

  const exported = async (nmi: string) => {
    const lines: string[] = [];
    for await (const line of exportCsvLines(handle.db, wholeMeter(nmi), '2024-01-01', '2025-01-01'))
      lines.push(line);
    return lines;
  };

  it('imports any valid document and exports the same values, and a re-import changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(documentArbitrary, async ({ nmi, channels, text }) => {
        const first = await importNem12Source(handle.db, textSource('doc.csv', text));
        expect(first.status).toBe('imported');
        const lines = await exported(nmi);
        // Every interval of every written day is in the export, import and export channels summed.
        const days = new Set(channels.flatMap((channel) => [...channel.reads].map((read) => read.date)));
        const intervals = 1440 / (channels[0]?.intervalMinutes ?? 30);
        expect(lines.length - 1).toBe(days.size * intervals);
        for (const date of days) {
          for (let i = 0; i < intervals; i++) {
            const importMicro = channels
              .filter((channel) => channel.suffix !== 'B1')
              .reduce(
                (sum, channel) =>
                  sum + ([...channel.reads].find((read) => read.date === date)?.values[i] ?? 0),
                0,
              );
            const exportMicro = channels
              .filter((channel) => channel.suffix === 'B1')
              .reduce(
                (sum, channel) =>
                  sum + ([...channel.reads].find((read) => read.date === date)?.values[i] ?? 0),
                0,
              );
            const row = lines.find((line) =>
              line.startsWith(
                `${date}T${String(Math.floor((i * (channels[0]?.intervalMinutes ?? 30)) / 60)).padStart(2, '0')}:${String((i * (channels[0]?.intervalMinutes ?? 30)) % 60).padStart(2, '0')},`,
              ),
            );
            const [, , importKwh, exportKwh] = (row ?? '').split(',');
            expect(Math.round(Number(importKwh) * 1e6)).toBe(importMicro);
            expect(Math.round(Number(exportKwh) * 1e6)).toBe(exportMicro);
          }
        }
        const before = await handle.db
          .select()
          .from(meterReads)
          .where(eq(meterReads.nmi, nmi))
          .orderBy(asc(meterReads.readDate), asc(meterReads.suffix));
        const again = await importNem12Source(handle.db, textSource('doc.csv', text));
        expect(again).toMatchObject({ status: 'imported', written: 0, unchanged: first.days });
        const after = await handle.db
          .select()
          .from(meterReads)
          .where(eq(meterReads.nmi, nmi))
          .orderBy(asc(meterReads.readDate), asc(meterReads.suffix));
        expect(after).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });

  it('rejects a corrupted document at its line and stores nothing of it', async () => {
    await fc.assert(
      fc.asyncProperty(
        documentArbitrary,
        fc.nat(),
        fc.constantFrom('letter', 'drop-value', 'unknown-record'),
        async ({ nmi, text }, pick, corruption) => {
          const lines = text.split('\n');
          const rows = lines.flatMap((line, index) => (line.startsWith('300,') ? [index] : []));
          const index = rows[pick % rows.length] as number;
          const fields = (lines[index] as string).split(',');
          if (corruption === 'letter') fields[2 + (pick % 10)] = 'x';
          else if (corruption === 'drop-value') fields.splice(3, 1);
          else fields[0] = '350';
          lines[index] = fields.join(',');
          const result = await importNem12Source(handle.db, textSource('bad.csv', lines.join('\n')));
          expect(result.status).toBe('rejected');
          expect(result.error?.line).toBe(index + 1);
          const stored = await handle.db
            .select({ n: count() })
            .from(meterReads)
            .where(eq(meterReads.nmi, nmi));
          expect(stored[0]?.n).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('never lets an older read overwrite a newer one, and lets a newer one replace it', async () => {
    const day = (value: number, updated: string): Nem12WriteChannel[] => [
      {
        nmi: 'NEWER00001',
        suffix: 'E1',
        intervalMinutes: 30,
        reads: [{ date: '2024-06-01', values: new Array(48).fill(value), updateTime: new Date(updated) }],
      },
    ];
    const load = (value: number, updated: string) =>
      importNem12Source(
        handle.db,
        textSource('day.csv', [...nem12Lines({ channels: day(value, updated) })].join('\n')),
      );
    const stored = async () =>
      (
        await handle.db
          .select({ values: meterReads.intervalValues })
          .from(meterReads)
          .where(eq(meterReads.nmi, 'NEWER00001'))
      )[0]?.values[0];

    expect((await load(1_000_000, '2024-06-02T00:00:00Z')).written).toBe(1);
    expect((await load(2_000_000, '2024-06-01T23:00:00Z')).written).toBe(0);
    expect(await stored()).toBe(1_000_000);
    expect((await load(3_000_000, '2024-06-03T00:00:00Z')).written).toBe(1);
    expect(await stored()).toBe(3_000_000);
  });

  it('creates the monthly partitions it writes to', async () => {
    const partitions = await handle.db.execute(
      sql`select count(*)::int as n from pg_inherits where inhparent = 'meter_reads'::regclass`,
    );
    const rows = (partitions as unknown as { rows: { n: number }[] }).rows ?? partitions;
    expect(Number((rows as { n: number }[])[0]?.n)).toBeGreaterThanOrEqual(12);
  });
});

describe('GET /api/tracker/export', () => {
  const t = testAppForFile();
  const yesterday = addDays(suiteToday(), -1);

  it("streams a day of the demo account's data as CSV, summed per interval", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/export',
      query: { account_id: 'demo-home', from: yesterday, to: yesterday },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('interval_start,interval_minutes,import_kwh,export_kwh,quality');
    expect(lines).toHaveLength(49);
    expect(lines[1]).toMatch(new RegExp(`^${yesterday}T00:00,30,\\d+(\\.\\d+)?,0,[AE]$`));
    // demo-home has a general (E1) and a controlled-load (E2) channel: the export sums them.
    const [channels] = await t.db
      .select({ n: count() })
      .from(meterReads)
      .where(and(eq(meterReads.nmi, '6001000001'), eq(meterReads.readDate, yesterday)));
    expect(channels?.n).toBe(2);
    const stored = await t.db
      .select({ values: meterReads.intervalValues })
      .from(meterReads)
      .where(and(eq(meterReads.nmi, '6001000001'), eq(meterReads.readDate, yesterday)));
    const firstInterval = stored.reduce((sum, row) => sum + (row.values[0] ?? 0), 0);
    expect(Math.round(Number(lines[1]?.split(',')[2]) * 1e6)).toBe(firstInterval);
  });

  it('answers an account with no data with the header only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/export',
      query: { account_id: 'demo-new', from: '2026-01-01', to: '2026-01-31' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('interval_start,interval_minutes,import_kwh,export_kwh,quality\n');
  });

  it.each([
    [{ from: '2026-02-01', to: '2026-01-01' }, '"from" must not be after "to"'],
    [{ from: '2024-01-01', to: '2026-01-01' }, 'at most 366 days'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'YYYY-MM-DD'],
    [{ from: '2026-01-01' }, 'to'],
  ])('refuses %j with a clear 400', async (range, message) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/export',
      query: { account_id: 'demo-home', ...range },
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error.message).toContain(message);
  });

  // A distributor's download whose V days lost their 400 records (docs/meter-data.md, --lenient).
  it('imports V days without 400 records only when lenient, as estimated usage that is priced', async () => {
    const file = path.resolve(
      import.meta.dirname,
      '../fixtures/nem12/lenient/Distributor_download_V_without_400.csv',
    );
    const source = () => textSource('download.csv', fs.readFileSync(file, 'utf8'));
    const strict = await importNem12Source(t.db, source());
    expect(strict).toMatchObject({ status: 'rejected', error: { line: 4 } });
    const [none] = await t.db.select({ n: count() }).from(meterReads).where(eq(meterReads.nmi, '6203998877'));
    expect(none?.n).toBe(0);

    const lenient = await importNem12Source(t.db, source(), { lenient: true });
    expect(lenient).toMatchObject({ status: 'imported', days: 8, written: 8 });
    expect(lenient.warnings.map((warning) => warning.line)).toEqual([4, 6, 9, 11]);

    const account = await createAccount(t.db, {
      nmi: '6203998877',
      publicId: 'lenient-download',
      marketSegment: 'residential',
      clientCode: t.config.client.clientCode,
    });
    await assignTariff(t.db, account.id, demoTariffs.solar.code, FROM_THE_START);
    const usage = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/usage',
      query: { account_id: 'lenient-download', from: '2024-03-01' },
    });
    expect(usage.statusCode).toBe(200);
    const days = usageResponseSchema.parse(usage.json()).current_week.intervals;
    // The week of Monday 26 February: Friday 1 March is actual; Saturday 2 March (V, quality unknown) is
    // estimated, and its usage is priced.
    const [friday, saturday] = [days[4], days[5]];
    expect(friday?.interval_range.starts_at).toMatchObject({ day: 'Friday', date: 1 });
    expect(friday?.estimated_share).toBe(0);
    expect(saturday?.estimated_share).toBe(1);
    expect(saturday?.intervals.every((hour) => hour.estimated_share === 1)).toBe(true);
    expect(saturday?.data.usage_kwh).toBeGreaterThan(0);
    expect(saturday?.data.total_spend).not.toBeNull();

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/export',
      query: { account_id: 'lenient-download', from: '2024-03-01', to: '2024-03-02' },
    });
    const rows = csv.body.trim().split('\n').slice(1);
    expect(rows.slice(0, 48).every((row) => row.endsWith(',A'))).toBe(true);
    expect(rows.slice(48).every((row) => row.endsWith(',V'))).toBe(true);
    expect(rows).toHaveLength(96);
  });

  it('keeps other accounts out', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/export',
      query: { account_id: 'demo-other', from: '2026-01-01', to: '2026-01-02' },
    });
    expect(response.statusCode).toBe(403);
  });
});
