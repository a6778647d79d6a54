import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.env.PORT).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.client.apiBase).toBe('/api');
    expect(config.client.sentryDsn).toBeNull();
    expect(config.env.DEMO_SEED).toBe(true);
  });

  it('seeds the demo accounts by default, but not with NODE_ENV=production unless asked (issue 25 item 3)', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).env.DEMO_SEED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).env.DEMO_SEED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).env.DEMO_SEED).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: '' }).env.DEMO_SEED).toBe(false);
    // Only given explicitly does production seed them: a demo deployment.
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'true' }).env.DEMO_SEED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: '1' }).env.DEMO_SEED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_SEED: 'false' }).env.DEMO_SEED).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'yes' })).toThrow(/DEMO_SEED/);
  });

  it('derives the other bases from the API base (docs/api.md#calls)', () => {
    const config = loadConfig({ API_BASE: 'https://api.retailer.example/api' });
    expect(config.client.reduceAndRewardBase).toBe('https://api.retailer.example/reduce_and_reward');
    expect(config.client.innovativeBillingBase).toBe('https://api.retailer.example/innovative_billing');
  });

  it('reads flags and numbers', () => {
    const config = loadConfig({
      PORT: '8080',
      DEMO_SEED: 'false',
      HIDE_SETTINGS: '1',
      PUBLIC_URL: 'https://p.example/',
    });
    expect(config.env.PORT).toBe(8080);
    expect(config.env.DEMO_SEED).toBe(false);
    expect(config.client.hideSettings).toBe(true);
    expect(config.publicUrl).toBe('https://p.example');
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', CLIENT_CODE: 'lower' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });

  it('refuses links that are not http(s): no javascript:, data: or scheme-relative links to show', () => {
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example',
      'ftp://files.example',
    ]) {
      expect(() => loadConfig({ RETAILER_SITE_URL: link }), link).toThrow(/RETAILER_SITE_URL/);
      expect(() => loadConfig({ PUBLIC_URL: link }), link).toThrow(/PUBLIC_URL/);
    }
    expect(loadConfig({ RETAILER_FAQ_URL: 'http://faq.example/x' }).client.retailer.faqUrl).toBe(
      'http://faq.example/x',
    );
  });
});
