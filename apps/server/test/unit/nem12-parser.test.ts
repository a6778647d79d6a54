/**
 * Edge cases of the NEM12 parser and line splitter beyond the sample files: what is accepted, what warns, and
 * the line and reason of each structural error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  linesOf,
  type Nem12DayRead,
  Nem12Error,
  parseNem12,
  parseNem12Batches,
  parseNem12Sync,
  UNKNOWN_QUALITY,
} from '../../src/domains/meter-data/nem12/index.ts';

const HEADER = '100,NEM12,202401010000,MDA1,RET1';
const DETAILS = '200,NMI0000001,E1B1,1,E1,N1,M1,kWh,30,';
const values = (value = '1') => new Array(48).fill(value).join(',');
const day = (date = '20240101', trailer = 'A,,,20240102010203,') => `300,${date},${values()},${trailer}`;

function parse(lines: string[], options: { lenient?: boolean } = {}) {
  const warnings: string[] = [];
  const generator = parseNem12Sync(lines, {
    ...options,
    onWarning: (w) => warnings.push(`${w.line}: ${w.message}`),
  });
  const reads: Nem12DayRead[] = [];
  for (;;) {
    const next = generator.next();
    if (next.done === true) return { reads, warnings, summary: next.value };
    reads.push(next.value);
  }
}

function failure(lines: string[], options: { lenient?: boolean } = {}): { line: number; reason: string } {
  try {
    parse(lines, options);
  } catch (error) {
    if (error instanceof Nem12Error) return { line: error.line, reason: error.reason };
    throw error;
  }
  throw new Error('not rejected');
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('NEM12 parser', () => {
  it('trims fields and accepts values like .048, 1. and 0', () => {
    const row = ['.048', '1.', '0', ' 2.5 ', '\t3', ...new Array(43).fill('1')].join(',');
    const { reads } = parse([
      HEADER,
      ` 200 , NMI0000001 ,E1,1, E1 ,N1,M1, kWh , 30 ,`,
      `300, 20240101 ,${row}, A , 7 , note ,,`,
      '900',
    ]);
    expect(reads[0]?.values.slice(0, 6)).toEqual([48_000, 1_000_000, 0, 2_500_000, 3_000_000, 1_000_000]);
    expect(reads[0]).toMatchObject({
      nmi: 'NMI0000001',
      suffix: 'E1',
      qualityMethod: 'A',
      reasonCode: 7,
      reasonDescription: 'note',
    });
  });

  it('accepts a 300 record with trailing spaces and a carriage return left on the line', () => {
    const { reads } = parse([HEADER, DETAILS, `${day()}   \r`, '900']);
    expect(reads).toHaveLength(1);
  });

  it('reads 5-, 15- and 30-minute channels', () => {
    for (const minutes of [5, 15, 30]) {
      const n = 1440 / minutes;
      const { reads } = parse([
        HEADER,
        `200,NMI0000001,E1,1,E1,N1,M1,kWh,${minutes},`,
        `300,20240101,${new Array(n).fill('0.25').join(',')},E52,,,,`,
        '900',
      ]);
      expect(reads[0]?.values).toEqual(new Array(n).fill(250_000));
      expect(reads[0]?.quality).toBe('E'.repeat(n));
    }
  });

  it('refuses any interval length but 5, 15 or 30 for an energy channel (docs/meter-data.md); other channels may have 10', () => {
    const header = (suffix: string, uom: string, minutes: number) =>
      `200,NMI0000001,${suffix},1,${suffix},N1,M1,${uom},${minutes},`;
    const row = (minutes: number) => `300,20240101,${new Array(1440 / minutes).fill('1').join(',')},A,,,,`;
    for (const [suffix, uom] of [
      ['E1', 'kWh'],
      ['B1', 'Wh'],
    ]) {
      expect(failure([HEADER, header(suffix as string, uom as string, 10), row(10), '900'])).toEqual({
        line: 2,
        reason: `200 record IntervalLength '10' is not 5, 15 or 30 minutes, as an energy channel needs`,
      });
    }
    const { reads } = parse([HEADER, header('V1', '', 10), row(10), '900']);
    expect(reads.map((read) => [read.kind, read.intervalMinutes])).toEqual([['other', 10]]);
  });

  it('refuses a 300 record dated 00000101 at its line (not a date)', () => {
    expect(failure([HEADER, DETAILS, day('20240101'), day('00000101'), '900'])).toEqual({
      line: 4,
      reason: "300 record IntervalDate '00000101' is not a YYYYMMDD date",
    });
  });

  it.each(['18991231', '30000101'])(
    'refuses a 300 record dated %s, outside the years 1900-2999 that market dates may take',
    (date) => {
      expect(failure([HEADER, DETAILS, day('20240101'), day(date), '900'])).toEqual({
        line: 4,
        reason: `300 record IntervalDate '${date}' is outside the years 1900 to 2999`,
      });
    },
  );

  it('accepts 300 records dated on the first and last days of the years 1900-2999', () => {
    const { reads } = parse([HEADER, DETAILS, day('19000101'), day('29991231'), '900']);
    expect(reads.map((read) => read.date)).toEqual(['1900-01-01', '2999-12-31']);
  });

  it('keeps suffixes other than E and B, and energy that is not kWh, out of import and export', () => {
    const kinds = (suffix: string, uom: string) =>
      parse([HEADER, `200,NMI0000001,E1,1,${suffix},N1,M1,${uom},30,`, day(), '900']).reads[0]?.kind;
    expect(kinds('E1', 'kWh')).toBe('import');
    expect(kinds('e2', 'Wh')).toBe('import');
    expect(kinds('B1', 'MWh')).toBe('export');
    expect(kinds('Q1', 'kVArh')).toBe('other');
    expect(kinds('K1', 'kVArh')).toBe('other');
    expect(kinds('E1', 'kVArh')).toBe('other');
    expect(kinds('A1', 'kWh')).toBe('other');
  });

  it('ignores 500 records and blank lines, and reads blocks after a 900', () => {
    const { reads, warnings } = parse([
      '',
      HEADER,
      DETAILS,
      day(),
      '500,O,S01,20240102,',
      '',
      '900',
      '',
      DETAILS,
      day('20240102'),
      '900',
      '',
    ]);
    expect(reads.map((read) => `${read.date} ${read.line}`)).toEqual(['2024-01-01 4', '2024-01-02 10']);
    expect(warnings).toEqual([]);
  });

  it('accepts a 100 header after a 900 record', () => {
    expect(parse([HEADER, DETAILS, day(), '900', HEADER, DETAILS, day(), '900']).reads).toHaveLength(2);
  });

  it('warns when the file does not end with a 900 record', () => {
    const { reads, warnings } = parse([HEADER, DETAILS, day(), '']);
    expect(reads).toHaveLength(1);
    expect(warnings).toEqual(['3: the file does not end with a 900 record; it may be truncated']);
  });

  it('warns of a header time that is not a date, and goes on', () => {
    const { reads, warnings, summary } = parse(['100,NEM12,2024,MDA1,RET1', DETAILS, day(), '900']);
    expect(reads).toHaveLength(1);
    expect(summary.header?.createdAt).toBeNull();
    expect(warnings).toEqual(["1: the 100 header's creation time '2024' is not a DateTime(12); ignored"]);
  });

  it('applies 400 records after a 300 whose quality is not V over that quality (decision: some producers do)', () => {
    const { reads } = parse([HEADER, DETAILS, day(), '400,3,4,E52,,', '900']);
    expect(reads[0]?.quality).toBe(`AAEE${'A'.repeat(44)}`);
    expect(reads[0]?.qualityMethod).toBe('A');
    expect(reads[0]?.events).toHaveLength(1);
  });

  it('takes V quality from 400 records in any order', () => {
    const { reads } = parse([
      HEADER,
      DETAILS,
      day('20240101', 'V,,,,'),
      '400,25,48,S14,1,',
      '400,1,24,A,,',
      '900',
    ]);
    expect(reads[0]?.quality).toBe('A'.repeat(24) + 'S'.repeat(24));
  });

  it('reads a DateTime(12) update time as well as DateTime(14)', () => {
    const { reads } = parse([HEADER, DETAILS, day('20240101', 'A,,,202401020102,20240102010203'), '900']);
    expect(reads[0]?.updateTime?.toISOString()).toBe('2024-01-01T15:02:00.000Z');
    expect(reads[0]?.msatsLoadTime?.toISOString()).toBe('2024-01-01T15:02:03.000Z');
  });

  it('does not take a letter as the first value for a missing-values row when the row is full length', () => {
    const row = `300,20240101,A,${new Array(47).fill('1').join(',')},A,,,,`;
    expect(failure([HEADER, DETAILS, row, '900'])).toEqual({
      line: 3,
      reason: "interval value 1 'A' is not a number",
    });
  });

  it.each([
    ['a 300 record before any 200 record', [HEADER, day(), '900'], 2, '300 record before any 200 record'],
    [
      'a 300 record after a 900 without a 200',
      [HEADER, DETAILS, day(), '900', day()],
      5,
      '300 record before any 200 record',
    ],
    [
      'a NEM13 header',
      ['100,NEM13,202401010000,MDA1,RET1', '900'],
      1,
      "the 100 header names 'NEM13', not NEM12: only NEM12 files are accepted",
    ],
    [
      'a header inside a block',
      [HEADER, DETAILS, HEADER],
      3,
      'a 100 header record must be the first record of the file or follow a 900 record',
    ],
    [
      'an unknown record',
      [HEADER, DETAILS, '250,x', '900'],
      3,
      "unknown record indicator '250': expected 100, 200, 300, 400, 500 or 900",
    ],
    [
      'a record of only commas',
      [HEADER, ',,,'],
      2,
      "unknown record indicator '': expected 100, 200, 300, 400, 500 or 900",
    ],
    [
      'an interval length of 60',
      [HEADER, '200,NMI0000001,E1,1,E1,N1,M1,kWh,60,'],
      2,
      "200 record IntervalLength '60' is not 5, 10, 15 or 30 minutes",
    ],
    [
      'a 200 record without an interval length',
      [HEADER, '200,NMI0000001,E1,1,E1,N1,M1,kWh'],
      2,
      '200 record has 8 fields; it needs at least 9, up to IntervalLength',
    ],
    [
      'an NMI of 11 characters',
      [HEADER, '200,NMI00000011,E1,1,E1,N1,M1,kWh,30,'],
      2,
      "200 record NMI 'NMI00000011' is not 1 to 10 letters or digits",
    ],
    [
      'a suffix of 3 characters',
      [HEADER, '200,NMI0000001,E1,1,E11,N1,M1,kWh,30,'],
      2,
      "200 record NMISuffix 'E11' is not 2 letters or digits",
    ],
    [
      'a bad date',
      [HEADER, DETAILS, day('20240230')],
      3,
      "300 record IntervalDate '20240230' is not a YYYYMMDD date",
    ],
    [
      'a negative value',
      [HEADER, DETAILS, `300,20240101,-1,${new Array(47).fill('1').join(',')},A,,,,`],
      3,
      "interval value 1 '-1' is negative",
    ],
    [
      'an empty value',
      [HEADER, DETAILS, `300,20240101,1,,${new Array(46).fill('1').join(',')},A,,,,`],
      3,
      'interval value 2 is empty',
    ],
    [
      'a word for a value',
      [HEADER, DETAILS, `300,20240101,1,1,lots,${new Array(45).fill('1').join(',')},A,,,,`],
      3,
      "interval value 3 'lots' is not a number",
    ],
    [
      'a huge value',
      [HEADER, DETAILS, `300,20240101,${'9'.repeat(20)},${new Array(47).fill('1').join(',')},A,,,,`],
      3,
      `interval value 1 '${'9'.repeat(20)}' is too large`,
    ],
    [
      'a row without a quality method',
      [HEADER, DETAILS, `300,20240101,${values()}`],
      3,
      '300 record has no QualityMethod after its interval values',
    ],
    [
      'a row with an empty quality method',
      [HEADER, DETAILS, `300,20240101,${values()},,,,,`],
      3,
      '300 record has no QualityMethod after its interval values',
    ],
    [
      'an unknown quality method',
      [HEADER, DETAILS, day('20240101', 'X1,,,,')],
      3,
      "300 record QualityMethod 'X1' is not a quality flag (A, E, F, N, S or V) with an optional method",
    ],
    [
      'a non-numeric reason code',
      [HEADER, DETAILS, day('20240101', 'F14,abc,,,')],
      3,
      "300 record ReasonCode 'abc' is not a number",
    ],
    [
      'a bad update time',
      [HEADER, DETAILS, day('20240101', 'A,,,20241301000000,')],
      3,
      "300 record UpdateDateTime '20241301000000' is not a YYYYMMDDhhmmss time",
    ],
    [
      'an extra field',
      [HEADER, DETAILS, day('20240101', 'A,,,,,extra')],
      3,
      "300 record has an unexpected field 'extra' after MSATSLoadDateTime",
    ],
    [
      'one value too many',
      [HEADER, DETAILS, `300,20240101,${values()},1,A,,,,`],
      3,
      '300 record has 49 interval values, but the 30-minute interval length of the 200 record on line 2 needs 48',
    ],
    [
      'one value too few',
      [HEADER, DETAILS, `300,20240101,${new Array(47).fill('1').join(',')},A,,,,`],
      3,
      '300 record has 47 interval values, but the 30-minute interval length of the 200 record on line 2 needs 48',
    ],
    [
      'a truncated row',
      [HEADER, DETAILS, '300,20240101,1,2,3'],
      3,
      '300 record has 3 interval values, but the 30-minute interval length of the 200 record on line 2 needs 48',
    ],
    [
      'a 400 record without a 300',
      [HEADER, DETAILS, '400,1,48,A,,'],
      3,
      '400 record without a 300 record before it',
    ],
    [
      'a 400 record beyond the day',
      [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,1,49,A,,'],
      4,
      '400 record intervals 1-49 are outside 1-48 of its 300 record on line 3',
    ],
    [
      'a 400 record ending before it starts',
      [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,5,4,A,,'],
      4,
      '400 record intervals 5-4 are outside 1-48 of its 300 record on line 3',
    ],
    [
      'a 400 record that is not numbers',
      [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,one,4,A,,'],
      4,
      "400 record interval range 'one-4' is not two numbers",
    ],
    [
      'overlapping 400 records',
      [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,1,24,A,,', '400,24,48,E52,,'],
      5,
      '400 record intervals 24-48 overlap intervals 1-24 of the 400 record on line 4',
    ],
    [
      'a 400 record of quality V',
      [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,1,48,V,,'],
      4,
      "400 record QualityMethod 'V' is not a quality flag (A, E, F, N or S) with an optional method",
    ],
    [
      'a V day without 400 records',
      [HEADER, DETAILS, day('20240101', 'V,,,,'), '900'],
      3,
      '300 record has quality V but no 400 records follow to give the quality of its intervals (--lenient imports such days with their quality unknown)',
    ],
    [
      'a V day with a gap',
      [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,1,10,A,,', '400,12,48,A,,', '900'],
      3,
      '300 record has quality V, but its 400 records (lines 4-5) give the quality of 47 of its 48 intervals (11 have none)',
    ],
    [
      'a V day at the end of the file',
      [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,1,10,A,,'],
      3,
      '300 record has quality V, but its 400 records (line 4) give the quality of 10 of its 48 intervals (11-48 have none)',
    ],
    ['only blank lines', ['', '  ', '\t'], 1, 'empty file'],
    ['no lines', [], 1, 'empty file'],
  ])('rejects %s', (_, lines, line, reason) => {
    expect(failure(lines)).toEqual({ line, reason });
  });

  it('skips the 400 records of a skipped 300 record with it', () => {
    const { reads, warnings } = parse([
      HEADER,
      DETAILS,
      '300,20240101,V,,,,',
      '400,1,48,A,,',
      day('20240102'),
      '900',
    ]);
    expect(reads.map((read) => read.date)).toEqual(['2024-01-02']);
    expect(warnings).toEqual(['3: 300 record for 2024-01-01 has no interval values; skipped']);
  });

  it('names the file in the error message', () => {
    expect(() => [...parseNem12Sync([HEADER, '999'], { fileName: 'reads.csv' })]).toThrow(
      "reads.csv:2: unknown record indicator '999': expected 100, 200, 300, 400, 500 or 900",
    );
  });

  it('hands out reads lazily, a 300 record once the next record shows its 400 records are complete', () => {
    const parser = parseNem12Sync(
      (function* () {
        yield HEADER;
        yield DETAILS;
        yield day('20240101');
        yield day('20240102');
        throw new Error('read too far');
      })(),
    );
    expect(parser.next().value).toMatchObject({ date: '2024-01-01' });
    expect(() => parser.next()).toThrow('read too far');
  });

  it('parses asynchronous lines in batches and returns the summary', async () => {
    const lines = [HEADER, DETAILS, ...Array.from({ length: 5 }, (_, i) => day(`2024010${i + 1}`)), '900'];
    const batches = parseNem12Batches(Readable.from(lines), { batchSize: 2 });
    const sizes: number[] = [];
    for (;;) {
      const next = await batches.next();
      if (next.done === true) {
        expect(next.value).toMatchObject({ reads: 5, skipped: 0, lines: 8, warnings: [] });
        break;
      }
      sizes.push(next.value.length);
    }
    expect(sizes).toEqual([2, 2, 1]);
  });
});

describe('NEM12 parser, lenient (portal import nem12 --lenient)', () => {
  // Written for these tests: a distributor's customer-portal download, general load (E1) and solar (B1) for four
  // days, whose V days (2 and 4 March) lost their 400 records. CRLF endings, as such downloads have.
  const download = fs
    .readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/nem12/lenient/Distributor_download_V_without_400.csv'),
      'utf8',
    )
    .split('\r\n')
    .filter(Boolean);

  it('refuses the file by default, at the first V record without 400 records', () => {
    expect(failure(download)).toEqual({
      line: 4,
      reason:
        '300 record has quality V but no 400 records follow to give the quality of its intervals (--lenient imports such days with their quality unknown)',
    });
  });

  it('reads it when lenient: those days with their quality unknown, one warning per record', () => {
    const { reads, warnings, summary } = parse(download, { lenient: true });
    expect(reads.map((read) => `${read.suffix} ${read.date} ${read.qualityMethod}`)).toEqual([
      'E1 2024-03-01 A',
      'E1 2024-03-02 V',
      'E1 2024-03-03 A',
      'E1 2024-03-04 V',
      'B1 2024-03-01 A',
      'B1 2024-03-02 V',
      'B1 2024-03-03 A',
      'B1 2024-03-04 V',
    ]);
    for (const read of reads) {
      expect(read.quality).toBe((read.qualityMethod === 'V' ? UNKNOWN_QUALITY : 'A').repeat(48));
      expect(read.values).toHaveLength(48);
    }
    expect(UNKNOWN_QUALITY).toBe('V');
    expect(reads[1]?.values.slice(0, 3)).toEqual([205_000, 193_000, 180_000]);
    expect(warnings).toEqual(
      [
        [4, 'E1 2024-03-02'],
        [6, 'E1 2024-03-04'],
        [9, 'B1 2024-03-02'],
        [11, 'B1 2024-03-04'],
      ].map(
        ([line, day]) =>
          `${line}: 300 record for 6203998877 ${day} has quality V but no 400 records; imported with its quality unknown (lenient)`,
      ),
    );
    expect(summary.warnings).toHaveLength(4);
  });

  it('relaxes nothing else: V days with some 400 records, and 400 records of quality V, are still refused', () => {
    const gap = [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,1,10,A,,', '900'];
    expect(failure(gap, { lenient: true })).toEqual(failure(gap));
    expect(failure(gap, { lenient: true }).reason).toContain('give the quality of 10 of its 48 intervals');
    const vEvent = [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,1,48,V,,'];
    expect(failure(vEvent, { lenient: true }).reason).toContain("400 record QualityMethod 'V'");
    const complete = [HEADER, DETAILS, day('20240101', 'V,,,,'), '400,1,24,A,,', '400,25,48,E52,,', '900'];
    const strict = parse(complete);
    expect(parse(complete, { lenient: true })).toEqual(strict);
    expect(strict.reads[0]?.quality).toBe(`${'A'.repeat(24)}${'E'.repeat(24)}`);
  });
});

describe('linesOf', () => {
  const split = (chunks: (string | Buffer)[]) => collect(linesOf(Readable.from(chunks)));

  it('splits LF and CRLF lines, keeps blank lines and reads a last line without an ending', async () => {
    expect(await split(['a\r\nb\n\r\n', 'c\nd'])).toEqual(['a', 'b', '', 'c', 'd']);
    expect(await split(['a\n'])).toEqual(['a']);
    expect(await split([''])).toEqual([]);
  });

  it('drops a UTF-8 byte order mark, even split across chunks', async () => {
    const bytes = Buffer.from('\uFEFF100,NEM12\r\n900\r\n');
    expect(await split([bytes.subarray(0, 1), bytes.subarray(1, 2), bytes.subarray(2)])).toEqual([
      '100,NEM12',
      '900',
    ]);
  });

  it('joins lines, CRLF endings and multi-byte characters split across chunks', async () => {
    const bytes = Buffer.from('ab\r\ncé\r\nd');
    const chunks = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
    expect(await split(chunks)).toEqual(['ab', 'cé', 'd']);
  });

  it('rejects a line longer than the limit with its line number', async () => {
    const error = await collect(
      linesOf(Readable.from(['ok\n', 'x'.repeat(30), 'x'.repeat(30)]), { maxLineLength: 50 }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Nem12Error);
    expect(error).toMatchObject({
      line: 2,
      reason: 'line is longer than 50 characters: this is not a NEM12 file',
    });
  });

  it('gives the parser the file name for a line that is too long', async () => {
    const lines = linesOf(Readable.from([`${HEADER}\n`, 'x'.repeat(2 ** 20 + 1)]));
    const error = await collect(parseNem12(lines, { fileName: 'big.csv' })).catch(
      (caught: unknown) => caught,
    );
    expect((error as Error).message).toBe(
      'big.csv:2: line is longer than 1048576 characters: this is not a NEM12 file',
    );
  });
});
