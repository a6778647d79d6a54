/** Money and number formatting of docs/rules.md#limits: en-AU, Australian dollars, 2 decimals by default. */

export type RoundingDirection = 'up' | 'down';

/** Rounds to `decimals` places: up (ceiling) by default, down when asked (docs/rules.md#limits). */
export function roundTo(value: number, decimals = 2, direction: RoundingDirection = 'up'): number {
  const factor = 10 ** decimals;
  // Scale via a string exponent to avoid 1.005 * 100 = 100.49999 style errors before the ceiling/floor.
  const scaled = Number(`${value}e${decimals}`);
  const rounded = direction === 'up' ? Math.ceil(scaled - 1e-9) : Math.floor(scaled + 1e-9);
  return Number.isFinite(scaled) ? rounded / factor : Math.round(value * factor) / factor;
}

/**
 * Intl formatters, made once per number of decimals: making one is what costs (the Tracker's first render
 * formats hundreds of amounts, and a new formatter per amount was 366 ms of its long task on Lighthouse's
 * phone, decision 0020); formatting with a kept one costs microseconds.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(style: 'currency' | 'decimal', decimals: number): Intl.NumberFormat {
  const key = `${style}:${decimals}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-AU', {
      ...(style === 'currency' ? { style, currency: 'AUD' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * A negative amount that rounds to zero is written as zero: Intl writes -0 and -0.004 as "-$0.00", which
 * reads as a debt of nothing (a solar credit of 0 shown as taken off, issue 26 item 10). Every amount and
 * number the product shows goes through one of the two functions below.
 */
function withoutNegativeZero(text: string, format: Intl.NumberFormat): string {
  return text.startsWith('-') && !/[1-9]/.test(text) ? format.format(0) : text;
}

/** Formats dollars as en-AU AUD: $1,234.50, -$3.20; never -$0.00. */
export function formatCurrency(value: number, decimals = 2): string {
  const format = formatter('currency', decimals);
  return withoutNegativeZero(format.format(value), format);
}

/** Formats a plain number in en-AU with 2 fraction digits by default: 1,234.50; never -0.00. */
export function formatDecimal(value: number, decimals = 2): string {
  const format = formatter('decimal', decimals);
  return withoutNegativeZero(format.format(value), format);
}

/** Truncates text to `length` characters (3 by default, docs/rules.md#limits), e.g. weekday abbreviations. */
export function truncate(text: string, length = 3): string {
  return text.slice(0, length);
}
