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

  it('reads the standbys of DATABASE_READ_URL and refuses what cannot be one (decision 0044)', () => {
    const primary = 'postgres://portal:secret@db-primary:5432/portal';
    expect(loadConfig({ DATABASE_URL: primary }).readUrls).toEqual([]);
    const two = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URL:
        ' postgres://portal:secret@db-standby-1/portal , postgresql://portal@db-standby-2:5433/portal',
    });
    expect(two.readUrls).toEqual([
      'postgres://portal:secret@db-standby-1/portal',
      'postgresql://portal@db-standby-2:5433/portal',
    ]);
    expect(two.env.DATABASE_READ_MAX_LAG_MS).toBe(10_000);
    expect(two.env.DATABASE_READ_CHECK_MS).toBe(1_000);
    const refused = (env: Record<string, string>) => () => loadConfig(env);
    expect(refused({ DATABASE_READ_URL: 'postgres://db-standby-1/portal' })).toThrow(
      'DATABASE_READ_URL needs DATABASE_URL: standbys replicate a PostgreSQL primary, not the embedded database',
    );
    expect(refused({ DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://db-standby-1/portal' })).toThrow(
      'each standby must be a postgres:// or postgresql:// URL',
    );
    expect(
      refused({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://a/portal,,postgres://b/portal' }),
    ).toThrow('a standby URL is empty');
    expect(
      refused({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://other@db-primary/portal' }),
    ).toThrow('standby 1 is the primary of DATABASE_URL');
    expect(
      refused({
        DATABASE_URL: primary,
        DATABASE_READ_URL: 'postgres://s:5433/portal,postgres://x@s:5433/portal',
      }),
    ).toThrow('standby 2 is standby 1 again');
    expect(
      refused({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://s/p', DATABASE_READ_MAX_LAG_MS: '10' }),
    ).toThrow(/DATABASE_READ_MAX_LAG_MS/);
    expect(
      refused({ DATABASE_URL: primary, DATABASE_READ_URL: 'postgres://s/p', DATABASE_READ_CHECK_MS: 'soon' }),
    ).toThrow(/DATABASE_READ_CHECK_MS/);
  });

  it("reads how long a page's document waits for its answers, 0 to 30 s (decision 0045)", () => {
    expect(loadConfig({}).env.FIRST_SCREEN_WAIT_MS).toBe(1_500);
    expect(loadConfig({ FIRST_SCREEN_WAIT_MS: '0' }).env.FIRST_SCREEN_WAIT_MS).toBe(0);
    expect(loadConfig({ FIRST_SCREEN_WAIT_MS: '30000' }).env.FIRST_SCREEN_WAIT_MS).toBe(30_000);
    for (const refused of ['-1', '30001', '1.5', 'soon']) {
      expect(() => loadConfig({ FIRST_SCREEN_WAIT_MS: refused }), refused).toThrow(/FIRST_SCREEN_WAIT_MS/);
    }
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
