import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsole } from '../../test/console-guard.ts';

const sentry = vi.hoisted(() => ({ init: vi.fn(), captureMessage: vi.fn(), captureException: vi.fn() }));
vi.mock('@sentry/react', () => sentry);

// A fresh module for each test: its state (the loaded SDK) is per page in production.
async function freshModule() {
  vi.resetModules();
  return import('./error-reporting.ts');
}

describe('error reporting', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('loads nothing and reports nothing without a DSN', async () => {
    const reporting = await freshModule();
    const load = vi.fn(async () => sentry as never);
    await reporting.initErrorReporting({ sentryDsn: null, environment: 'production' }, load);
    reporting.reportAlert({ kind: 'warning', message: 'Error getting usage data. Please try again.' });
    reporting.reportError(new Error('boom'));
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(sentry.init).not.toHaveBeenCalled();
    expect(sentry.captureMessage).not.toHaveBeenCalled();
    expect(sentry.captureException).not.toHaveBeenCalled();
  });

  it('loads Sentry on demand with the DSN and environment, then reports alerts and errors', async () => {
    const reporting = await freshModule();
    await reporting.initErrorReporting({ sentryDsn: 'https://key@sentry.example/1', environment: 'staging' });
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn: 'https://key@sentry.example/1', environment: 'staging' }),
    );

    reporting.reportAlert({ kind: 'warning', message: 'Please answer all the questions' });
    reporting.reportAlert({ kind: 'success', message: 'Thank you for your time.' });
    const error = new Error('route failed');
    reporting.reportError(error);
    await vi.waitFor(() => expect(sentry.captureException).toHaveBeenCalledWith(error));
    expect(sentry.captureMessage).toHaveBeenNthCalledWith(1, 'Please answer all the questions', 'warning');
    expect(sentry.captureMessage).toHaveBeenNthCalledWith(2, 'Thank you for your time.', 'info');
  });

  it('reports what happened while the SDK was still loading', async () => {
    const reporting = await freshModule();
    let finishLoading: (module: never) => void = () => {};
    const loading = new Promise<never>((resolve) => {
      finishLoading = resolve;
    });
    const ready = reporting.initErrorReporting(
      { sentryDsn: 'https://key@sentry.example/1', environment: 'p' },
      () => loading,
    );
    reporting.reportAlert({ kind: 'error', message: 'Budget setting disabled.' });
    expect(sentry.captureMessage).not.toHaveBeenCalled();
    finishLoading(sentry as never);
    await ready;
    await vi.waitFor(() =>
      expect(sentry.captureMessage).toHaveBeenCalledWith('Budget setting disabled.', 'error'),
    );
  });

  it('keeps the portal working when the SDK cannot be downloaded', async () => {
    allowConsole('warn', /Error reporting could not be loaded/);
    const reporting = await freshModule();
    await reporting.initErrorReporting({ sentryDsn: 'https://key@sentry.example/1', environment: 'p' }, () =>
      Promise.reject(new Error('blocked')),
    );
    expect(() => reporting.reportError(new Error('x'))).not.toThrow();
  });
});
