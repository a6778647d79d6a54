/** A complete runtime configuration for tests, validated by the same schema as production. */
import { type ClientConfig, clientConfigSchema } from '@portal/contracts';
import { vi } from 'vitest';

export const testConfig: ClientConfig = clientConfigSchema.parse({
  clientCode: 'BRIGHTSIDE',
  retailer: {
    name: 'Brightside Energy',
    phone: '13 00 00',
    ideasEmail: 'ideas@brightside.example',
    accessEmail: 'tracker@brightside.example',
    siteUrl: 'https://www.brightside.example/',
    helpCentreUrl: 'https://help.brightside.example/',
    faqUrl: 'https://www.brightside.example/tracker-faq',
    accountSiteUrl: 'https://my.brightside.example/',
    happyHoursConditionsUrl: 'https://www.brightside.example/happy-hours-conditions',
    energyTipsUrl: 'https://www.brightside.example/energy-saving-tips',
    legalEntity: 'Brightside Energy Pty Ltd ABN 00 000 000 000.',
  },
  apiBase: '/api',
  reduceAndRewardBase: '/reduce_and_reward',
  innovativeBillingBase: '/innovative_billing',
  sentryDsn: null,
  environment: 'test',
  showLinks: true,
  hideSettings: false,
});

export function configWith(overrides: Partial<ClientConfig>): ClientConfig {
  return { ...testConfig, ...overrides };
}

/** A fetch stub answering 204, as the visit-record endpoint does; inspect `.mock.calls`. */
export function noContentFetch() {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
}
