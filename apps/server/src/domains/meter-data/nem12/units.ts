/**
 * Units and exact decimals of NEM12 values. Values are stored as integers in micro-units of a normalised unit
 * (micro-kWh for Wh, kWh and MWh), converted from the decimal text without binary floating point, so that
 * 0.1 + 0.2 kWh is exactly 300_000 micro-kWh and spend sums stay exact (docs/tariffs.md).
 */

export interface UnitScale {
  /** The normalised unit, e.g. 'kWh' for Wh, kWh and MWh. */
  unit: string;
  /** Decimal digits kept: a value written in the file times 10^decimals is its count of micro-`unit`. */
  decimals: number;
}

/**
 * The units of measure of the MDFF specification, by lower case (files write KWH, kwh, kWh...). Energy and
 * power are normalised to their kilo unit, volts and amperes to the base unit. 'mwh' is megawatt-hours: no
 * meter writes milliwatt-hours, so case does not tell them apart.
 */
const UNITS: ReadonlyMap<string, UnitScale> = new Map(
  (
    [
      ['kWh', ['wh', 3], ['kwh', 6], ['mwh', 9]],
      ['kVArh', ['varh', 3], ['kvarh', 6], ['mvarh', 9]],
      ['kVAh', ['vah', 3], ['kvah', 6], ['mvah', 9]],
      ['kW', ['w', 3], ['kw', 6], ['mw', 9]],
      ['kVAr', ['var', 3], ['kvar', 6], ['mvar', 9]],
      ['kVA', ['va', 3], ['kva', 6], ['mva', 9]],
      ['V', ['v', 6], ['kv', 9]],
      ['A', ['a', 6], ['ka', 9]],
      ['pf', ['pf', 6]],
    ] as const
  ).flatMap(([unit, ...spellings]) =>
    spellings.map(([spelling, decimals]): [string, UnitScale] => [spelling, { unit, decimals }]),
  ),
);

/** The normalised unit and scale of a UOM as written, or undefined for a unit we do not know. */
export function normaliseUnit(uom: string): UnitScale | undefined {
  return UNITS.get(uom.trim().toLowerCase());
}

/** Why a field is not an exact decimal (the negative results of scaledDecimal). */
export const MALFORMED = -1;
export const TOO_PRECISE = -2;
export const TOO_LARGE = -3;

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

const isBlank = (code: number) => code === 32 || code === 9 || code === 13;

/**
 * The decimal text at text[start, end) times 10^decimals, as an integer, or MALFORMED, TOO_PRECISE or
 * TOO_LARGE. Accepts digits with at most one '.' and at least one digit in all ('.048', '1.', '0'),
 * surrounded by spaces or tabs; digits beyond `decimals` must be zeros, and the result a safe integer.
 * This is the parser's per-value hot path: char codes, no substrings, no floating point multiplication.
 */
export function scaledDecimal(text: string, start: number, end: number, decimals: number): number {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  let acc = 0;
  let digits = 0;
  let dot = false;
  let kept = 0;
  let precise = true;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    const digit = code - 48;
    if (digit >= 0 && digit <= 9) {
      digits++;
      if (!dot) {
        acc = acc * 10 + digit;
      } else if (kept < decimals) {
        acc = acc * 10 + digit;
        kept++;
      } else if (digit !== 0) {
        precise = false;
      }
    } else if (code === 46 && !dot) {
      dot = true;
    } else {
      return MALFORMED;
    }
  }
  if (digits === 0) return MALFORMED;
  if (!precise) return TOO_PRECISE;
  // acc only grew, so every intermediate value was below the result: exact whenever the result is safe.
  const scaled = acc * (POW10[decimals - kept] ?? 10 ** (decimals - kept));
  return scaled <= Number.MAX_SAFE_INTEGER ? scaled : TOO_LARGE;
}

/** The decimal string times 10^decimals as an integer, or undefined when it is not exactly that. */
export function parseExactDecimal(text: string, decimals: number): number | undefined {
  const value = scaledDecimal(text, 0, text.length, decimals);
  return value >= 0 ? value : undefined;
}

/**
 * A non-negative integer count of micro-units as the shortest exact decimal string of whole units:
 * 1_111_000 is '1.111', 2_000_000 is '2', 48_000 is '0.048'.
 */
export function formatMicro(micro: number): string {
  if (!Number.isSafeInteger(micro) || micro < 0) {
    throw new RangeError(`not a non-negative integer count of micro-units: ${micro}`);
  }
  let fraction = micro % 1_000_000;
  const whole = (micro - fraction) / 1_000_000;
  if (fraction === 0) return String(whole);
  let width = 6;
  while (fraction % 10 === 0) {
    fraction /= 10;
    width--;
  }
  const digits = String(fraction);
  return `${whole}.${digits.length < width ? '0'.repeat(width - digits.length) + digits : digits}`;
}
