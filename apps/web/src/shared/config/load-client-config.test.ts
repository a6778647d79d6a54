import { CLIENT_CONFIG_ELEMENT_ID } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/fixtures.ts';
import { CONFIG_ENDPOINT, loadClientConfig } from './load-client-config.ts';

function inject(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = CLIENT_CONFIG_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

describe('loadClientConfig', () => {
  afterEach(() => {
    document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.remove();
  });

  it('reads the JSON block the server injected, without a request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    inject(JSON.stringify({ ...testConfig, retailer: { ...testConfig.retailer, name: 'Injected Energy' } }));
    const config = await loadClientConfig();
    expect(config.retailer.name).toBe('Injected Energy');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks GET /api/config when the page has no block (vite dev)', async () => {
    const fetchMock = vi.fn(async () => Response.json(testConfig));
    vi.stubGlobal('fetch', fetchMock);
    await expect(loadClientConfig()).resolves.toEqual(testConfig);
    expect(fetchMock).toHaveBeenCalledWith(CONFIG_ENDPOINT, expect.anything());
    expect(CONFIG_ENDPOINT).toBe('/api/config');
  });

  it('rejects a configuration block that is not a JSON object', async () => {
    inject('{"clientCode":');
    await expect(loadClientConfig()).rejects.toThrow();
    document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.remove();
    inject('["not", "an", "object"]');
    await expect(loadClientConfig()).rejects.toThrow('The portal configuration is not a JSON object');
  });

  it('rejects when the configuration endpoint fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    await expect(loadClientConfig()).rejects.toThrow('GET /api/config answered 500');
  });
});
