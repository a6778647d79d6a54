import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUDGET_MAX,
  BUDGET_MIN,
  budgetFieldOnLeave,
  budgetFieldText,
  budgetToSave,
  isBudgetEnabled,
} from './budget-input.ts';

describe('budget input rules (docs/rules.md#validation)', () => {
  it('has the limits 0 to 99', () => {
    expect([BUDGET_MIN, BUDGET_MAX]).toEqual([0, 99]);
  });

  it('keeps an empty field empty while typing (so 25 can replace 40), and strips a leading minus', () => {
    expect(budgetFieldText('')).toBe('');
    expect(budgetFieldText('-')).toBe('');
    expect(budgetFieldText('-5')).toBe('5');
    expect(budgetFieldText('--75')).toBe('75');
    expect(budgetFieldText('25')).toBe('25');
  });

  it("reverts to the previous budget when the field is left empty or '-'", () => {
    expect(budgetFieldOnLeave('', 40)).toBe('40');
    expect(budgetFieldOnLeave('  ', 25)).toBe('25');
    expect(budgetFieldOnLeave('-', 40)).toBe('40');
    expect(budgetFieldOnLeave('150', 40)).toBe('150');
    expect(budgetFieldOnLeave('7', 40)).toBe('7');
  });

  it('saves every whole number of dollars from 0 to 99 as typed (coerced: 007 is 7, 1e1 is 10)', () => {
    for (let budget = 0; budget <= 99; budget++) expect(budgetToSave(String(budget), 40)).toBe(budget);
    expect(budgetToSave('007', 40)).toBe(7);
    expect(budgetToSave('1e1', 40)).toBe(10);
    expect(budgetToSave('12.0', 40)).toBe(12);
    // Empty reverts to the previous budget.
    expect(budgetToSave('', 40)).toBe(40);
  });

  it('never turns an entry into a different budget: out of range or not whole saves nothing', () => {
    for (const typed of ['100', '150', '4025', '7.6', '12.5', '0.4', '99.01', '1e3', 'abc']) {
      expect(budgetToSave(typed, 40), typed).toBeNull();
    }
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (value) => {
        // What the field holds once typed (a leading minus stripped), and what Save sends for it.
        const typed = Math.abs(value) + 0;
        const saved = budgetToSave(budgetFieldText(String(value)), 40);
        // Whatever is saved is the number the field shows; anything else is not saved at all.
        if (saved !== null) expect(saved).toBe(typed);
        expect(saved !== null).toBe(Number.isInteger(typed) && typed <= 99);
      }),
    );
  });

  it('is enabled above 0 and disabled at 0', () => {
    expect(isBudgetEnabled(1)).toBe(true);
    expect(isBudgetEnabled(0)).toBe(false);
  });
});
