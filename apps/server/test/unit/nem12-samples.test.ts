/**
 * The NEM12 sample files behave as test/fixtures/nem12/README.md says (the acceptance test of the parser): valid
 * files import completely with the totals of an independent naive reading, edge cases warn or are rejected
 * with the line and reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  linesOf,
  type Nem12DayRead,
  Nem12Error,
  type Nem12Summary,
  parseNem12,
} from '../../src/domains/meter-data/nem12/index.ts';
import { NEM12_SAMPLES } from '../helpers/samples.ts';

const SAMPLES = NEM12_SAMPLES;

interface Parsed {
  reads: Nem12DayRead[];
  summary: Nem12Summary;
  warnings: string[];
}

async function parseSample(name: string): Promise<Parsed> {
  const warnings: string[] = [];
  const generator = parseNem12(linesOf(fs.createReadStream(path.join(SAMPLES, name))), {
    fileName: name,
    onWarning: (warning) => warnings.push(`${warning.line}: ${warning.message}`),
  });
  const reads: Nem12DayRead[] = [];
  for (;;) {
    const next = await generator.next();
    if (next.done === true) return { reads, summary: next.value, warnings };
    reads.push(next.value);
  }
}

async function rejection(name: string): Promise<Nem12Error> {
  const error = await parseSample(name).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Nem12Error)) throw new Error(`${name} was not rejected with a Nem12Error: ${error}`);
  return error;
}

/** Micro-units per unit written, for the naive reading below; '' is a channel without a unit. */
const MICRO_PER_UNIT: Record<string, number> = { wh: 1e3, kwh: 1e6, varh: 1e3, kvarh: 1e6, '': 1e6 };

/**
 * An independent reading of a sample: split on commas, parseFloat, sum, round. One entry per 300 record
 * that has values, in file order (a file may hold two reads of one day, as the powercor samples do).
 */
function naiveTotals(name: string): string[] {
  const totals: string[] = [];
  let nmi = '';
  let suffix = '';
  let factor = 0;
  let count = 0;
  for (const line of fs.readFileSync(path.join(SAMPLES, name), 'utf8').split(/\r?\n/)) {
    const fields = line.split(',');
    if (fields[0] === '200') {
      nmi = fields[1] ?? '';
      suffix = fields[4] ?? '';
      factor = MICRO_PER_UNIT[(fields[7] ?? '').toLowerCase()] ?? Number.NaN;
      count = 1440 / Number(fields[8]);
    } else if (fields[0] === '300' && !Number.isNaN(Number.parseFloat(fields[2] ?? ''))) {
      const values = fields.slice(2, 2 + count).map(Number.parseFloat);
      const sum = values.reduce((a, b) => a + b, 0);
      totals.push(`${nmi} ${suffix} ${fields[1]} ${values.length} ${Math.round(sum * factor)}`);
    }
  }
  return totals;
}

const totalsOf = (reads: Nem12DayRead[]) =>
  reads.map(
    (read) =>
      `${read.nmi} ${read.suffix} ${read.date.replaceAll('-', '')} ${read.values.length} ${read.values.reduce((a, b) => a + b, 0)}`,
  );

const VALID = [
  'Example_NEM12_actual_interval.csv',
  'Example_NEM12_different_interval_length.csv',
  'Example_NEM12_month_solar.csv',
  'Example_NEM12_multiple_meters.csv',
  'Example_NEM12_multiple_quality.csv',
  'Example_NEM12_no_scheduled_read.csv',
  'Example_NEM12_partialchannel.csv',
  'Example_NEM12_substituted_interval.csv',
  'Example_NEM12_upper_case_units.csv',
];
const IMPORTED_EDGE_CASES = [
  'invalid/Example_NEM12_missing_header.csv',
  'invalid/Example_NEM12_powercor.csv',
  'invalid/Example_NEM12_powercor_missing_fields.csv',
  'invalid/Example_NEM12_incomplete_interval.csv',
  'invalid/Example_NEM12_empty.csv',
];

describe('NEM12 sample files', () => {
  it('has every sample file, each covered by a test below', () => {
    expect(fs.existsSync(path.join(SAMPLES, 'README.md'))).toBe(true);
    const listed = [
      ...fs.readdirSync(SAMPLES).filter((name) => name.endsWith('.csv')),
      ...fs.readdirSync(path.join(SAMPLES, 'invalid')).map((name) => `invalid/${name}`),
    ];
    // Every sample is covered by one of the tests below.
    expect(listed.sort()).toEqual(
      [
        ...VALID,
        ...IMPORTED_EDGE_CASES,
        'invalid/Example_empty_file.csv',
        'invalid/Example_NEM12_15min_200_30min_300.csv',
        'invalid/Example_NEM12_15min_200_30min_400.csv',
        'invalid/Example_NEM12_30min_200_15min_300.csv',
        'invalid/Example_NEM12_30min_200_15min_400.csv',
      ].sort(),
    );
  });

  describe.each([...VALID, ...IMPORTED_EDGE_CASES])('%s', (name) => {
    it('imports every 300 record with values, with the totals of a naive reading', async () => {
      const { reads, summary } = await parseSample(name);
      expect(totalsOf(reads)).toEqual(naiveTotals(name));
      expect(summary.reads).toBe(reads.length);
      for (const read of reads) {
        expect(read.values).toHaveLength(1440 / read.intervalMinutes);
        expect(read.quality).toHaveLength(read.values.length);
        expect(read.quality).toMatch(/^[AEFNS]+$/);
        for (const value of read.values) expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
      }
    });
  });

  it('actual interval: E1 is import in kWh, Q1 is reactive and kept apart, times are AEST', async () => {
    const { reads, warnings, summary } = await parseSample('Example_NEM12_actual_interval.csv');
    expect(warnings).toEqual([]);
    expect(summary.header).toMatchObject({
      version: 'NEM12',
      fromParticipant: 'MDA1',
      toParticipant: 'Ret1',
    });
    expect(summary.header?.createdAt?.toISOString()).toBe('2004-05-01T01:35:00.000Z');
    const [e1, q1] = reads;
    expect(e1).toMatchObject({
      nmi: 'VABD000163',
      suffix: 'E1',
      nmiConfiguration: 'E1Q1',
      registerId: '1',
      mdmDataStreamId: 'N1',
      meterSerial: 'METSER123',
      uom: 'kWh',
      unit: 'kWh',
      kind: 'import',
      intervalMinutes: 30,
      date: '2004-02-01',
      qualityMethod: 'A',
      reasonCode: null,
      reasonDescription: null,
      events: [],
      line: 3,
    });
    expect(e1?.values).toEqual(new Array(48).fill(1_111_000));
    expect(e1?.quality).toBe('A'.repeat(48));
    // 20040202120025 in AEST (UTC+10) is 02:00:25 UTC.
    expect(e1?.updateTime?.toISOString()).toBe('2004-02-02T02:00:25.000Z');
    expect(e1?.msatsLoadTime?.toISOString()).toBe('2004-02-02T04:25:16.000Z');
    expect(q1).toMatchObject({ suffix: 'Q1', uom: 'kVArh', unit: 'kVArh', kind: 'other', line: 5 });
    expect(q1?.values.reduce((a, b) => a + b, 0)).toBe(48 * 2_222_000);
    expect(q1?.msatsLoadTime).toBeNull();
  });

  it('different interval lengths: a 10-minute voltage channel without a unit is kept as other, with a warning', async () => {
    const { reads, warnings } = await parseSample('Example_NEM12_different_interval_length.csv');
    expect(reads.map((read) => [read.suffix, read.intervalMinutes, read.kind, read.unit])).toEqual([
      ['E1', 30, 'import', 'kWh'],
      ['E2', 30, 'import', 'kWh'],
      ['V1', 10, 'other', ''],
    ]);
    expect(reads[0]?.values.slice(0, 3)).toEqual([9_000_000, 2_000_000, 8_000_000]);
    expect(reads[2]?.values.slice(0, 3)).toEqual([239_130_000, 233_460_000, 225_100_000]);
    expect(warnings).toEqual([
      "6: 200 record for C123 V1 has no unit of measure; its reads are kept as 'other'",
    ]);
  });

  it('month of solar: 5-minute B1 export and E1 import, values written as .048', async () => {
    const { reads, warnings } = await parseSample('Example_NEM12_month_solar.csv');
    expect(warnings).toEqual([]);
    expect(reads).toHaveLength(62);
    expect(reads.slice(0, 31).every((read) => read.suffix === 'B1' && read.kind === 'export')).toBe(true);
    expect(reads.slice(31).every((read) => read.suffix === 'E1' && read.kind === 'import')).toBe(true);
    expect(reads.map((read) => read.date).slice(0, 31)).toEqual(
      Array.from({ length: 31 }, (_, i) => `2023-03-${String(i + 1).padStart(2, '0')}`),
    );
    const firstImport = reads[31];
    expect(firstImport?.values).toHaveLength(288);
    expect(firstImport?.values.slice(0, 3)).toEqual([48_000, 44_000, 42_000]);
    expect(firstImport?.updateTime?.toISOString()).toBe('2023-03-02T04:32:18.000Z');
    expect(firstImport?.msatsLoadTime).toBeNull();
  });

  it('multiple meters: Wh and VArh are normalised to kWh and kVArh', async () => {
    const { reads } = await parseSample('Example_NEM12_multiple_meters.csv');
    expect(
      reads.map((read) => `${read.nmi} ${read.suffix} ${read.meterSerial} ${read.kind} ${read.unit}`),
    ).toEqual([
      'NCDE001111 E1 METSER123 import kWh',
      'NCDE001111 E1 METSER123 import kWh',
      'NCDE001111 B1 METSER123 export kWh',
      'NCDE001111 B1 METSER123 export kWh',
      'NCDE001111 Q1 METSER123 other kVArh',
      'NCDE001111 Q1 METSER123 other kVArh',
      'NCDE001111 E2 METSER456 import kWh',
      'NCDE001111 E2 METSER456 import kWh',
      'NDDD001888 B1 METSER991 export kWh',
      'NDDD001888 B1 METSER991 export kWh',
      'NDDD001888 K2 METSER992 other kVArh',
      'NDDD001888 K2 METSER992 other kVArh',
    ]);
    // 10 Wh per 15 minutes is 0.01 kWh: 10_000 micro-kWh; 96 of them a day.
    expect(reads[0]?.values).toEqual(new Array(96).fill(10_000));
    expect(reads[4]?.values[0]).toBe(50_000);
    expect(reads[6]?.values[0]).toBe(100_000);
  });

  it('multiple quality: a V day takes its quality per interval from the 400 records', async () => {
    const { reads } = await parseSample('Example_NEM12_multiple_quality.csv');
    expect(reads).toHaveLength(1);
    const [read] = reads;
    expect(read?.qualityMethod).toBe('V');
    expect(read?.quality).toBe('F'.repeat(20) + 'A'.repeat(4) + 'S'.repeat(24));
    expect(read?.events).toEqual([
      { startInterval: 1, endInterval: 20, qualityMethod: 'F14', reasonCode: 76, reasonDescription: null },
      { startInterval: 21, endInterval: 24, qualityMethod: 'A', reasonCode: null, reasonDescription: null },
      { startInterval: 25, endInterval: 48, qualityMethod: 'S14', reasonCode: 1, reasonDescription: null },
    ]);
    expect(read?.values.slice(0, 2)).toEqual([18_023_000, 19_150_000]);
    expect(read?.updateTime?.toISOString()).toBe('2004-04-18T10:35:00.000Z');
    expect(read?.msatsLoadTime?.toISOString()).toBe('2004-04-18T14:35:00.000Z');
  });

  it('no scheduled read: a 9-field 200 record, LF endings, a short NMI and upper case KWH', async () => {
    const { reads, warnings } = await parseSample('Example_NEM12_no_scheduled_read.csv');
    expect(warnings).toEqual([]);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({
      nmi: 'NMI111',
      suffix: 'E1',
      uom: 'KWH',
      unit: 'kWh',
      intervalMinutes: 15,
    });
    expect(reads[0]?.values.slice(0, 3)).toEqual([3_760_000, 2_080_000, 0]);
  });

  it('partial channel: B1 stops after one day while E1 goes on', async () => {
    const { reads } = await parseSample('Example_NEM12_partialchannel.csv');
    expect(reads.filter((read) => read.suffix === 'B1').map((read) => read.date)).toEqual(['2023-03-01']);
    expect(reads.filter((read) => read.suffix === 'E1')).toHaveLength(31);
  });

  it('substituted interval: quality method F14 with its reason code applies to every interval', async () => {
    const { reads } = await parseSample('Example_NEM12_substituted_interval.csv');
    const [e1, q1] = reads;
    expect(e1).toMatchObject({ qualityMethod: 'F14', reasonCode: 32, reasonDescription: null });
    expect(e1?.quality).toBe('F'.repeat(48));
    expect(e1?.values[0]).toBe(2_312_000);
    expect(q1?.values).toEqual([
      ...new Array(16).fill(34_567_000),
      ...new Array(12).fill(22_123_000),
      ...new Array(20).fill(2_311_765_000),
    ]);
  });

  it('upper case units: KWH and KVARH are kWh and kVArh as written', async () => {
    const { reads } = await parseSample('Example_NEM12_upper_case_units.csv');
    expect(reads.map((read) => [read.uom, read.unit, read.kind])).toEqual([
      ['KWH', 'kWh', 'import'],
      ['KVARH', 'kVArh', 'other'],
    ]);
  });

  it('missing header: imported, with a warning naming the first record', async () => {
    const { reads, warnings, summary } = await parseSample('invalid/Example_NEM12_missing_header.csv');
    expect(reads).toHaveLength(2);
    expect(summary.header).toBeNull();
    expect(warnings).toEqual(['2: the file has no 100 header record; reading it as NEM12']);
  });

  it.each(['invalid/Example_NEM12_powercor.csv', 'invalid/Example_NEM12_powercor_missing_fields.csv'])(
    '%s: both blocks import, the second without a header, with only the missing header warning',
    async (name) => {
      const { reads, warnings } = await parseSample(name);
      expect(
        reads.map((read) => `${read.suffix} ${read.date} ${read.uom} ${read.values[0]} line ${read.line}`),
      ).toEqual([
        'E1 2004-02-01 KWH 1111000 line 3',
        'Q1 2004-02-01 KVARH 2222000 line 5',
        'E1 2004-02-01 KWH 3333000 line 9',
        'Q1 2004-02-01 KVARH 4444000 line 11',
      ]);
      expect(warnings).toEqual(['2: the file has no 100 header record; reading it as NEM12']);
    },
  );

  it('missing fields: a 300 record ending after its quality method has no reason or times', async () => {
    const { reads } = await parseSample('invalid/Example_NEM12_powercor_missing_fields.csv');
    expect(reads[0]).toMatchObject({
      qualityMethod: 'A',
      reasonCode: null,
      updateTime: null,
      msatsLoadTime: null,
    });
  });

  it('incomplete interval: the 300 record without values is skipped with a warning naming its line', async () => {
    const { reads, warnings, summary } = await parseSample('invalid/Example_NEM12_incomplete_interval.csv');
    expect(warnings).toEqual(['3: 300 record for 2004-02-01 has no interval values; skipped']);
    expect(reads.map((read) => `${read.suffix} ${read.date} line ${read.line}`)).toEqual([
      'E1 2004-02-02 line 4',
      'Q1 2004-02-01 line 6',
      'Q1 2004-02-02 line 7',
    ]);
    expect(summary).toMatchObject({ reads: 3, skipped: 1, lines: 8 });
  });

  it('header and end only: nothing, and no error', async () => {
    const { reads, warnings, summary } = await parseSample('invalid/Example_NEM12_empty.csv');
    expect(reads).toEqual([]);
    expect(warnings).toEqual([]);
    expect(summary.header?.fromParticipant).toBe('MDA1');
  });

  it('empty file: rejected', async () => {
    const error = await rejection('invalid/Example_empty_file.csv');
    expect(error.line).toBe(1);
    expect(error.reason).toBe('empty file');
    expect(error.message).toBe('invalid/Example_empty_file.csv:1: empty file');
  });

  it.each([
    [
      'invalid/Example_NEM12_15min_200_30min_300.csv',
      'has 48 interval values, but the 15-minute interval length of the 200 record on line 2 needs 96',
    ],
    [
      'invalid/Example_NEM12_30min_200_15min_300.csv',
      'has 96 interval values, but the 30-minute interval length of the 200 record on line 2 needs 48',
    ],
    [
      'invalid/Example_NEM12_30min_200_15min_400.csv',
      'has 96 interval values, but the 30-minute interval length of the 200 record on line 2 needs 48',
    ],
  ])('%s: rejected whole, the 300 record on line 3 has the wrong value count', async (name, reason) => {
    const error = await rejection(name);
    expect(error.line).toBe(3);
    expect(error.reason).toContain(reason);
    expect(error.message).toMatch(new RegExp(`^${name}:3: 300 record has`));
  });

  it('15-minute day with 400 records for 30-minute intervals: rejected whole, naming the uncovered intervals', async () => {
    const error = await rejection('invalid/Example_NEM12_15min_200_30min_400.csv');
    expect(error.line).toBe(3);
    expect(error.reason).toBe(
      '300 record has quality V, but its 400 records (lines 4-5) give the quality of 48 of its 96 intervals (49-96 have none)',
    );
  });
});
