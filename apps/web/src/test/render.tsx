/** Renders a component or a whole route of the app with the app's providers, for tests. */
import type { ClientConfig } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import { App, AppProviders } from '../app/app.tsx';
import { routes } from '../app/router.tsx';
import { testConfig } from './fixtures.ts';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** A component inside the providers and a memory router at `path`. */
export function renderWithProviders(
  ui: ReactNode,
  { config = testConfig, path = '/' }: { config?: ClientConfig; path?: string } = {},
) {
  return render(
    <AppProviders config={config} queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/**
 * The app's own routes at `path` (after the pages of `before` in the history), in StrictMode as in production.
 * `queryClient` lets a test start from answers already held, so that what the screen shows of them is there
 * from its first render (an absence can then be asserted without waiting for an answer to arrive).
 */
export function renderRoute(
  path: string,
  {
    config = testConfig,
    before = [],
    queryClient = testQueryClient(),
  }: { config?: ClientConfig; before?: string[]; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, {
    initialEntries: [...before, path],
    initialIndex: before.length,
  });
  const result = render(
    <StrictMode>
      <App config={config} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  return { router, ...result };
}
