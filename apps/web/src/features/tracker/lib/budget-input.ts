/** The budget input's rules (spec §5), applied to the text the customer typed. */
import { BUDGET_MAX } from '@portal/contracts';

export const BUDGET_MIN = 0;
export { BUDGET_MAX };

/**
 * The budget to show after the customer typed `raw`: empty or '-' reverts to the previous budget (the one
 * saved on the account); a leading minus is stripped (negative budgets are not allowed); anything else is
 * coerced to a number. Out-of-range values are kept as typed: min and max are only input attributes and no
 * message is shown (spec §5); `budgetToSave` brings them into range.
 */
export function applyBudgetInput(raw: string, previous: number): number {
  const text = raw.trim();
  if (text === '' || text === '-') return previous;
  const stripped = text.replace(/^-+/, '');
  if (stripped === '') return previous;
  const value = Number(stripped);
  return Number.isFinite(value) ? value : previous;
}

/** What is sent: whole dollars from 0 to 99 (the server's schema), whatever the input showed. */
export function budgetToSave(value: number): number {
  if (!Number.isFinite(value)) return BUDGET_MIN;
  return Math.min(BUDGET_MAX, Math.max(BUDGET_MIN, Math.round(value)));
}

/** Above 0 the budget is enabled; 0 disables it (spec §5). */
export const isBudgetEnabled = (budget: number): boolean => budget > 0;
