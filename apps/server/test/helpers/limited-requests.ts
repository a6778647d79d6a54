/** The two requests every rate limit guards, from a chosen client address: an account look-up and a visit record. */
import type { WebInteraction } from '@portal/contracts';
import type { App } from '../../src/app.ts';

/** GET /api/accounts/customer: a look-up of an account id (a failed one counts as a guess). */
export const lookup = (app: App, accountId: string, remoteAddress: string) =>
  app.inject({
    method: 'GET',
    url: '/api/accounts/customer',
    query: { account_id: accountId },
    remoteAddress,
  });

/** A visit record of the landing page, with no account. */
export const visit: WebInteraction = {
  type: 'tracker_ui_visit',
  source: 'trust',
  account_identifier: null,
  page_name: 'landing',
  url: 'http://localhost:3000/',
  additional_data: { event_time: '2026-11-20T09:15:00.000Z' },
};

/** POST /api/web_interactions with `visit`. */
export const record = (app: App, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/web_interactions', payload: visit, remoteAddress });
