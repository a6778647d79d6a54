/**
 * Reads the runtime configuration (docs/architecture.md): in production the server injects it into index.html as a
 * JSON data block (not an executable script, so a strict CSP holds); under `vite dev` there is no block and
 * the app asks `GET /api/config` instead. Both come from our own server, which builds them from
 * `clientConfigSchema` (its tests check the shape), so the app does not parse them again: that would put the
 * schema library into every screen's first load (docs/decisions/0010).
 */
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig, endpoints, serverRoutePath } from '@portal/contracts';

/** Our own server's configuration call: the bases are not known yet (they are what it answers). */
export const CONFIG_ENDPOINT = serverRoutePath(endpoints.config);

/** The injected configuration, or null when the page has none. Throws when the block is not a JSON object. */
export function readInjectedConfig(doc: Document = document): ClientConfig | null {
  const element = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return null;
  return asConfig(JSON.parse(element.textContent));
}

function asConfig(value: unknown): ClientConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('The portal configuration is not a JSON object');
  }
  return value as ClientConfig;
}

export async function loadClientConfig(doc: Document = document): Promise<ClientConfig> {
  const injected = readInjectedConfig(doc);
  if (injected) return injected;
  const response = await fetch(CONFIG_ENDPOINT, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${CONFIG_ENDPOINT} answered ${response.status}`);
  return asConfig(await response.json());
}
