/**
 * The subscription calls of docs/api.md#calls: GET and POST /api/tracker/subscription and
 * PUT /api/tracker/subscription/change_frequency.
 */
import {
  accountQuerySchema,
  changeFrequencyBodySchema,
  errorResponseSchema,
  subscriptionSchema,
  subscriptionUpdateBodySchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountRow } from '../../db/schema.ts';
import { Conflict } from '../../lib/errors.ts';
import { changeFrequency, setSubscription, subscriptionOf } from './queries.ts';

const guardedErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tracker/subscription',
    {
      preValidation: app.requireAccount({ in: 'query', key: 'account_id' }),
      schema: {
        summary: "The account's email snapshot subscription",
        description:
          'An account that never subscribed answers `subscribed: false`, weekly, with no next mailing date.',
        tags: ['subscriptions'],
        querystring: accountQuerySchema,
        response: { 200: subscriptionSchema, ...guardedErrors },
      },
    },
    async (request) => {
      return subscriptionOf(app.db, (request.account as AccountRow).id);
    },
  );

  app.post(
    '/api/tracker/subscription',
    {
      preValidation: app.requireAccount({ in: 'body', key: 'account_id' }),
      schema: {
        summary: 'Subscribe to or unsubscribe from the email snapshot',
        description:
          'Subscribing schedules the first snapshot for the next Monday (weekly) or the next 1st (monthly); `data.type` keeps the current type when absent.',
        tags: ['subscriptions'],
        body: subscriptionUpdateBodySchema,
        response: { 200: subscriptionSchema, ...guardedErrors },
      },
    },
    async (request) =>
      setSubscription(app.db, (request.account as AccountRow).id, {
        subscribed: request.body.data.subscribed,
        type: request.body.data.type,
      }),
  );

  app.put(
    '/api/tracker/subscription/change_frequency',
    {
      preValidation: app.requireAccount({ in: 'body', key: 'account_id' }),
      schema: {
        summary: 'Switch the snapshot between weekly and monthly',
        description: 'Only a subscribed account has a frequency to change: otherwise 409.',
        tags: ['subscriptions'],
        body: changeFrequencyBodySchema,
        response: { 200: subscriptionSchema, 409: errorResponseSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const changed = await changeFrequency(app.db, (request.account as AccountRow).id);
      if (!changed) {
        throw new Conflict(
          'This account is not subscribed to the email snapshot: subscribe first, then choose how often.',
        );
      }
      return changed;
    },
  );
};
