/**
 * The budget input's rules (docs/rules.md#validation), on the text of the field. The field shows what the customer typed, so
 * that deleting the budget to type another one works, and an entry is never saved as a different budget:
 * - a leading minus is stripped (negative budgets are not allowed);
 * - leaving the field empty (or '-') reverts it to the previous budget (the one saved on the account);
 * - anything else is coerced to a number; whole dollars from 0 to 99 are saved as typed, and any other
 *   number is not saved at all (Save is off; min, max and step stay input attributes, with no message).
 */
import { BUDGET_MAX } from '@portal/contracts';

export const BUDGET_MIN = 0;
export { BUDGET_MAX };

/** The field's text after the customer typed `raw`: without a leading minus. */
export function budgetFieldText(raw: string): string {
  return raw.replace(/^\s*-+/, '');
}

/** True when the text stands for no budget of its own (empty or '-'; a number field holding letters is empty). */
export const revertsToSaved = (text: string): boolean => budgetFieldText(text).trim() === '';

/** The field's text once the customer leaves it: empty (or '-') is the previous budget again. */
export function budgetFieldOnLeave(text: string, previous: number): string {
  return revertsToSaved(text) ? String(previous) : text;
}

/** The budget the text saves: empty means the previous one; null when it is not whole dollars from 0 to 99. */
export function budgetToSave(text: string, previous: number): number | null {
  const trimmed = budgetFieldText(text).trim();
  if (trimmed === '') return previous;
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= BUDGET_MIN && value <= BUDGET_MAX ? value : null;
}

/** Above 0 the budget is enabled; 0 disables it (docs/rules.md#validation). */
export const isBudgetEnabled = (budget: number): boolean => budget > 0;
