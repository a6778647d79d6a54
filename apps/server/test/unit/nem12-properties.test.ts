/**
 * Properties of the NEM12 writer and parser: any document the writer makes parses back to the same reads
 * through the byte-level line splitter, any of a set of corruptions is rejected at its line, and the exact
 * decimal conversion agrees with a BigInt reference.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMicro,
  linesOf,
  type Nem12DayRead,
  Nem12Error,
  type Nem12WriteChannel,
  type Nem12WriteRead,
  nem12Lines,
  parseExactDecimal,
  parseNem12,
  parseNem12Sync,
  writeNem12,
} from '../../src/domains/meter-data/nem12/index.ts';

const FLAGS = ['A', 'E', 'F', 'N', 'S'] as const;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2000, 0, 1);

/** One day's read: values in kWh with up to 3 decimals, and one of: default, one flag, a flag per interval. */
const readArbitrary = (n: number, dayOffset: number): fc.Arbitrary<Nem12WriteRead> =>
  fc
    .record({
      values: fc.array(
        fc.integer({ min: 0, max: 99_999_999 }).map((kwhThousandths) => kwhThousandths * 1000),
        { minLength: n, maxLength: n },
      ),
      quality: fc.oneof(
        fc.constant(undefined),
        fc.record({ flag: fc.constantFrom(...FLAGS), method: fc.option(fc.integer({ min: 0, max: 99 })) }),
        fc.record({
          base: fc.constantFrom(...FLAGS),
          changes: fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.constantFrom(...FLAGS)), {
            maxLength: 4,
          }),
        }),
      ),
      reasonCode: fc.option(fc.integer({ min: 0, max: 999 })),
      updateSeconds: fc.option(fc.integer({ min: 0, max: 2_000_000_000 })),
    })
    .map(({ values, quality, reasonCode, updateSeconds }) => {
      const read: Nem12WriteRead = {
        date: new Date(FIRST_DAY + dayOffset * DAY_MS).toISOString().slice(0, 10),
        values,
        updateTime: updateSeconds === null ? null : new Date(updateSeconds * 1000),
      };
      if (quality !== undefined && 'flag' in quality) {
        read.quality = quality.flag;
        if (quality.method !== null)
          read.qualityMethod = quality.flag + String(quality.method).padStart(2, '0');
        read.reasonCode = reasonCode;
      } else if (quality !== undefined) {
        const flags: string[] = new Array(n).fill(quality.base);
        for (const [from, flag] of quality.changes) flags.fill(flag, from);
        read.quality = flags.join('');
      }
      return read;
    });

const channelArbitrary: fc.Arbitrary<Nem12WriteChannel & { reads: Nem12WriteRead[] }> = fc
  .record({
    nmi: fc.stringMatching(/^[A-Z0-9]{1,10}$/),
    suffix: fc.constantFrom('E1', 'B1', 'Q1'),
    intervalMinutes: fc.constantFrom(5 as const, 15 as const, 30 as const),
    days: fc.uniqueArray(fc.integer({ min: 0, max: 12_000 }), { minLength: 1, maxLength: 3 }),
  })
  .chain(({ nmi, suffix, intervalMinutes, days }) =>
    fc
      .tuple(...days.map((day) => readArbitrary(1440 / intervalMinutes, day)))
      .map((reads) => ({ nmi, suffix, intervalMinutes, meterSerial: 'M1', reads })),
  );

const documentArbitrary = fc.record({
  channels: fc.array(channelArbitrary, { minLength: 1, maxLength: 3 }),
  createdSeconds: fc.integer({ min: 946_684_800, max: 1_900_000_000 }),
});

/** What the parser must give back for a written read. */
function expected(channel: Nem12WriteChannel, read: Nem12WriteRead) {
  const n = 1440 / channel.intervalMinutes;
  const quality = read.quality ?? 'A';
  const full = quality.length === 1 ? quality.repeat(n) : quality;
  const varies = full !== full.charAt(0).repeat(n);
  return {
    nmi: channel.nmi,
    suffix: channel.suffix,
    kind: channel.suffix === 'E1' ? 'import' : channel.suffix === 'B1' ? 'export' : 'other',
    unit: 'kWh',
    uom: 'kWh',
    intervalMinutes: channel.intervalMinutes,
    date: read.date,
    values: read.values,
    quality: full,
    qualityMethod: varies ? 'V' : (read.qualityMethod ?? full.charAt(0)),
    reasonCode: varies ? null : (read.reasonCode ?? null),
    updateTime: read.updateTime ?? null,
  };
}

const actual = (read: Nem12DayRead) => ({
  nmi: read.nmi,
  suffix: read.suffix,
  kind: read.kind,
  unit: read.unit,
  uom: read.uom,
  intervalMinutes: read.intervalMinutes,
  date: read.date,
  values: read.values,
  quality: read.quality,
  qualityMethod: read.qualityMethod,
  reasonCode: read.reasonCode,
  updateTime: read.updateTime,
});

/** Splits bytes into chunks at the given cut points, to test lines and characters split across chunks. */
function chunked(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    if (point > start) chunks.push(bytes.subarray(start, point));
    start = Math.max(start, point);
  }
  return chunks;
}

describe('NEM12 round trip', () => {
  it('parses any written document back to the same reads (LF or CRLF, blank lines, BOM, any chunking)', async () => {
    await fc.assert(
      fc.asyncProperty(
        documentArbitrary,
        fc.constantFrom('\n' as const, '\r\n' as const),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 8 }),
        async ({ channels, createdSeconds }, lineEnding, blankLines, bom, cuts) => {
          const text = [
            ...writeNem12({
              participant: 'MDP',
              createdAt: new Date(createdSeconds * 1000),
              lineEnding,
              channels,
            }),
          ].join('');
          const lines = text.split(lineEnding);
          expect(lines.pop()).toBe(''); // the writer ends every line
          for (const at of blankLines) lines.splice(at % (lines.length + 1), 0, '');
          const bytes = Buffer.from((bom ? '\uFEFF' : '') + lines.join(lineEnding));
          const warnings: unknown[] = [];
          const reads: Nem12DayRead[] = [];
          const parsed = parseNem12(linesOf(Readable.from(chunked(bytes, cuts))), {
            onWarning: (warning) => warnings.push(warning),
          });
          for await (const read of parsed) reads.push(read);
          expect(warnings).toEqual([]);
          expect(reads.map(actual)).toEqual(
            channels.flatMap((channel) => channel.reads.map((read) => expected(channel, read))),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('writes the same text as nem12Lines joined, in chunks of whole lines', () => {
    fc.assert(
      fc.property(documentArbitrary, ({ channels, createdSeconds }) => {
        const input = { createdAt: new Date(createdSeconds * 1000), channels };
        const chunks = [...writeNem12({ ...input, lineEnding: '\r\n' })];
        for (const chunk of chunks) expect(chunk.endsWith('\r\n')).toBe(true);
        expect(chunks.join('')).toBe(`${[...nem12Lines(input)].join('\r\n')}\r\n`);
      }),
      { numRuns: 30 },
    );
  });
});

/** A corruption of a valid document's lines, and the line (1-based) where the parser must reject it. */
type Corruption = (
  lines: string[],
  pick: number,
  choice: number,
) => { lines: string[]; line: number } | undefined;

const indicesOf = (lines: string[], prefix: string) =>
  lines.flatMap((line, index) => (line.startsWith(prefix) ? [index] : []));

const LETTERS = ['x', 'Z', 'abc', 'A', 'V', 'N', '1a', '--'];
const LENGTHS = ['5', '15', '30', '10', '7', '60', '0', 'x', ''];
const UNKNOWN_RECORDS = ['250,1,2', '301,20240101', 'XYZ', '999', '1000,NEM12', '20,E1', '3OO,20240101'];

const corruptions: Record<string, Corruption> = {
  'a value changed to letters': (lines, pick, choice) => {
    const rows = indicesOf(lines, '300,');
    const index = rows[pick % rows.length] as number;
    const fields = (lines[index] as string).split(',');
    const n = fields.length - 7; // record, date, values, then the writer's five trailing fields
    fields[2 + (choice % n)] = LETTERS[choice % LETTERS.length] as string;
    return { lines: lines.with(index, fields.join(',')), line: index + 1 };
  },
  'a value dropped': (lines, pick, choice) => {
    const rows = indicesOf(lines, '300,');
    const index = rows[pick % rows.length] as number;
    const fields = (lines[index] as string).split(',');
    fields.splice(2 + (choice % (fields.length - 7)), 1);
    return { lines: lines.with(index, fields.join(',')), line: index + 1 };
  },
  'an interval length changed': (lines, pick, choice) => {
    const details = indicesOf(lines, '200,');
    const index = details[pick % details.length] as number;
    const fields = (lines[index] as string).split(',');
    const length = LENGTHS.filter((candidate) => candidate !== fields[8])[
      choice % (LENGTHS.length - 1)
    ] as string;
    fields[8] = length;
    // A length we accept shows at the channel's first 300 record; any other at the 200 record itself. Energy
    // channels take 5, 15 or 30 (docs/meter-data.md); others 10 as well.
    const energy = /^[EB]/i.test(fields[4] ?? '') && /^[kM]?Wh$/i.test(fields[7] ?? '');
    const accepted = energy ? ['5', '15', '30'] : ['5', '10', '15', '30'];
    const line = accepted.includes(length) ? index + 2 : index + 1;
    return { lines: lines.with(index, fields.join(',')), line };
  },
  'an unknown record inserted': (lines, pick, choice) => {
    const at = pick % (lines.length + 1);
    return {
      lines: lines.toSpliced(at, 0, UNKNOWN_RECORDS[choice % UNKNOWN_RECORDS.length] as string),
      line: at + 1,
    };
  },
};

describe('NEM12 corruption', () => {
  it.each(Object.keys(corruptions))('rejects %s at its line', (name) => {
    const corrupt = corruptions[name] as Corruption;
    fc.assert(
      fc.property(documentArbitrary, fc.nat(), fc.nat(), ({ channels, createdSeconds }, pick, choice) => {
        const lines = [...nem12Lines({ createdAt: new Date(createdSeconds * 1000), channels })];
        const corrupted = corrupt(lines, pick, choice);
        if (corrupted === undefined) return;
        let error: unknown;
        try {
          for (const _ of parseNem12Sync(corrupted.lines)) {
            // reads before the corruption are handed out; the file is rejected all the same
          }
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(Nem12Error);
        expect((error as Nem12Error).line).toBe(corrupted.line);
        expect((error as Nem12Error).reason.length).toBeGreaterThan(10);
      }),
      { numRuns: 100 },
    );
  });
});

/** The exact conversion, by regular expression and BigInt: what parseExactDecimal must agree with. */
function reference(text: string, decimals: number): number | undefined {
  const trimmed = text.replace(/^[ \t\r]+|[ \t\r]+$/g, '');
  const match = /^([0-9]*)(?:\.([0-9]*))?$/.exec(trimmed);
  if (match === null) return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole.length + fraction.length === 0) return undefined;
  if (/[1-9]/.test(fraction.slice(decimals))) return undefined;
  const scaled = BigInt(`${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}` || '0');
  return scaled <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(scaled) : undefined;
}

const digits = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength });

describe('exact decimals', () => {
  it('accepts exactly the decimal strings the reference accepts, with the same value', () => {
    const anyText = fc.string({ unit: fc.constantFrom(...'0159.-+e \tx,'), maxLength: 24 });
    const decimalText = fc
      .tuple(
        fc.constantFrom('', ' ', '\t'),
        digits(12),
        fc.option(digits(12)),
        fc.constantFrom('', ' ', '\r'),
      )
      .map(
        ([before, whole, fraction, after]) =>
          `${before}${whole}${fraction === null ? '' : `.${fraction}`}${after}`,
      );
    fc.assert(
      fc.property(fc.oneof(anyText, decimalText), fc.constantFrom(3, 6, 9), (text, decimals) => {
        expect(parseExactDecimal(text, decimals)).toBe(reference(text, decimals));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads back every micro-unit count the writer formats', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (micro) => {
        expect(parseExactDecimal(formatMicro(micro), 6)).toBe(micro);
        expect(formatMicro(micro)).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/);
      }),
      { numRuns: 2000 },
    );
  });
});
