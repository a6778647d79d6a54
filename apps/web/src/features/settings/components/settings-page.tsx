/**
 * Settings (docs/screens.md, docs/rules.md#states-and-transitions, docs/api.md#errors): subscribe to or unsubscribe from the email snapshot and, when subscribed,
 * switch between weekly and monthly, and turn the budget alert on or off (docs/budget-alerts.md). When the subscription cannot be fetched the state is unknown: the page
 * says so and offers to try again. Visiting records a 'settings' visit.
 */
import {
  formatLongDate,
  formatMessage,
  frequencyOf,
  marketToday,
  messages,
  type Subscription,
  screenTitles,
  settingsCopy,
} from '@portal/contracts';
import { useId } from 'react';
import { useParams } from 'react-router';
import { useVisitRecord } from '../../../shared/api/record-visit.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useFetchErrorAlert } from '../../../shared/hooks/use-fetch-error-alert.ts';
import { useChangeFrequency } from '../api/change-frequency.ts';
import { subscriptionFetchErrorMessage, useSubscription } from '../api/get-subscription.ts';
import { useUpdateSubscription } from '../api/update-subscription.ts';
import { BudgetAlertControl } from './budget-alert-control.tsx';
import './settings-page.css';

function FrequencySwitch({ accountId, subscription }: { accountId: string; subscription: Subscription }) {
  const change = useChangeFrequency(accountId);
  const name = useId();
  const current = frequencyOf(subscription.type);
  const options = [
    { value: 'weekly', label: settingsCopy.weekly },
    { value: 'monthly', label: settingsCopy.monthly },
  ] as const;
  return (
    // Busy, not disabled, while the change is on its way: disabling the radio the customer is on would drop the
    // focus to the page and the next arrow key would do nothing (issue 26 item 6).
    <fieldset className="settings__frequency" aria-busy={change.isPending || undefined}>
      <legend>{settingsCopy.frequencyLegend}</legend>
      {options.map((option) => (
        <label key={option.value} className="settings__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={current === option.value}
            onChange={() => {
              if (option.value !== current && !change.isPending) change.mutate();
            }}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

function SubscriptionSettings({
  accountId,
  subscription,
}: {
  accountId: string;
  subscription: Subscription;
}) {
  const update = useUpdateSubscription(accountId);
  const weekly = frequencyOf(subscription.type) === 'weekly';
  return (
    <div className="settings__card">
      <p className="settings__status" data-testid="subscription-status">
        {subscription.subscribed
          ? weekly
            ? settingsCopy.subscribedWeekly
            : settingsCopy.subscribedMonthly
          : settingsCopy.unsubscribed}
      </p>
      {subscription.subscribed && subscription.next_mailing_date ? (
        <p className="settings__next">
          {subscription.next_mailing_date <= marketToday()
            ? settingsCopy.nextEmailDue
            : formatMessage(settingsCopy.nextEmail, { date: formatLongDate(subscription.next_mailing_date) })}
        </p>
      ) : null}
      {subscription.subscribed ? <FrequencySwitch accountId={accountId} subscription={subscription} /> : null}
      {subscription.subscribed ? <BudgetAlertControl accountId={accountId} /> : null}
      <button
        type="button"
        className={subscription.subscribed ? 'button' : 'button button--primary'}
        aria-disabled={update.isPending || undefined}
        onClick={() => {
          if (!update.isPending)
            update.mutate({ subscribed: !subscription.subscribed, type: subscription.type });
        }}
      >
        {subscription.subscribed ? settingsCopy.unsubscribe : settingsCopy.subscribe}
      </button>
    </div>
  );
}

export function SettingsPage() {
  const { accountId = '' } = useParams();
  useDocumentTitle(screenTitles.settings);
  useVisitRecord('settings', accountId);
  const query = useSubscription(accountId);
  useFetchErrorAlert(query.error, subscriptionFetchErrorMessage);

  return (
    <section className="page settings">
      <h1>{screenTitles.settings}</h1>
      <p className="settings__intro">{settingsCopy.intro}</p>
      {query.data ? (
        <SubscriptionSettings accountId={accountId} subscription={query.data} />
      ) : query.isError ? (
        <div className="settings__card" role="status">
          <p className="settings__unknown">{messages.subscriptionUnknown}</p>
          <button
            type="button"
            className="button"
            aria-disabled={query.isFetching || undefined}
            onClick={() => {
              if (!query.isFetching) void query.refetch();
            }}
          >
            {settingsCopy.retry}
          </button>
        </div>
      ) : (
        <p className="settings__loading" role="status">
          {settingsCopy.loading}
        </p>
      )}
    </section>
  );
}
