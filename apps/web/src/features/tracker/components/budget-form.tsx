/**
 * The weekly budget form (docs/rules.md#validation): a whole-dollar input from 0 to 99 prefixed with '$', and a Save button.
 * The field shows what the customer typed (lib/budget-input.ts): a leading minus is stripped, leaving it empty
 * or '-' reverts to the budget saved on the account, and an entry that is not whole dollars from 0 to 99 is
 * marked invalid with Save off (no message: the help text says the range), never saved as another budget.
 * After a save the field shows the budget saved. Above 0 the budget is on, 0 turns it off.
 */
import { budgetNotices, formatMessage, trackerCopy } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { useAlert } from '../../../shared/alerts/alert-provider.tsx';
import { useSaveSpendTarget } from '../api/save-spend-target.ts';
import {
  BUDGET_MAX,
  BUDGET_MIN,
  budgetFieldOnLeave,
  budgetFieldText,
  budgetToSave,
  isBudgetEnabled,
} from '../lib/budget-input.ts';
import './budget-form.css';

export function BudgetForm({ accountId, savedBudget }: { accountId: string; savedBudget: number }) {
  const [text, setText] = useState(String(savedBudget));
  // A budget saved (here or elsewhere) shows in the field. The form stays mounted, so the keyboard focus stays
  // on the field or Save through a save (issue 26 item 6; it used to be remounted for each budget).
  useEffect(() => setText(String(savedBudget)), [savedBudget]);
  const save = useSaveSpendTarget(accountId);
  const { showAlert } = useAlert();
  const inputId = useId();
  const helpId = useId();
  const toSave = budgetToSave(text, savedBudget);
  const invalid = toSave === null;
  const enabled = isBudgetEnabled(toSave ?? savedBudget);

  return (
    <section className="tracker-card budget-form" aria-labelledby="budget-form-title">
      <h2 id="budget-form-title">{trackerCopy.budgetTitle}</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (toSave === null || save.isPending) return;
          setText(String(toSave));
          // The saved budget again (typed, or empty, '-' or not a number, which revert to it, also when the
          // field is left for Save): nothing to save, and saying "updated" would be untrue (issue 26 item 14).
          if (toSave === savedBudget) {
            showAlert({
              kind: 'info',
              message: isBudgetEnabled(savedBudget)
                ? formatMessage(budgetNotices.unchanged, { amount: savedBudget })
                : budgetNotices.unchangedOff,
            });
            return;
          }
          save.mutate(toSave);
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
              value={text}
              aria-describedby={helpId}
              aria-invalid={invalid || undefined}
              onChange={(event) => setText(budgetFieldText(event.target.value))}
              onBlur={() => setText((current) => budgetFieldOnLeave(current, savedBudget))}
            />
          </span>
          <button
            type="submit"
            className="button button--primary"
            disabled={invalid}
            aria-disabled={save.isPending || undefined}
          >
            {trackerCopy.budgetSave}
          </button>
          <span
            className={enabled ? 'budget-form__status is-on' : 'budget-form__status is-off'}
            data-testid="budget-status"
          >
            {enabled ? trackerCopy.budgetOn : trackerCopy.budgetOff}
          </span>
        </div>
        <p id={helpId} className={invalid ? 'budget-form__help is-invalid' : 'budget-form__help'}>
          {trackerCopy.budgetHelp}
        </p>
      </form>
    </section>
  );
}
