/**
 * The subscription calls of docs/api.md#calls: GET and POST /api/tracker/subscription and
 * PUT /api/tracker/subscription/change_frequency; beyond them, GET and PUT /api/tracker/budget_alert
 * (docs/budget-alerts.md).
 */
import {
  accountQuerySchema,
  budgetAlertSettingSchema,
  budgetAlertUpdateBodySchema,
  changeFrequencyBodySchema,
  endpoints,
  errorResponseSchema,
  subscriptionSchema,
  subscriptionUpdateBodySchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Conflict } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import {
  budgetAlertOf,
  changeFrequency,
  setBudgetAlerts,
  setSubscription,
  subscriptionOf,
} from './queries.ts';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.subscription, {
    schema: {
      summary: "The account's email snapshot subscription",
      description:
        'An account that never subscribed answers `subscribed: false`, weekly, with no next mailing date.',
      tags: ['subscriptions'],
      querystring: accountQuerySchema,
      response: { 200: subscriptionSchema },
    },
    reads: 'standby',
    handler: async (request) => subscriptionOf(request.reads, request.account.id),
  });

  route(app, endpoints.updateSubscription, {
    schema: {
      summary: 'Subscribe to or unsubscribe from the email snapshot',
      description:
        'Subscribing schedules the first snapshot for the next Monday (weekly) or the next 1st (monthly); `data.type` keeps the current type when absent.',
      tags: ['subscriptions'],
      body: subscriptionUpdateBodySchema,
      response: { 200: subscriptionSchema },
    },
    handler: async (request) =>
      setSubscription(app.db, request.account.id, {
        subscribed: request.body.data.subscribed,
        type: request.body.data.type,
      }),
  });

  route(app, endpoints.changeFrequency, {
    schema: {
      summary: 'Switch the snapshot between weekly and monthly',
      description: 'Only a subscribed account has a frequency to change: otherwise 409.',
      tags: ['subscriptions'],
      body: changeFrequencyBodySchema,
      response: { 200: subscriptionSchema, 409: errorResponseSchema },
    },
    handler: async (request) => {
      const changed = await changeFrequency(app.db, request.account.id);
      if (!changed) {
        throw new Conflict(
          'This account is not subscribed to the email snapshot: subscribe first, then choose how often.',
        );
      }
      return changed;
    },
  });

  route(app, endpoints.budgetAlert, {
    schema: {
      summary: 'Whether the account gets the budget alert, and its weekly budget',
      description:
        'On unless turned off. Sent only while subscribed to the email snapshot, with a budget above 0 (docs/budget-alerts.md).',
      tags: ['subscriptions'],
      querystring: accountQuerySchema,
      response: { 200: budgetAlertSettingSchema },
    },
    reads: 'standby',
    handler: async (request) => budgetAlertOf(request.reads, request.account),
  });

  route(app, endpoints.updateBudgetAlert, {
    schema: {
      summary: 'Turn the budget alert on or off',
      description: 'Only a subscriber can turn it on: otherwise 409. Turning it off always succeeds.',
      tags: ['subscriptions'],
      body: budgetAlertUpdateBodySchema,
      response: { 200: budgetAlertSettingSchema, 409: errorResponseSchema },
    },
    handler: async (request) => {
      const changed = await setBudgetAlerts(app.db, request.account.id, request.body.enabled);
      if (!changed && request.body.enabled) {
        throw new Conflict(
          'This account is not subscribed to the email snapshot: subscribe first, then turn on the budget alert.',
        );
      }
      return budgetAlertOf(app.db, request.account);
    },
  });
};
