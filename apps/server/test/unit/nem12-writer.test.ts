/** The NEM12 writer: hand-checked lines, quality as 400 records, laziness, and the inputs it refuses. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatNem12DateTime,
  type Nem12WriteRead,
  nem12Lines,
  parseNem12Sync,
  writeNem12,
} from '../../src/domains/meter-data/nem12/index.ts';
import { NEM12_SAMPLES } from '../helpers/samples.ts';

const SAMPLES = NEM12_SAMPLES;
const createdAt = new Date('2026-03-01T00:05:00Z'); // 10:05 AEST
const halfHours = (kwh: number[]) => [...kwh, ...new Array(48 - kwh.length).fill(0)];

function linesFor(read: Nem12WriteRead): string[] {
  return [
    ...nem12Lines({
      participant: 'RETAILER',
      toParticipant: 'MDP',
      createdAt,
      channels: [{ nmi: '6001234567', suffix: 'E1', intervalMinutes: 30, meterSerial: 'SN1', reads: [read] }],
    }),
  ];
}

describe('NEM12 writer', () => {
  it('writes the header, 200, 300 and 900 records with exact kWh decimals', () => {
    const lines = linesFor({
      date: '2026-02-28',
      values: halfHours([1_111_000, 48_000, 2_000_000, 1, 10_000]),
      updateTime: new Date('2026-02-28T14:30:05Z'),
    });
    expect(lines[0]).toBe('100,NEM12,202603011005,RETAILER,MDP');
    expect(lines[1]).toBe('200,6001234567,E1,,E1,,SN1,kWh,30,');
    expect(lines[2]).toBe(
      `300,20260228,1.111,0.048,2,0.000001,0.01,${new Array(43).fill('0').join(',')},A,,,20260301003005,`,
    );
    expect(lines[3]).toBe('900');
    expect(lines).toHaveLength(4);
  });

  it('writes quality that varies within the day as V with a 400 record per run', () => {
    const lines = linesFor({
      date: '2026-02-28',
      values: halfHours([]),
      quality: `${'A'.repeat(20)}EE${'A'.repeat(26)}`,
    });
    expect(lines.slice(2, 6).map((line) => line.split(',').slice(-5).join(','))).toEqual([
      'V,,,,',
      '1,20,A,,',
      '21,22,E,,',
      '23,48,A,,',
    ]);
    const [read] = parseNem12Sync(lines);
    expect(read?.quality).toBe(`${'A'.repeat(20)}EE${'A'.repeat(26)}`);
  });

  it('writes a uniform substituted day with its method and reason', () => {
    const lines = linesFor({
      date: '2026-02-28',
      values: halfHours([]),
      qualityMethod: 'S14',
      reasonCode: 32,
      reasonDescription: 'fault',
    });
    expect(lines[2]?.endsWith(',S14,32,fault,,')).toBe(true);
    expect([...parseNem12Sync(lines)][0]).toMatchObject({
      quality: 'S'.repeat(48),
      qualityMethod: 'S14',
      reasonCode: 32,
    });
  });

  it('writes parsed 400 records back as they were', () => {
    const file = fs.readFileSync(path.join(SAMPLES, 'Example_NEM12_multiple_quality.csv'), 'utf8');
    const [original] = parseNem12Sync(file.split('\r\n'));
    if (original === undefined) throw new Error('no read');
    const lines = linesFor(original);
    expect(lines.slice(3, 6)).toEqual(['400,1,20,F14,76,', '400,21,24,A,,', '400,25,48,S14,1,']);
    const [again] = parseNem12Sync(lines);
    expect(again).toMatchObject({
      values: original.values,
      quality: original.quality,
      qualityMethod: 'V',
      events: original.events,
      updateTime: original.updateTime,
      msatsLoadTime: original.msatsLoadTime,
    });
  });

  it('generates lines as they are pulled, from endless reads', () => {
    const endless = function* (): Generator<Nem12WriteRead> {
      for (let day = 1; ; day++)
        yield { date: `2026-01-${String((day % 28) + 1).padStart(2, '0')}`, values: halfHours([day * 1000]) };
    };
    const lines = nem12Lines({
      createdAt,
      channels: [{ nmi: 'NMI1', suffix: 'E1', intervalMinutes: 30, reads: endless() }],
    });
    const first = [lines.next().value, lines.next().value, lines.next().value, lines.next().value];
    expect(first.map((line) => line?.slice(0, 18))).toEqual([
      '100,NEM12,20260301',
      '200,NMI1,E1,,E1,,,',
      '300,20260102,0.001',
      '300,20260103,0.002',
    ]);
  });

  it('writes CRLF chunks of whole lines', () => {
    const reads = Array.from({ length: 1000 }, () => ({
      date: '2026-01-01',
      values: halfHours([123_456_789]),
    }));
    const chunks = [
      ...writeNem12({
        createdAt,
        lineEnding: '\r\n',
        channels: [{ nmi: 'NMI1', suffix: 'B1', intervalMinutes: 30, reads }],
      }),
    ];
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.endsWith('\r\n')).toBe(true);
    expect(chunks.join('').split('\r\n')).toHaveLength(1004);
  });

  it('formats instants in AEST, to the second', () => {
    expect(formatNem12DateTime(new Date('2026-12-31T14:00:00.999Z'))).toBe('20270101000000');
    expect(formatNem12DateTime(new Date('2026-06-30T13:59:59Z'), false)).toBe('202606302359');
  });

  it.each([
    [
      'a value that is not whole micro-kWh',
      { values: halfHours([1.5]) },
      'not a non-negative integer count of micro-units: 1.5',
    ],
    ['a negative value', { values: halfHours([-1]) }, 'not a non-negative integer count of micro-units: -1'],
    ['the wrong value count', { values: [1, 2, 3] }, '6001234567 E1 2026-02-28: 3 values, 48 expected'],
    ['a bad date', { date: '2026-02-30' }, '6001234567 E1: date 2026-02-30 is not YYYY-MM-DD'],
    ['an unknown flag', { quality: 'X' }, 'quality must be one flag or 48 flags of A, E, F, N, S'],
    [
      'quality of the wrong length',
      { quality: 'AE' },
      'quality must be one flag or 48 flags of A, E, F, N, S',
    ],
    [
      'a method that does not match the flag',
      { quality: 'A', qualityMethod: 'E52' },
      'quality method E52 does not match the quality A',
    ],
    [
      'a varying quality with a fixed method',
      { quality: `E${'A'.repeat(47)}`, qualityMethod: 'A' },
      'does not match the quality',
    ],
    [
      'a reason description with a comma',
      { qualityMethod: 'S14', reasonDescription: 'a,b' },
      'reason description must not contain a comma',
    ],
  ])('refuses %s', (_, change, message) => {
    expect(() => linesFor({ date: '2026-02-28', values: halfHours([]), ...change })).toThrow(message);
  });

  it('refuses an NMI that is not 1 to 10 letters or digits', () => {
    const lines = nem12Lines({
      createdAt,
      channels: [{ nmi: 'NMI-1', suffix: 'E1', intervalMinutes: 30, reads: [] }],
    });
    expect(() => [...lines]).toThrow('NMI NMI-1 is not 1 to 10 letters or digits');
  });
});
