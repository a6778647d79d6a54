import { describe, expect, it } from 'vitest';
import { applyBudgetInput, BUDGET_MAX, BUDGET_MIN, budgetToSave, isBudgetEnabled } from './budget-input.ts';

describe('budget input rules (spec §5)', () => {
  it('has the limits 0 to 99', () => {
    expect([BUDGET_MIN, BUDGET_MAX]).toEqual([0, 99]);
  });

  it("reverts to the previous budget on empty or '-' input", () => {
    expect(applyBudgetInput('', 40)).toBe(40);
    expect(applyBudgetInput('-', 40)).toBe(40);
    expect(applyBudgetInput('  ', 25)).toBe(25);
  });

  it('strips a leading minus (negative budgets are not allowed)', () => {
    expect(applyBudgetInput('-5', 40)).toBe(5);
    expect(applyBudgetInput('-75', 40)).toBe(75);
    expect(applyBudgetInput('--', 40)).toBe(40);
  });

  it('coerces anything else to a number', () => {
    expect(applyBudgetInput('05', 40)).toBe(5);
    expect(applyBudgetInput('12.5', 40)).toBe(12.5);
    expect(applyBudgetInput('1e1', 40)).toBe(10);
    expect(applyBudgetInput('0', 40)).toBe(0);
    expect(applyBudgetInput('abc', 40)).toBe(40);
  });

  it('keeps out-of-range values as typed (max and min are only attributes, no message)', () => {
    expect(applyBudgetInput('150', 40)).toBe(150);
  });

  it('saves whole dollars from 0 to 99', () => {
    expect(budgetToSave(150)).toBe(99);
    expect(budgetToSave(12.5)).toBe(13);
    expect(budgetToSave(12.4)).toBe(12);
    expect(budgetToSave(0)).toBe(0);
    expect(budgetToSave(-3)).toBe(0);
    expect(budgetToSave(Number.NaN)).toBe(0);
  });

  it('is enabled above 0 and disabled at 0', () => {
    expect(isBudgetEnabled(1)).toBe(true);
    expect(isBudgetEnabled(0.5)).toBe(true);
    expect(isBudgetEnabled(0)).toBe(false);
  });
});
