/**
 * The weekly budget form (spec §5): a whole-dollar input from 0 to 99 prefixed with '$', and a Save button.
 * Empty or '-' input reverts to the budget saved on the account; a leading minus is stripped; anything else
 * is coerced to a number. Min and max are only input attributes (no message for out-of-range values); what
 * is saved is brought into range. Above 0 the budget is on, 0 turns it off.
 */
import { trackerCopy } from '@portal/contracts';
import { useId, useState } from 'react';
import { useSaveSpendTarget } from '../api/save-spend-target.ts';
import {
  applyBudgetInput,
  BUDGET_MAX,
  BUDGET_MIN,
  budgetToSave,
  isBudgetEnabled,
} from '../lib/budget-input.ts';
import './budget-form.css';

export function BudgetForm({ accountId, savedBudget }: { accountId: string; savedBudget: number }) {
  const [budget, setBudget] = useState(savedBudget);
  const save = useSaveSpendTarget(accountId);
  const inputId = useId();
  const helpId = useId();
  const enabled = isBudgetEnabled(budget);

  return (
    <section className="tracker-card budget-form" aria-labelledby="budget-form-title">
      <h2 id="budget-form-title">{trackerCopy.budgetTitle}</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(budgetToSave(budget));
        }}
      >
        <label className="budget-form__label" htmlFor={inputId}>
          {trackerCopy.budgetLabel}
        </label>
        <div className="budget-form__row">
          <span className="budget-form__field">
            <span className="budget-form__prefix" aria-hidden="true">
              $
            </span>
            <input
              id={inputId}
              className="budget-form__input"
              type="number"
              inputMode="numeric"
              min={BUDGET_MIN}
              max={BUDGET_MAX}
              step={1}
              value={budget}
              aria-describedby={helpId}
              onChange={(event) => setBudget(applyBudgetInput(event.target.value, savedBudget))}
            />
          </span>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {trackerCopy.budgetSave}
          </button>
          <span
            className={enabled ? 'budget-form__status is-on' : 'budget-form__status is-off'}
            data-testid="budget-status"
          >
            {enabled ? trackerCopy.budgetOn : trackerCopy.budgetOff}
          </span>
        </div>
        <p id={helpId} className="budget-form__help">
          {trackerCopy.budgetHelp}
        </p>
      </form>
    </section>
  );
}
