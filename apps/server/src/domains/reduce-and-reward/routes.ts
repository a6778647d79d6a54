/**
 * The event portal's calls of docs/api.md#calls under the reduce-and-reward base (docs/contracts.md: `/reduce_and_reward`):
 * the account's events, one event's result, and one event's progress (chart data).
 */
import {
  accountQuerySchema,
  announcedTargetResponseSchema,
  drEventsResponseSchema,
  endpoints,
  errorResponseSchema,
  eventProgressResponseSchema,
  eventQuerySchema,
  eventResultResponseSchema,
  eventResultsResponseSchema,
  messages,
  upcomingEventsResponseSchema,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { upcomingEventsFor } from './upcoming.ts';
import {
  announcedTargetFor,
  eventProgressFor,
  eventResultFor,
  eventResultsFor,
  eventsForAccount,
} from './views.ts';

const notInvited = () => new NotFound('No such event for this account.');

export const reduceAndRewardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.drEvents, {
    schema: {
      summary: "The account's Reduce & Reward events, oldest first",
      tags: ['reduce-and-reward'],
      querystring: accountQuerySchema,
      response: { 200: drEventsResponseSchema },
    },
    reads: 'standby',
    handler: async (request) => {
      return eventsForAccount(request.reads, request.account);
    },
  });

  route(app, endpoints.eventResult, {
    schema: {
      summary: "The account's bill credit for one event",
      description:
        'An empty object means the event has no data yet (not settled). `event_usage_exists` false means the meter data never covered the event.',
      tags: ['reduce-and-reward'],
      querystring: eventQuerySchema,
      response: { 200: eventResultResponseSchema, 404: errorResponseSchema },
    },
    reads: 'standby',
    handler: async (request) => {
      const result = await eventResultFor(request.reads, request.account, request.query.event_id);
      if (!result) throw notInvited();
      return result;
    },
  });

  route(app, endpoints.eventResults, {
    schema: {
      summary: 'Beyond the specification: every event of the account with its result, in one call',
      description:
        'The event list of tracker/dr_events, each event with the answer event_result gives for it, oldest first. The web app does not use it: its overview makes the calls of the specification (docs/decisions/0024).',
      tags: ['reduce-and-reward'],
      querystring: accountQuerySchema,
      response: { 200: eventResultsResponseSchema },
    },
    reads: 'standby',
    handler: async (request) => {
      return eventResultsFor(request.reads, request.account);
    },
  });

  route(app, endpoints.upcomingEvents, {
    schema: {
      summary: "Beyond the specification: the account's events still to come, with its own target",
      description:
        "The target is the settlement's (baseline of the 10 most recent days of the same day type, skipping event days and days without data) from the days known now; null until 5 such days exist. Soonest first.",
      tags: ['reduce-and-reward'],
      querystring: accountQuerySchema,
      response: { 200: upcomingEventsResponseSchema },
    },
    reads: 'standby',
    handler: async (request) => upcomingEventsFor(request.reads, request.account),
  });

  route(app, endpoints.announcedTarget, {
    schema: {
      summary: "Beyond the specification: the target the account's invitation email announced for an event",
      description:
        "The upcoming call's target as the invitation email carried it (issue 29), or null when no invitation was sent or it had no target. The event detail compares it with the settled target. 404 when the account was not invited.",
      tags: ['reduce-and-reward'],
      querystring: eventQuerySchema,
      response: { 200: announcedTargetResponseSchema, 404: errorResponseSchema },
    },
    handler: async (request) => {
      const announced = await announcedTargetFor(app.db, request.account, request.query.event_id);
      if (announced === undefined) throw notInvited();
      return { announced };
    },
  });

  route(app, endpoints.eventProgress, {
    schema: {
      summary: "One event's 30-minute usage, baseline, average and credit for the account",
      description: `Settled events answer the settled result; others what the meter data says so far. 404 when the account was not invited, or when a settled event has no usage for it ('${messages.eventNoData}').`,
      tags: ['reduce-and-reward'],
      querystring: eventQuerySchema,
      response: { 200: eventProgressResponseSchema, 404: errorResponseSchema },
    },
    reads: 'standby',
    handler: async (request) => {
      const progress = await eventProgressFor(request.reads, request.account, request.query.event_id);
      if (!progress) throw notInvited();
      if (progress === 'no data') throw new NotFound(messages.eventNoData);
      return progress;
    },
  });
};
