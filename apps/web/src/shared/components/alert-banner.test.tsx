import { ALERT_AUTO_CLOSE_MS } from '@portal/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AlertInput, AlertProvider, useAlert } from '../alerts/alert-provider.tsx';
import { reportAlert } from '../lib/error-reporting.ts';
import { AlertBanner } from './alert-banner.tsx';

vi.mock('../lib/error-reporting.ts', () => ({ reportAlert: vi.fn(), reportError: vi.fn() }));

function Trigger({ alert, label = 'Show' }: { alert: AlertInput; label?: string }) {
  const { showAlert } = useAlert();
  return (
    <button type="button" onClick={() => showAlert(alert)}>
      {label}
    </button>
  );
}

function setup(...alerts: AlertInput[]) {
  render(
    <AlertProvider>
      <AlertBanner />
      {alerts.map((alert, index) => (
        <Trigger key={alert.message} alert={alert} label={`Show ${index + 1}`} />
      ))}
    </AlertProvider>,
  );
}

// fireEvent rather than user-event: Testing Library's async wrapper waits on a real 0 ms timer, which never
// fires under Vitest's fake timers.
function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

describe('AlertBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces a warning with role="alert" and closes it after 3 seconds', () => {
    setup({ kind: 'warning', message: 'Error getting usage data. Please try again.' });
    expect(screen.queryByRole('alert')).toBeNull();

    click('Show 1');
    expect(screen.getByRole('alert').textContent).toBe('Error getting usage data. Please try again.');

    act(() => vi.advanceTimersByTime(ALERT_AUTO_CLOSE_MS - 1));
    expect(screen.getByRole('alert')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(ALERT_AUTO_CLOSE_MS).toBe(3000);
  });

  it('uses role="alert" for errors and role="status" for information and success', () => {
    setup(
      { kind: 'error', message: 'Budget setting disabled.' },
      { kind: 'info', message: 'Timeslot already selected' },
      { kind: 'success', message: 'Thank you for your time.' },
    );
    click('Show 1');
    expect(screen.getByRole('alert').textContent).toBe('Budget setting disabled.');

    click('Show 2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Timeslot already selected');

    click('Show 3');
    expect(screen.getByRole('status').textContent).toBe('Thank you for your time.');
  });

  it('closes on its Close button', () => {
    setup({ kind: 'warning', message: 'Please answer all the questions' });
    click('Show 1');
    click('Close');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('gives a newer alert its own 3 seconds', () => {
    setup({ kind: 'warning', message: 'First' }, { kind: 'warning', message: 'Second' });
    click('Show 1');
    act(() => vi.advanceTimersByTime(2000));
    click('Show 2');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('alert').textContent).toBe('Second');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports every alert shown', () => {
    setup({ kind: 'info', message: 'You have already opted out' });
    click('Show 1');
    click('Show 1');
    expect(reportAlert).toHaveBeenCalledTimes(2);
    expect(reportAlert).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'info', message: 'You have already opted out' }),
    );
  });
});
