import { messages } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app.tsx';
import { testConfig } from '../../test/fixtures.ts';
import { reportError } from '../lib/error-reporting.ts';
import { ErrorPage } from './error-page.tsx';
import { PageLoading } from './page-loading.tsx';

vi.mock('../lib/error-reporting.ts', () => ({ reportAlert: vi.fn(), reportError: vi.fn() }));

function Unreached() {
  return null;
}

function renderFailingRoute(loader: () => unknown) {
  const router = createMemoryRouter([
    { path: '/', loader, Component: Unreached, ErrorBoundary: ErrorPage, HydrateFallback: PageLoading },
  ]);
  render(<App config={testConfig} queryClient={new QueryClient()} router={router} />);
}

describe('ErrorPage', () => {
  it('shows the status and status text of an error response, without a stack', async () => {
    renderFailingRoute(() => {
      throw data('Not here', { status: 404, statusText: 'Not Found' });
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(messages.unexpectedError);
    expect(screen.getByText('404 Not Found')).toBeTruthy();
    expect(document.querySelector('pre')).toBeNull();
  });

  it('shows the message and the stack trace of an exception', async () => {
    const error = new Error('Budget chart exploded');
    renderFailingRoute(() => {
      throw error;
    });
    await screen.findByRole('heading', { level: 1, name: messages.unexpectedError });
    expect(screen.getByText('Budget chart exploded')).toBeTruthy();
    const stack = document.querySelector('pre');
    expect(stack?.textContent).toBe(error.stack);
    expect(stack?.textContent).toContain('Budget chart exploded');
  });

  it('shows a thrown value that is not an Error', async () => {
    renderFailingRoute(() => {
      throw 'plain failure';
    });
    await screen.findByRole('heading', { level: 1, name: messages.unexpectedError });
    expect(screen.getByText('plain failure')).toBeTruthy();
  });

  it('reports the routing error once', async () => {
    const error = new Error('Loader failed');
    renderFailingRoute(() => {
      throw error;
    });
    await screen.findByText('Loader failed');
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(error);
  });
});
