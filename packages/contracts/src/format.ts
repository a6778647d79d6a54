/** Money and number formatting of spec §9: en-AU, Australian dollars, 2 decimals by default. */

export type RoundingDirection = 'up' | 'down';

/** Rounds to `decimals` places: up (ceiling) by default, down when asked (spec §9). */
export function roundTo(value: number, decimals = 2, direction: RoundingDirection = 'up'): number {
  const factor = 10 ** decimals;
  // Scale via a string exponent to avoid 1.005 * 100 = 100.49999 style errors before the ceiling/floor.
  const scaled = Number(`${value}e${decimals}`);
  const rounded = direction === 'up' ? Math.ceil(scaled - 1e-9) : Math.floor(scaled + 1e-9);
  return Number.isFinite(scaled) ? rounded / factor : Math.round(value * factor) / factor;
}

/**
 * en-AU grouping of a number's absolute value ('1,234.50'), by hand. Intl.NumberFormat gives the same text
 * (a test compares them) but the first one a page makes loads the locale's data, about 50 ms of main thread
 * on a desktop CPU and four times that on Lighthouse's phone, in the middle of the Tracker's first render.
 */
function grouped(value: number, decimals: number): string {
  const [whole = '0', fraction] = roundedDigits(Math.abs(value), decimals);
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The whole and fraction digits of a non-negative number rounded half up to `decimals` places as Intl does:
 * from its shortest decimal form (1.005 is '1.01'), where toFixed works from the binary value ('1.00').
 */
function roundedDigits(value: number, decimals: number): [string, string | undefined] {
  const scaled = Math.round(Number(`${value}e${decimals}`));
  if (!Number.isSafeInteger(scaled))
    return value.toFixed(decimals).split('.') as [string, string | undefined];
  const digits = String(scaled).padStart(decimals + 1, '0');
  return decimals === 0 ? [digits, undefined] : [digits.slice(0, -decimals), digits.slice(-decimals)];
}

/** Formats dollars as en-AU AUD: $1,234.50, -$3.20. */
export function formatCurrency(value: number, decimals = 2): string {
  return `${value < 0 ? '-' : ''}$${grouped(value, decimals)}`;
}

/** Formats a plain number in en-AU with 2 fraction digits by default: 1,234.50. */
export function formatDecimal(value: number, decimals = 2): string {
  return `${value < 0 ? '-' : ''}${grouped(value, decimals)}`;
}

/** Truncates text to `length` characters (3 by default, spec §9), e.g. weekday abbreviations. */
export function truncate(text: string, length = 3): string {
  return text.slice(0, length);
}
