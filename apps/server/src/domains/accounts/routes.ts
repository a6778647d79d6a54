/** GET /api/accounts/customer: the customer block of docs/api.md#entities for one account (our addition, docs/contracts.md). */
import { accountQuerySchema, customerSchema, endpoints } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/route.ts';
import { toCustomer } from './customer.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.customer, {
    schema: {
      summary: "The account's customer settings (budget, email, survey, segment)",
      tags: ['accounts'],
      querystring: accountQuerySchema,
      response: { 200: customerSchema },
    },
    reads: 'standby',
    handler: async (request) => toCustomer(request.account),
  });
};
