/** Hands the runtime configuration (retailer, bases, flags) to every component. */
import type { ClientConfig } from '@portal/contracts';
import { createContext, type ReactNode, use } from 'react';

const ClientConfigContext = createContext<ClientConfig | null>(null);

export function ClientConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext value={config}>{children}</ClientConfigContext>;
}

export function useClientConfig(): ClientConfig {
  const config = use(ClientConfigContext);
  if (!config) throw new Error('useClientConfig must be used inside <ClientConfigProvider>');
  return config;
}
