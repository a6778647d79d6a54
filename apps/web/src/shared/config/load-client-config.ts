/**
 * Reads the runtime configuration (design §3): in production the server injects it into index.html as a
 * JSON data block (not an executable script, so a strict CSP holds); under `vite dev` there is no block and
 * the app asks `GET /api/config` instead.
 */
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig, clientConfigSchema } from '@portal/contracts';

export const CONFIG_ENDPOINT = '/api/config';

/** The injected configuration, or null when the page has none. Throws when the block is malformed. */
export function readInjectedConfig(doc: Document = document): ClientConfig | null {
  const element = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return null;
  return clientConfigSchema.parse(JSON.parse(element.textContent));
}

export async function loadClientConfig(doc: Document = document): Promise<ClientConfig> {
  const injected = readInjectedConfig(doc);
  if (injected) return injected;
  const response = await fetch(CONFIG_ENDPOINT, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${CONFIG_ENDPOINT} answered ${response.status}`);
  return clientConfigSchema.parse(await response.json());
}
