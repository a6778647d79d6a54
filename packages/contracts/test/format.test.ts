import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDecimal, roundTo, truncate } from '../src/format.ts';

describe('money and numbers (docs/rules.md#limits)', () => {
  it('formats Australian dollars with 2 decimals by default', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-3.2)).toBe('-$3.20');
    expect(formatCurrency(40, 0)).toBe('$40');
  });

  it('groups thousands', () => {
    expect(formatCurrency(1234567.891, 2)).toBe('$1,234,567.89');
    expect(formatCurrency(-1000, 2)).toBe('-$1,000.00');
    expect(formatCurrency(12, 0)).toBe('$12');
    // Half up from the shortest decimal form, as Intl.NumberFormat rounds (toFixed would say 1.00).
    expect(formatCurrency(1.005)).toBe('$1.01');
    expect(formatDecimal(0.125, 2)).toBe('0.13');
  });

  it('writes what a new Intl.NumberFormat en-AU writes, whatever was formatted before (kept formatters)', () => {
    const amounts = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }),
      fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((cents) => cents / 100),
      fc.integer({ min: -100_000, max: 100_000 }).map((eighths) => eighths / 8),
    );
    fc.assert(
      fc.property(amounts, fc.integer({ min: 0, max: 4 }), (value, decimals) => {
        const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
        // Less the sign of a negative zero (below).
        const unsigned = (text: string) => (/^-[^1-9]*$/.test(text) ? text.slice(1) : text);
        expect(formatCurrency(value, decimals)).toBe(
          unsigned(
            new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', ...digits }).format(value),
          ),
        );
        expect(formatDecimal(value, decimals)).toBe(
          unsigned(new Intl.NumberFormat('en-AU', digits).format(value)),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('never writes a negative zero: -0 and every negative amount that rounds to zero (issue 26 item 10)', () => {
    expect(formatCurrency(-0)).toBe('$0.00');
    expect(formatCurrency(-0.004)).toBe('$0.00');
    expect(formatCurrency(-0.4, 0)).toBe('$0');
    expect(formatDecimal(-0)).toBe('0.00');
    expect(formatDecimal(-0.04, 1)).toBe('0.0');
    expect(formatCurrency(-0.005)).toBe('-$0.01');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (decimals, share) => {
          // Every magnitude below half of the last digit shown rounds to zero.
          const value = -share * 0.499 * 10 ** -decimals;
          expect(formatCurrency(value, decimals)).toBe(formatCurrency(0, decimals));
          expect(formatDecimal(value, decimals)).toBe(formatDecimal(0, decimals));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('formats decimals in en-AU with 2 fraction digits by default', () => {
    expect(formatDecimal(1234.5)).toBe('1,234.50');
    expect(formatDecimal(0.125, 3)).toBe('0.125');
  });

  it('rounds up by default and down when asked', () => {
    expect(roundTo(1.231)).toBe(1.24);
    expect(roundTo(1.239, 2, 'down')).toBe(1.23);
    expect(roundTo(1.23)).toBe(1.23);
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-1.231)).toBe(-1.23);
  });

  it('truncates text to 3 characters by default', () => {
    expect(truncate('Wednesday')).toBe('Wed');
    expect(truncate('Mo')).toBe('Mo');
    expect(truncate('Saturday', 2)).toBe('Sa');
  });
});
