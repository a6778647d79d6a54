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

function manualCurrency(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Formats dollars as en-AU AUD ($1,234.50); falls back to manual grouping where Intl is unavailable. */
export function formatCurrency(value: number, decimals = 2): string {
  try {
    return new Intl.NumberFormat('en-AU', {
      style: 'currency',
      currency: 'AUD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(value);
  } catch {
    return manualCurrency(value, decimals);
  }
}
export { manualCurrency as formatCurrencyFallback };

/** Formats a plain number in en-AU with 2 fraction digits by default. */
export function formatDecimal(value: number, decimals = 2): string {
  return new Intl.NumberFormat('en-AU', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** Truncates text to `length` characters (3 by default, spec §9), e.g. weekday abbreviations. */
export function truncate(text: string, length = 3): string {
  return text.slice(0, length);
}
