/** NEM12 units of measure and exact decimals: hand-checked conversions to micro-units and back. */
import { describe, expect, it } from 'vitest';
import {
  formatMicro,
  normaliseUnit,
  parseExactDecimal,
  parseNem12Sync,
} from '../../src/domains/meter-data/nem12/index.ts';

describe('normaliseUnit', () => {
  it.each([
    ['Wh', 'kWh', 3],
    ['kWh', 'kWh', 6],
    ['MWh', 'kWh', 9],
    ['KWH', 'kWh', 6],
    ['wh', 'kWh', 3],
    [' kWh ', 'kWh', 6],
    ['kVArh', 'kVArh', 6],
    ['KVARH', 'kVArh', 6],
    ['VArh', 'kVArh', 3],
    ['MVArh', 'kVArh', 9],
    ['kVAh', 'kVAh', 6],
    ['kW', 'kW', 6],
    ['V', 'V', 6],
    ['kV', 'V', 9],
    ['pf', 'pf', 6],
  ])('%s counts micro-%s with %i decimals', (uom, unit, decimals) => {
    expect(normaliseUnit(uom)).toEqual({ unit, decimals });
  });

  it.each(['', 'kWhr', 'GWh', 'litres', 'k Wh'])('does not know %j', (uom) => {
    expect(normaliseUnit(uom)).toBeUndefined();
  });
});

describe('parseExactDecimal', () => {
  it.each([
    ['0', 6, 0],
    ['1.111', 6, 1_111_000],
    ['.048', 6, 48_000],
    ['1.', 6, 1_000_000],
    ['007.5', 6, 7_500_000],
    [' 2.5 ', 6, 2_500_000],
    ['\t2.5\r', 6, 2_500_000],
    ['0.000001', 6, 1],
    ['1.1230000000', 6, 1_123_000],
    ['2311.765', 6, 2_311_765_000],
    // Wh: 1234 Wh is 1.234 kWh.
    ['1234', 3, 1_234_000],
    ['0.5', 3, 500],
    // MWh: 0.000000001 MWh is 1 milli-Wh, i.e. 1 micro-kWh.
    ['0.000000001', 9, 1],
    ['1.5', 9, 1_500_000_000],
    ['9007199254.740991', 6, Number.MAX_SAFE_INTEGER],
  ])('%j at %i decimals is %i', (text, decimals, expected) => {
    expect(parseExactDecimal(text, decimals)).toBe(expected);
  });

  it.each([
    ['', 6],
    ['.', 6],
    [' ', 6],
    ['-1', 6],
    ['+1', 6],
    ['1e3', 6],
    ['1.2.3', 6],
    ['1 2', 6],
    ['1,2', 6],
    ['0x10', 6],
    ['١', 6],
    ['1.1234567', 6],
    ['0.0005', 3],
    ['9007199254.740992', 6],
    ['99999999999999999999', 6],
  ])('rejects %j at %i decimals', (text, decimals) => {
    expect(parseExactDecimal(text, decimals)).toBeUndefined();
  });
});

describe('formatMicro', () => {
  it.each([
    [0, '0'],
    [1, '0.000001'],
    [48_000, '0.048'],
    [1_111_000, '1.111'],
    [2_000_000, '2'],
    [10_000, '0.01'],
    [123_456_789, '123.456789'],
    [Number.MAX_SAFE_INTEGER, '9007199254.740991'],
  ])('%i micro-units are %s', (micro, text) => {
    expect(formatMicro(micro)).toBe(text);
    expect(parseExactDecimal(text, 6)).toBe(micro);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 53])('refuses %d', (micro) => {
    expect(() => formatMicro(micro)).toThrow(RangeError);
  });
});

describe('units in a file', () => {
  const day = (uom: string, value: string) => [
    '100,NEM12,202401010000,MDA1,RET1',
    `200,NMI0000001,E1,1,E1,N1,M1,${uom},30,`,
    `300,20240101,${new Array(48).fill(value).join(',')},A,,,,`,
    '900',
  ];
  const first = (uom: string, value: string) => [...parseNem12Sync(day(uom, value))][0];

  it.each([
    ['Wh', '500', 'kWh', 500_000],
    ['kWh', '0.5', 'kWh', 500_000],
    ['MWh', '0.0005', 'kWh', 500_000],
    ['KWH', '.5', 'kWh', 500_000],
    ['kVArh', '1.25', 'kVArh', 1_250_000],
    ['VArh', '1250', 'kVArh', 1_250_000],
  ])('%s %s is %s micro-%s', (uom, value, unit, micro) => {
    const read = first(uom, value);
    expect(read?.unit).toBe(unit);
    expect(read?.uom).toBe(uom);
    expect(read?.values[0]).toBe(micro);
    expect(read?.kind).toBe(unit === 'kWh' ? 'import' : 'other');
  });

  it('names the line and value of a value finer than a micro-unit', () => {
    expect(() => first('Wh', '0.0005')).toThrow(
      "NEM12:3: interval value 1 '0.0005' has more decimals than micro-kWh can hold exactly (Wh to 3 decimals)",
    );
  });

  it('rejects a unit NEM12 does not define', () => {
    expect(() => first('kWhr', '1')).toThrow(
      "NEM12:2: 200 record unit of measure 'kWhr' is not one NEM12 defines",
    );
  });
});
