import {
  budgetAlertSettingsCopy,
  formatLongDate,
  MONTHLY_EMAIL,
  messages,
  type Subscription,
  settingsCopy,
  WEEKLY_EMAIL,
} from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';

const weekly: Subscription = { subscribed: true, type: WEEKLY_EMAIL, next_mailing_date: '2099-11-30' };
const monthly: Subscription = { subscribed: true, type: MONTHLY_EMAIL, next_mailing_date: '2026-12-01' };
const off: Subscription = { subscribed: false, type: WEEKLY_EMAIL, next_mailing_date: null };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failure = (status: number) =>
  json({ error: { code: status === 403 ? 'WRONG_PROVIDER' : 'INTERNAL_ERROR', message: 'no' } }, status);

type Handler = (init?: RequestInit) => Response | Promise<Response>;

/** Answers the subscription calls with the given handlers, one answer per call in turn for GET. */
function stubApi(handlers: {
  get: Handler[];
  post?: Handler;
  put?: Handler;
  alert?: { get: Handler; put?: Handler };
}) {
  let gets = 0;
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/tracker/subscription' && method === 'GET') {
      const handler = handlers.get[Math.min(gets++, handlers.get.length - 1)] as Handler;
      return handler(init);
    }
    if (url.pathname === '/api/tracker/subscription' && method === 'POST' && handlers.post)
      return handlers.post(init);
    if (url.pathname === '/api/tracker/subscription/change_frequency' && method === 'PUT' && handlers.put)
      return handlers.put(init);
    if (url.pathname === '/api/tracker/budget_alert' && method === 'GET' && handlers.alert)
      return handlers.alert.get(init);
    if (url.pathname === '/api/tracker/budget_alert' && method === 'PUT' && handlers.alert?.put)
      return handlers.alert.put(init);
    return new Response(null, { status: 204 });
  });
  const calls = (pathname: string, method: string) =>
    mock.mock.calls.filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === pathname &&
        (init?.method ?? 'GET') === method &&
        !init?.signal?.aborted,
    );
  vi.stubGlobal('fetch', mock);
  return Object.assign(mock, { calls });
}

async function renderSettings() {
  const result = renderRoute('/new/settings/demo-home');
  await screen.findByRole('heading', { level: 1, name: 'Email settings' });
  return result;
}

const alertText = async (text: string) =>
  waitFor(() => expect(document.querySelector('.alert__message')?.textContent).toBe(text));

beforeEach(() => vi.unstubAllGlobals());

describe('Settings screen', () => {
  it('shows a weekly subscription with its next date and the frequency switch, and records a visit', async () => {
    const api = stubApi({ get: [() => json(weekly)] });
    await renderSettings();
    expect((await screen.findByTestId('subscription-status')).textContent).toBe(
      settingsCopy.subscribedWeekly,
    );
    expect(screen.getByText(`Your next email: ${formatLongDate('2099-11-30')}.`)).toBeTruthy();
    expect(screen.getByRole('group', { name: settingsCopy.frequencyLegend })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Weekly' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeTruthy();
    expect(String(api.calls('/api/tracker/subscription', 'GET')[0]?.[0])).toBe(
      '/api/tracker/subscription?account_id=demo-home',
    );
    await waitFor(() => expect(api.calls('/api/web_interactions', 'POST')).toHaveLength(1));
    const visit = JSON.parse(String(api.calls('/api/web_interactions', 'POST')[0]?.[1]?.body));
    expect(visit).toMatchObject({ page_name: 'settings', account_identifier: 'demo-home' });
  });

  it('hides the frequency switch when not subscribed, and subscribes', async () => {
    const api = stubApi({ get: [() => json(off)], post: () => json(weekly) });
    await renderSettings();
    expect((await screen.findByTestId('subscription-status')).textContent).toBe(settingsCopy.unsubscribed);
    expect(screen.queryByRole('group', { name: settingsCopy.frequencyLegend })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await alertText(messages.subscriptionUpdated);
    const [, init] = api.calls('/api/tracker/subscription', 'POST')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      account_id: 'demo-home',
      data: { subscribed: true, type: WEEKLY_EMAIL },
    });
    await waitFor(() =>
      expect(screen.getByTestId('subscription-status').textContent).toBe(settingsCopy.subscribedWeekly),
    );
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeTruthy();
  });

  it('unsubscribes, and the switch goes away', async () => {
    const api = stubApi({ get: [() => json(monthly)], post: () => json({ ...off, type: MONTHLY_EMAIL }) });
    await renderSettings();
    expect((await screen.findByTestId('subscription-status')).textContent).toBe(
      settingsCopy.subscribedMonthly,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await alertText(messages.subscriptionUpdated);
    expect(JSON.parse(String(api.calls('/api/tracker/subscription', 'POST')[0]?.[1]?.body)).data).toEqual({
      subscribed: false,
      type: MONTHLY_EMAIL,
    });
    await waitFor(() => expect(screen.queryByRole('radio')).toBeNull());
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('changes the frequency, says so, and refetches the subscription', async () => {
    let stored = weekly;
    const api = stubApi({
      get: [() => json(stored)],
      put: () => {
        stored = monthly;
        return json(monthly);
      },
    });
    await renderSettings();
    await screen.findByTestId('subscription-status');
    const getsBefore = api.calls('/api/tracker/subscription', 'GET').length;
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await alertText('Email subscription frequency updated to monthly.');
    expect(
      JSON.parse(String(api.calls('/api/tracker/subscription/change_frequency', 'PUT')[0]?.[1]?.body)),
    ).toEqual({ account_id: 'demo-home' });
    await waitFor(() =>
      expect(api.calls('/api/tracker/subscription', 'GET').length).toBeGreaterThan(getsBefore),
    );
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.getByTestId('subscription-status').textContent).toBe(settingsCopy.subscribedMonthly);
  });

  it('says weekly after a change back to weekly', async () => {
    let stored = monthly;
    stubApi({
      get: [() => json(stored)],
      put: () => {
        stored = weekly;
        return json(weekly);
      },
    });
    await renderSettings();
    await screen.findByTestId('subscription-status');
    await userEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    await alertText('Email subscription frequency updated to weekly.');
  });

  it('shows the save error when subscribing or changing the frequency fails', async () => {
    stubApi({ get: [() => json(weekly)], post: () => failure(500), put: () => failure(500) });
    await renderSettings();
    await screen.findByTestId('subscription-status');
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    await alertText(messages.subscriptionSaveError);
    expect((screen.getByRole('radio', { name: 'Weekly' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await alertText(messages.subscriptionSaveError);
    expect(screen.getByTestId('subscription-status').textContent).toBe(settingsCopy.subscribedWeekly);
  });

  it('shows the unknown state and the fetch error when the subscription cannot be fetched, then retries', async () => {
    stubApi({ get: [() => failure(500), () => failure(500), () => json(weekly)] });
    await renderSettings();
    expect(await screen.findByText(messages.subscriptionUnknown)).toBeTruthy();
    await alertText(messages.subscriptionFetchError);
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: settingsCopy.retry }));
    expect((await screen.findByTestId('subscription-status')).textContent).toBe(
      settingsCopy.subscribedWeekly,
    );
  });

  it('names the provider when the account belongs to another retailer (403)', async () => {
    stubApi({ get: [() => failure(403)] });
    await renderSettings();
    expect(await screen.findByText(messages.subscriptionUnknown)).toBeTruthy();
    await alertText(messages.wrongProvider);
  });
});

describe('the budget alert control (docs/budget-alerts.md)', () => {
  const checkbox = () => screen.findByRole('checkbox', { name: budgetAlertSettingsCopy.label });

  it('shows the choice and the budget while subscribed, and turns the alert off and on', async () => {
    let enabled = true;
    const api = stubApi({
      get: [() => json(weekly)],
      alert: {
        get: () => json({ enabled, budget: 40 }),
        put: (init) => {
          enabled = JSON.parse(String(init?.body)).enabled;
          return json({ enabled, budget: 40 });
        },
      },
    });
    await renderSettings();
    const box = (await checkbox()) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByRole('group', { name: budgetAlertSettingsCopy.legend })).toBeTruthy();
    expect(screen.getByText('Your weekly budget: $40.00.')).toBeTruthy();
    expect(box.getAttribute('aria-describedby')).toBe(
      screen.getByText('Your weekly budget: $40.00.').getAttribute('id'),
    );
    await userEvent.click(box);
    await alertText(budgetAlertSettingsCopy.turnedOff);
    expect(JSON.parse(String(api.calls('/api/tracker/budget_alert', 'PUT')[0]?.[1]?.body))).toEqual({
      account_id: 'demo-home',
      enabled: false,
    });
    await waitFor(async () => expect(((await checkbox()) as HTMLInputElement).checked).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(await checkbox());
    await alertText(budgetAlertSettingsCopy.turnedOn);
    await waitFor(async () => expect(((await checkbox()) as HTMLInputElement).checked).toBe(true));
  });

  it('says when there is no budget to watch', async () => {
    stubApi({ get: [() => json(weekly)], alert: { get: () => json({ enabled: true, budget: 0 }) } });
    await renderSettings();
    await checkbox();
    expect(screen.getByText(budgetAlertSettingsCopy.noBudget)).toBeTruthy();
  });

  it('is not offered while unsubscribed', async () => {
    stubApi({ get: [() => json(off)], alert: { get: () => json({ enabled: true, budget: 40 }) } });
    await renderSettings();
    await screen.findByTestId('subscription-status');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('keeps the choice and says so when the change fails, and says when it cannot be loaded', async () => {
    stubApi({
      get: [() => json(weekly)],
      alert: { get: () => json({ enabled: true, budget: 40 }), put: () => failure(500) },
    });
    const { unmount } = await renderSettings();
    await userEvent.click(await checkbox());
    await alertText(messages.subscriptionSaveError);
    expect(((await checkbox()) as HTMLInputElement).checked).toBe(true);
    unmount();

    stubApi({ get: [() => json(weekly)], alert: { get: () => failure(500) } });
    await renderSettings();
    expect(await screen.findByText(budgetAlertSettingsCopy.loadError)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
