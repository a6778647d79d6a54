/**
 * The customer calls of docs/api.md#calls as the load generator makes them: each kind of request with its share of the
 * traffic, built for a random account of the data set (its own client address in X-Forwarded-For, so the
 * per-address limits apply per customer as in production). The mixed load's shares follow what the screens
 * call: a Tracker visit reads this week's usage and records the visit, then often other weeks; the Reduce &
 * Reward, Happy Hours, Reduce & Be Rewarded and Settings screens read their calls; writes are rarer (a budget,
 * a subscription change, a survey, a slot change, an opt out or in). The answers a kind may give besides 2xx
 * are listed with it (expected 4xx, or 304 for a repeat), so that anything else counts as a failure.
 */
import {
  addDays,
  DAYTIME_SAVER_PRODUCT,
  daysBetween,
  type PageName,
  subscriptionTypes,
  timeSlotIds,
} from '@portal/contracts';
import type { BenchAccount, DataSet } from './data-set.ts';

export interface BuiltRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RequestKind {
  name: string;
  /** Share of the mixed load, in requests per 100. */
  weight: number;
  /** Statuses other than 2xx that are correct answers to this request (explained in docs/reliability.md). */
  expected: readonly number[];
  write: boolean;
  build(data: DataSet, encoding: string): BuiltRequest;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

function headersFor(account: BenchAccount | null, encoding: string, json: boolean): Record<string, string> {
  return {
    ...(account ? { 'x-forwarded-for': account.address } : {}),
    ...(encoding ? { 'accept-encoding': encoding } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

const get = (account: BenchAccount | null, path: string, encoding: string): BuiltRequest => ({
  method: 'GET',
  path,
  headers: headersFor(account, encoding, false),
});

const send = (
  method: BuiltRequest['method'],
  account: BenchAccount,
  path: string,
  body: unknown,
  encoding: string,
): BuiltRequest => ({
  method,
  path,
  headers: headersFor(account, encoding, true),
  body: JSON.stringify(body),
});

const residentialProfile = {
  tenancy: 'own',
  building_type: 'house',
  bedrooms_qty: '3',
  household_size: '6_and_more',
  heating_type: ['electricity_reverse_cycle', 'wood_burner'],
  hot_water_type: 'solar_electric',
  aircon_qty: '0',
  pool_or_spa: ['no'],
  solar_panels: 'four_to_six_kW',
  solar_panels_size: 5.25,
  home_battery_size: 13.5,
  electric_car: 'forty_to_sixty_kWh',
  load_disag: ['skip'],
};
const smeProfile = {
  employee_number: 'five_to_ten',
  shifts: '24hr',
  tenancy: 'lease',
  business_type: 'retail',
  monthly_outgoings_energy_spend: 'not_sure',
  heating_cooling_cost: 'yes',
  roof: 'skip',
  solar_panels: 'no',
  decisions: 'facility_manager',
};
const visitedPages: PageName[] = ['week_view', 'week_view', 'day_view', 'settings', 'feedback', 'landing'];

export const kinds: RequestKind[] = [
  {
    name: 'health',
    weight: 0,
    expected: [],
    write: false,
    build: (_data, encoding) => get(null, '/api/health', encoding),
  },
  {
    name: 'usage this week',
    weight: 22,
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return get(account, `/api/tracker/usage?account_id=${account.publicId}`, encoding);
    },
  },
  {
    name: 'usage another week',
    weight: 18,
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      const from = addDays(
        account.first,
        Math.floor(Math.random() * (daysBetween(account.first, account.last) + 1)),
      );
      return get(account, `/api/tracker/usage?account_id=${account.publicId}&from=${from}`, encoding);
    },
  },
  {
    name: 'visit record',
    weight: 20,
    expected: [],
    write: true,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      const page = pick(visitedPages);
      return send(
        'POST',
        account,
        '/api/web_interactions',
        {
          type: 'tracker_ui_visit',
          source: 'trust',
          account_identifier: account.publicId,
          page_name: page,
          url: `https://portal.example/new/usage/${account.publicId}`,
          additional_data: { event_time: new Date().toISOString() },
        },
        encoding,
      );
    },
  },
  {
    name: 'subscription',
    weight: 6,
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return get(account, `/api/tracker/subscription?account_id=${account.publicId}`, encoding);
    },
  },
  {
    name: 'subscribe or unsubscribe',
    weight: 2,
    expected: [],
    write: true,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      const subscribed = Math.random() < 0.8;
      return send(
        'POST',
        account,
        '/api/tracker/subscription',
        { account_id: account.publicId, data: { subscribed, type: pick(subscriptionTypes) } },
        encoding,
      );
    },
  },
  {
    name: 'change frequency',
    weight: 1,
    // Only a subscribed account has a frequency to change: the accounts are random, most never subscribed.
    expected: [409],
    write: true,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return send(
        'PUT',
        account,
        '/api/tracker/subscription/change_frequency',
        { account_id: account.publicId },
        encoding,
      );
    },
  },
  {
    name: 'budget',
    weight: 3,
    expected: [],
    write: true,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return send(
        'POST',
        account,
        `/api/settings/spend_target?account_id=${account.publicId}`,
        { spend_target: 20 + Math.floor(Math.random() * 60) },
        encoding,
      );
    },
  },
  {
    name: 'survey answers',
    weight: 1,
    expected: [],
    write: true,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return send(
        'PATCH',
        account,
        `/api/accounts/update_profile?account_id=${account.publicId}`,
        { profile: account.segment === 'sme' ? smeProfile : residentialProfile, source: 'survey' },
        encoding,
      );
    },
  },
  {
    name: 'R&R events',
    weight: 5,
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return get(account, `/reduce_and_reward/tracker/dr_events?account_id=${account.publicId}`, encoding);
    },
  },
  {
    name: 'R&R event results',
    weight: 5,
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return get(
        account,
        `/reduce_and_reward/dr_events/event_results?account_id=${account.publicId}`,
        encoding,
      );
    },
  },
  {
    name: 'R&R event result',
    weight: 2,
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return get(
        account,
        `/reduce_and_reward/dr_events/event_result?account_id=${account.publicId}&event_id=${pick(data.eventIds)}`,
        encoding,
      );
    },
  },
  {
    name: 'R&R event progress',
    weight: 4,
    // A settled event without usage for the account answers 404 ('no data'): none expected in this data set.
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.accounts);
      return get(
        account,
        `/reduce_and_reward/dr_events/event_progress?account_id=${account.publicId}&event_id=${pick(data.eventIds)}`,
        encoding,
      );
    },
  },
  {
    name: 'Happy Hours participant',
    weight: 4,
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.happyHours);
      return get(
        account,
        `/innovative_billing/daytime_saver_participants/${account.publicId}?client_code=${data.clientCode}`,
        encoding,
      );
    },
  },
  {
    name: 'Happy Hours config',
    weight: 3,
    expected: [],
    write: false,
    build: (data, encoding) =>
      get(
        pick(data.accounts),
        `/innovative_billing/product_configs/${DAYTIME_SAVER_PRODUCT}?client_code=${data.clientCode}`,
        encoding,
      ),
  },
  {
    name: 'Happy Hours slot',
    weight: 1,
    // 304: the slot already chosen; 409: a change within 24 hours of the last one (docs/rules.md#states-and-transitions).
    expected: [304, 409],
    write: true,
    build: (data, encoding) => {
      const account = pick(data.happyHours);
      return send(
        'POST',
        account,
        '/innovative_billing/daytime_saver_participants',
        { client_code: data.clientCode, account_identifier: account.publicId, time_slot: pick(timeSlotIds) },
        encoding,
      );
    },
  },
  {
    name: 'R&BR participant',
    weight: 2,
    expected: [],
    write: false,
    build: (data, encoding) => {
      const account = pick(data.hereForYou);
      return get(
        account,
        `/innovative_billing/here_for_you_participants/${account.publicId}?client_code=${data.clientCode}`,
        encoding,
      );
    },
  },
  {
    name: 'R&BR opt in',
    weight: 0.5,
    expected: [],
    write: true,
    build: (data, encoding) => {
      const account = pick(data.hereForYou);
      return send(
        'POST',
        account,
        '/innovative_billing/here_for_you_participants',
        { client_code: data.clientCode, account_identifier: account.publicId },
        encoding,
      );
    },
  },
  {
    name: 'R&BR opt out',
    weight: 0.5,
    // 304: already opted out.
    expected: [304],
    write: true,
    build: (data, encoding) => {
      const account = pick(data.hereForYou);
      return send(
        'POST',
        account,
        `/innovative_billing/here_for_you_participants/${account.publicId}/opt_out`,
        { client_code: data.clientCode, account_identifier: account.publicId },
        encoding,
      );
    },
  },
];

/** The kinds of `names` (or of positive weight when `names` is empty), with a weighted random pick. */
export function mixOf(names: readonly string[] = []) {
  const chosen = names.length > 0 ? names.map((name) => kindNamed(name)) : kinds.filter((k) => k.weight > 0);
  const weights = chosen.map((kind) => (names.length > 0 && kind.weight === 0 ? 1 : kind.weight));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return {
    kinds: chosen,
    next(): RequestKind {
      let r = Math.random() * total;
      for (let i = 0; i < chosen.length; i++) {
        r -= weights[i] as number;
        if (r < 0) return chosen[i] as RequestKind;
      }
      return chosen.at(-1) as RequestKind;
    },
  };
}

export function kindNamed(name: string): RequestKind {
  const kind = kinds.find((k) => k.name === name);
  if (!kind) throw new Error(`unknown request kind ${name}: ${kinds.map((k) => k.name).join(', ')}`);
  return kind;
}

/** The GETs of docs/api.md#calls other than the usage week, in the mixed load's proportions. */
export const otherGets = kinds
  .filter((k) => !k.write && k.weight > 0 && !k.name.startsWith('usage'))
  .map((k) => k.name);
