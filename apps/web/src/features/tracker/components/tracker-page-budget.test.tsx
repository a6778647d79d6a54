/** The Tracker page: the budget form. */
import { budgetNotices, formatMessage, messages, paths, trackerCopy } from '@portal/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usageCacheKey } from '../../../shared/api/usage-cache.ts';
import {
  id,
  pastWeek,
  renderTracker,
  resetTrackerState,
  stubUsage,
  toolbar,
  usageRequests,
} from '../../../test/tracker-page.tsx';
import { apiError, trackerFetch } from '../../../test/usage-fixtures.ts';

beforeEach(resetTrackerState);

describe('budget form (docs/rules.md#validation, docs/api.md#errors)', () => {
  async function renderBudget(fetchMock = stubUsage()) {
    await renderTracker(paths.usage.href(id, pastWeek));
    const input = (await screen.findByLabelText(trackerCopy.budgetLabel)) as HTMLInputElement;
    return { input, fetchMock };
  }

  it('is a whole-dollar number input from 0 to 99 prefixed with $', async () => {
    const { input } = await renderBudget();
    expect(input.type).toBe('number');
    expect([input.min, input.max, input.step]).toEqual(['0', '99', '1']);
    expect(input.value).toBe('40');
    expect(input.parentElement?.textContent).toContain('$');
    expect(screen.getByTestId('budget-status').textContent).toBe(trackerCopy.budgetOn);
  });

  it('lets the customer delete the budget and type another: 40, cleared, 25 saves $25 and shows 25', async () => {
    const fetchMock = stubUsage();
    const { input } = await renderBudget(fetchMock);
    await userEvent.clear(input);
    expect(input.value).toBe('');
    await userEvent.type(input, '25');
    expect(input.value).toBe('25');
    await userEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    await waitFor(() => expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(1));
    expect(JSON.parse(String(fetchMock.calls('/api/settings/spend_target')[0]?.[1]?.body))).toEqual({
      spend_target: 25,
    });
    await screen.findByText(formatMessage(messages.budgetUpdated, { amount: 25 }));
    expect(input.value).toBe('25');
  });

  it("reverts to the saved budget when left empty or '-', strips a leading minus, coerces the rest", async () => {
    const fetchMock = stubUsage();
    const { input } = await renderBudget(fetchMock);
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
    fireEvent.blur(input);
    expect(input.value).toBe('40');
    fireEvent.change(input, { target: { value: '-15' } });
    expect(input.value).toBe('15');
    fireEvent.change(input, { target: { value: '007' } });
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    await waitFor(() => expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(1));
    expect(JSON.parse(String(fetchMock.calls('/api/settings/spend_target')[0]?.[1]?.body))).toEqual({
      spend_target: 7,
    });
    await screen.findByText('Budget updated to $7 per week.');
    // The field shows what was saved.
    expect(input.value).toBe('7');
  });

  it.each([
    ['', 'empty'],
    ['-', 'a minus alone'],
    ['abc', 'letters (the number field holds nothing)'],
    ['e', 'an exponent alone'],
    ['40', 'the saved budget typed again'],
  ])(
    'saves nothing for %j (%s) and says the budget is already that, not "updated" (issue 26 item 14)',
    async (typed) => {
      const fetchMock = stubUsage();
      const { input } = await renderBudget(fetchMock);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
      const notice = await screen.findByText(formatMessage(budgetNotices.unchanged, { amount: 40 }));
      expect(notice.closest('[data-kind]')?.getAttribute('data-kind')).toBe('info');
      expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(0);
      expect(screen.queryByText(/Budget updated/)).toBeNull();
      expect(input.value).toBe('40');
    },
  );

  it.each([
    ['150', 'above 99'],
    ['4025', 'typed after the old budget'],
    ['7.6', 'not whole dollars'],
    ['100', 'just above the range'],
  ])(
    'never saves %s (%s) as another budget: no message, Save off, the field as typed and marked',
    async (typed) => {
      const fetchMock = stubUsage();
      const { input } = await renderBudget(fetchMock);
      fireEvent.change(input, { target: { value: typed } });
      expect(input.value).toBe(typed);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByRole('alert')).toBeNull();
      const save = screen.getByRole('button', { name: trackerCopy.budgetSave }) as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      fireEvent.submit(input.closest('form') as HTMLFormElement);
      expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(0);
      expect(input.value).toBe(typed);
      // Back in range, it saves.
      fireEvent.change(input, { target: { value: '99' } });
      expect(input.getAttribute('aria-invalid')).toBeNull();
      fireEvent.click(save);
      await screen.findByText(formatMessage(messages.budgetUpdated, { amount: 99 }));
      expect(input.value).toBe('99');
    },
  );

  it('is on above 0 and off at 0', async () => {
    const { input } = await renderBudget();
    fireEvent.change(input, { target: { value: '0' } });
    expect(screen.getByTestId('budget-status').textContent).toBe(trackerCopy.budgetOff);
    fireEvent.change(input, { target: { value: '1' } });
    expect(screen.getByTestId('budget-status').textContent).toBe(trackerCopy.budgetOn);
  });

  it('saves nothing when the field is cleared and left for Save (blur reverts it first)', async () => {
    const fetchMock = stubUsage();
    const { input } = await renderBudget(fetchMock);
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    await screen.findByText(formatMessage(budgetNotices.unchanged, { amount: 40 }));
    expect(fetchMock.calls('/api/settings/spend_target')).toHaveLength(0);
    expect(input.value).toBe('40');
  });

  it('says the budget was updated, clears all local storage and refetches the week', async () => {
    const fetchMock = stubUsage();
    const { input } = await renderBudget(fetchMock);
    await toolbar();
    localStorage.setItem('another-entry', 'x');
    expect(usageRequests(fetchMock)).toHaveLength(1);
    fireEvent.change(input, { target: { value: '55' } });
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));

    const alert = await screen.findByText('Budget updated to $55 per week.');
    expect(alert.closest('[data-kind]')?.getAttribute('data-kind')).toBe('success');
    expect(JSON.parse(String(fetchMock.calls('/api/settings/spend_target')[0]?.[1]?.body))).toEqual({
      spend_target: 55,
    });
    await waitFor(() => expect(usageRequests(fetchMock)).toHaveLength(2));
    expect(localStorage.getItem('another-entry')).toBeNull();
  });

  it('says the budget was disabled at 0, as an error-styled alert', async () => {
    const { input } = await renderBudget();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.budgetDisabled);
    expect(alert.closest('[data-kind]')?.getAttribute('data-kind')).toBe('error');
  });

  it('says when saving failed, and keeps the browser cache', async () => {
    const fetchMock = trackerFetch({ spendTarget: () => apiError(500, 'INTERNAL', 'x') });
    vi.stubGlobal('fetch', fetchMock);
    const { input } = await renderBudget(fetchMock);
    await toolbar();
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: trackerCopy.budgetSave }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(messages.budgetSaveError);
    expect(alert.closest('[data-kind]')?.getAttribute('data-kind')).toBe('warning');
    expect(localStorage.getItem(usageCacheKey(id, pastWeek))).not.toBeNull();
  });
});
