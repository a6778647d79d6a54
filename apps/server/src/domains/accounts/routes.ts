/** GET /api/accounts/customer: the customer block of docs/api.md#entities for one account (our addition, docs/contracts.md). */
import { accountQuerySchema, customerSchema, errorResponseSchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountRow } from '../../db/schema.ts';
import { toCustomer } from './customer.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/accounts/customer',
    {
      preValidation: app.requireAccount({ in: 'query', key: 'account_id' }),
      schema: {
        summary: "The account's customer settings (budget, email, survey, segment)",
        tags: ['accounts'],
        querystring: accountQuerySchema,
        response: {
          200: customerSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => toCustomer(request.account as AccountRow),
  );
};
