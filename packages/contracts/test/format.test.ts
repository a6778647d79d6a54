import { describe, expect, it } from 'vitest';
import { formatCurrency, formatCurrencyFallback, formatDecimal, roundTo, truncate } from '../src/format.ts';

describe('money and numbers (spec §9)', () => {
  it('formats Australian dollars with 2 decimals by default', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-3.2)).toBe('-$3.20');
    expect(formatCurrency(40, 0)).toBe('$40');
  });

  it('falls back to manual thousands separators', () => {
    expect(formatCurrencyFallback(1234567.891, 2)).toBe('$1,234,567.89');
    expect(formatCurrencyFallback(-1000, 2)).toBe('-$1,000.00');
    expect(formatCurrencyFallback(12, 0)).toBe('$12');
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
