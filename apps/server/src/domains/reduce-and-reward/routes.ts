/**
 * The event portal's calls of docs/api.md#calls under the reduce-and-reward base (docs/contracts.md: `/reduce_and_reward`):
 * the account's events, one event's result, and one event's progress (chart data).
 */
import {
  accountQuerySchema,
  drEventsResponseSchema,
  errorResponseSchema,
  eventProgressResponseSchema,
  eventQuerySchema,
  eventResultResponseSchema,
  eventResultsResponseSchema,
  messages,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountRow } from '../../db/schema.ts';
import { NotFound } from '../../lib/errors.ts';
import { eventProgressFor, eventResultFor, eventResultsFor, eventsForAccount } from './views.ts';

const guardedErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

const notInvited = () => new NotFound('No such event for this account.');

export const reduceAndRewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireAccount({ in: 'query', key: 'account_id' });

  app.get(
    '/reduce_and_reward/tracker/dr_events',
    {
      preValidation: guard,
      schema: {
        summary: "The account's Reduce & Reward events, oldest first",
        tags: ['reduce-and-reward'],
        querystring: accountQuerySchema,
        response: { 200: drEventsResponseSchema, ...guardedErrors },
      },
    },
    async (request) => {
      return eventsForAccount(app.db, request.account as AccountRow);
    },
  );

  app.get(
    '/reduce_and_reward/dr_events/event_result',
    {
      preValidation: guard,
      schema: {
        summary: "The account's bill credit for one event",
        description:
          'An empty object means the event has no data yet (not settled). `event_usage_exists` false means the meter data never covered the event.',
        tags: ['reduce-and-reward'],
        querystring: eventQuerySchema,
        response: { 200: eventResultResponseSchema, 404: errorResponseSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const result = await eventResultFor(app.db, request.account as AccountRow, request.query.event_id);
      if (!result) throw notInvited();
      return result;
    },
  );

  app.get(
    '/reduce_and_reward/dr_events/event_results',
    {
      preValidation: guard,
      schema: {
        summary: 'Beyond the specification: every event of the account with its result, in one call',
        description:
          'The event list of tracker/dr_events, each event with the answer event_result gives for it, oldest first. The web app does not use it: its overview makes the calls of the specification (docs/decisions/0024).',
        tags: ['reduce-and-reward'],
        querystring: accountQuerySchema,
        response: { 200: eventResultsResponseSchema, ...guardedErrors },
      },
    },
    async (request) => {
      return eventResultsFor(app.db, request.account as AccountRow);
    },
  );

  app.get(
    '/reduce_and_reward/dr_events/event_progress',
    {
      preValidation: guard,
      schema: {
        summary: "One event's 30-minute usage, baseline, average and credit for the account",
        description: `Settled events answer the settled result; others what the meter data says so far. 404 when the account was not invited, or when a settled event has no usage for it ('${messages.eventNoData}').`,
        tags: ['reduce-and-reward'],
        querystring: eventQuerySchema,
        response: { 200: eventProgressResponseSchema, 404: errorResponseSchema, ...guardedErrors },
      },
    },
    async (request) => {
      const progress = await eventProgressFor(app.db, request.account as AccountRow, request.query.event_id);
      if (!progress) throw notInvited();
      if (progress === 'no data') throw new NotFound(messages.eventNoData);
      return progress;
    },
  );
};
