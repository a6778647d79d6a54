/**
 * One genuine request of every call of the endpoint registry, for a demo account: what the web app (or an
 * email link) sends, valid and answerable, so that a test can ask each call what it costs or whether its limit
 * holds. Typed over the registry's names: a new endpoint does not compile here until it has its request.
 */
import { addDays, demoAccountIds, type EndpointName, WEEKLY_EMAIL, weekStart } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/index.ts';
import { drEvents } from '../../src/db/schema/reduce-and-reward.ts';
import { demoEvents } from '../../src/demo/seed-reduce-and-reward.ts';
import { linkSecret, signLink } from '../../src/domains/subscriptions/links.ts';
import { suiteToday } from './suite-clock.ts';

/** Accounts with every kind of data: meter data, tariffs, offers, events, a subscription. */
export const residentialAccounts = [demoAccountIds.home, demoAccountIds.happy, demoAccountIds.solar] as const;

export interface RequestContext {
  clientCode: string;
  /** A demo event with data that demo-home and demo-solar were invited to. */
  eventId: number;
  today: string;
  /** Signs an email link of the account (click, unsubscribe or the budget alert's off). */
  token(kind: 'click' | 'unsubscribe' | 'alerts', accountId: string): string;
}

export async function requestContext(db: Database, config: Config): Promise<RequestContext> {
  const secret = await linkSecret(db, config);
  // The first of the demo events: within the demo meter data, so it has results and progress.
  const [event] = await db
    .select({ id: drEvents.id })
    .from(drEvents)
    .where(eq(drEvents.reference, demoEvents[0]?.reference ?? ''));
  if (!event) throw new Error('the demo events are missing');
  return {
    clientCode: config.client.clientCode,
    eventId: event.id,
    today: suiteToday(),
    token: (kind, accountId) =>
      signLink(
        secret,
        kind === 'click'
          ? { k: 'click', a: accountId, p: `/new/usage/${accountId}` }
          : { k: kind, a: accountId },
      ),
  };
}

const survey = {
  tenancy: 'own',
  building_type: 'house',
  bedrooms_qty: '3',
  household_size: '2',
  heating_type: ['electricity_reverse_cycle'],
  hot_water_type: 'gas',
  aircon_qty: '1',
  pool_or_spa: ['no'],
  solar_panels: 'no',
  home_battery: 'no',
  electric_car: 'no',
  load_disag: ['skip'],
};

/**
 * The request of each call for `accountId` (one of `residentialAccounts`); `n` varies what a customer would
 * vary from one request to the next (the week asked for, the export's range, the budget).
 */
export const genuineRequests: Record<
  EndpointName,
  (ctx: RequestContext, accountId: string, n: number) => InjectOptions
> = {
  health: () => ({ method: 'GET', url: '/api/health' }),
  config: () => ({ method: 'GET', url: '/api/config' }),
  customer: (_, id) => ({ method: 'GET', url: '/api/accounts/customer', query: { account_id: id } }),
  updateProfile: (_, id) => ({
    method: 'PATCH',
    url: '/api/accounts/update_profile',
    query: { account_id: id },
    payload: { profile: survey, source: 'survey' },
  }),
  webInteraction: (ctx, id) => ({
    method: 'POST',
    url: '/api/web_interactions',
    payload: {
      type: 'tracker_ui_visit',
      source: 'trust',
      account_identifier: id,
      page_name: 'week_view',
      url: `http://localhost:3000/new/usage/${id}`,
      additional_data: { event_time: `${ctx.today}T00:00:00.000Z` },
    },
  }),
  // Far-apart weeks: the n-th request steps n weeks back.
  usage: (ctx, id, n) => ({
    method: 'GET',
    url: '/api/tracker/usage',
    query: { account_id: id, from: addDays(weekStart(ctx.today), -7 * n) },
  }),
  plans: (_, id) => ({ method: 'GET', url: '/api/tracker/plans', query: { account_id: id } }),
  similarHomes: (_, id) => ({
    method: 'GET',
    url: '/api/tracker/similar_homes',
    query: { account_id: id },
  }),
  quarterComparison: (_, id) => ({
    method: 'GET',
    url: '/api/tracker/quarter_comparison',
    query: { account_id: id },
  }),
  spendTarget: (_, id, n) => ({
    method: 'POST',
    url: '/api/settings/spend_target',
    query: { account_id: id },
    payload: { spend_target: 10 + (n % 80) },
  }),
  solarWelcome: (_, id) => ({ method: 'POST', url: '/api/tracker/solar_welcome', query: { account_id: id } }),
  exportCsv: (ctx, id, n) => ({
    method: 'GET',
    url: '/api/tracker/export',
    query: { account_id: id, from: addDays(ctx.today, -30 - n), to: addDays(ctx.today, -1) },
  }),
  subscription: (_, id) => ({ method: 'GET', url: '/api/tracker/subscription', query: { account_id: id } }),
  updateSubscription: (_, id, n) => ({
    method: 'POST',
    url: '/api/tracker/subscription',
    payload: { account_id: id, data: { type: WEEKLY_EMAIL, subscribed: n % 2 === 0 } },
  }),
  changeFrequency: (_, id) => ({
    method: 'PUT',
    url: '/api/tracker/subscription/change_frequency',
    payload: { account_id: id },
  }),
  budgetAlert: (_, id) => ({ method: 'GET', url: '/api/tracker/budget_alert', query: { account_id: id } }),
  updateBudgetAlert: (_, id, n) => ({
    method: 'PUT',
    url: '/api/tracker/budget_alert',
    payload: { account_id: id, enabled: n % 2 === 0 },
  }),
  emailClick: (ctx, id) => ({ method: 'GET', url: '/api/email/click', query: { t: ctx.token('click', id) } }),
  emailUnsubscribe: (ctx, id) => ({
    method: 'POST',
    url: '/api/email/unsubscribe',
    query: { t: ctx.token('unsubscribe', id) },
  }),
  emailUnsubscribePage: (ctx, id) => ({
    method: 'GET',
    url: '/api/email/unsubscribe',
    query: { t: ctx.token('unsubscribe', id) },
  }),
  emailBudgetAlertsOff: (ctx, id) => ({
    method: 'POST',
    url: '/api/email/budget_alerts_off',
    query: { t: ctx.token('alerts', id) },
  }),
  emailBudgetAlertsOffPage: (ctx, id) => ({
    method: 'GET',
    url: '/api/email/budget_alerts_off',
    query: { t: ctx.token('alerts', id) },
  }),
  happyHoursParticipant: (ctx, id) => ({
    method: 'GET',
    url: `/innovative_billing/daytime_saver_participants/${id}`,
    query: { client_code: ctx.clientCode },
  }),
  happyHoursConfig: (ctx) => ({
    method: 'GET',
    url: '/innovative_billing/product_configs/DaytimeSaver',
    query: { client_code: ctx.clientCode },
  }),
  chooseSlot: (ctx, id, n) => ({
    method: 'POST',
    url: '/innovative_billing/daytime_saver_participants',
    payload: {
      client_code: ctx.clientCode,
      account_identifier: id,
      time_slot: ['10:00-12:00', '11:00-13:00', '12:00-14:00', '13:00-15:00'][n % 4],
    },
  }),
  hereForYouParticipant: (ctx, id) => ({
    method: 'GET',
    url: `/innovative_billing/here_for_you_participants/${id}`,
    query: { client_code: ctx.clientCode },
  }),
  hereForYouOptIn: (ctx, id) => ({
    method: 'POST',
    url: '/innovative_billing/here_for_you_participants',
    payload: { client_code: ctx.clientCode, account_identifier: id },
  }),
  hereForYouOptOut: (ctx, id) => ({
    method: 'POST',
    url: `/innovative_billing/here_for_you_participants/${id}/opt_out`,
    payload: { client_code: ctx.clientCode, account_identifier: id },
  }),
  drEvents: (_, id) => ({
    method: 'GET',
    url: '/reduce_and_reward/tracker/dr_events',
    query: { account_id: id },
  }),
  eventResult: (ctx, id) => ({
    method: 'GET',
    url: '/reduce_and_reward/dr_events/event_result',
    query: { account_id: id, event_id: String(ctx.eventId) },
  }),
  eventResults: (_, id) => ({
    method: 'GET',
    url: '/reduce_and_reward/dr_events/event_results',
    query: { account_id: id },
  }),
  upcomingEvents: (_, id) => ({
    method: 'GET',
    url: '/reduce_and_reward/dr_events/upcoming',
    query: { account_id: id },
  }),
  announcedTarget: (ctx, id) => ({
    method: 'GET',
    url: '/reduce_and_reward/dr_events/announced_target',
    query: { account_id: id, event_id: String(ctx.eventId) },
  }),
  eventProgress: (ctx, id) => ({
    method: 'GET',
    url: '/reduce_and_reward/dr_events/event_progress',
    query: { account_id: id, event_id: String(ctx.eventId) },
  }),
};
