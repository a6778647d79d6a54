/**
 * The budget alert choice on Settings (docs/budget-alerts.md): a checkbox, shown while subscribed (the alert goes
 * with the email subscription, decision 0040), with the weekly budget it watches or a note that there is none.
 */
import { budgetAlertSettingsCopy, formatCurrency, formatMessage } from '@portal/contracts';
import { useId } from 'react';
import { useBudgetAlert, useUpdateBudgetAlert } from '../api/budget-alert.ts';

export function BudgetAlertControl({ accountId }: { accountId: string }) {
  const query = useBudgetAlert(accountId);
  const update = useUpdateBudgetAlert(accountId);
  const noteId = useId();
  if (query.isError) return <p className="settings__next">{budgetAlertSettingsCopy.loadError}</p>;
  if (!query.data) return null;
  const { enabled, budget } = query.data;
  return (
    <fieldset className="settings__frequency settings__alert" disabled={update.isPending}>
      <legend>{budgetAlertSettingsCopy.legend}</legend>
      <label className="settings__option">
        <input
          type="checkbox"
          checked={enabled}
          aria-describedby={noteId}
          onChange={(event) => update.mutate(event.currentTarget.checked)}
        />
        <span>{budgetAlertSettingsCopy.label}</span>
      </label>
      <p id={noteId} className="settings__next">
        {budget > 0
          ? formatMessage(budgetAlertSettingsCopy.budget, { budget: formatCurrency(budget) })
          : budgetAlertSettingsCopy.noBudget}
      </p>
    </fieldset>
  );
}
