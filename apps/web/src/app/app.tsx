/** The app's providers around the router: configuration, server state, alerts; routing errors are reported. */
import type { ClientConfig } from '@portal/contracts';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { type DataRouter, RouterProvider } from 'react-router';
import { AlertProvider } from '../shared/alerts/alert-provider.tsx';
import { ClientConfigProvider } from '../shared/config/client-config.tsx';
import { reportError } from '../shared/lib/error-reporting.ts';

export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: ClientConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ClientConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <AlertProvider>{children}</AlertProvider>
      </QueryClientProvider>
    </ClientConfigProvider>
  );
}

export function App({
  config,
  queryClient,
  router,
}: {
  config: ClientConfig;
  queryClient: QueryClient;
  router: DataRouter;
}) {
  return (
    <AppProviders config={config} queryClient={queryClient}>
      {/* What `react-router/dom` adds: flushSync from react-dom. Importing one entry keeps one copy of the router. */}
      <RouterProvider
        router={router}
        flushSync={(update) => {
          flushSync(update);
        }}
        onError={(error) => reportError(error)}
      />
    </AppProviders>
  );
}
