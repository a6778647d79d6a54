/** PATCH /api/accounts/update_profile (docs/api.md#calls, docs/surveys.md): the answers of the profile survey. */
import { accountQuerySchema, endpoints, profileSchemaFor, updateProfileBodySchema } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unprocessable } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { saveProfile } from './queries.ts';

const segmentNames = { residential: 'residential', sme: 'small-business' } as const;

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.updateProfile, {
    // Answers outside the survey's options are unprocessable rather than malformed.
    config: { validationErrorStatus: 422 },
    schema: {
      summary: "Store the account's survey answers and mark the survey completed",
      description:
        "The profile is validated against the survey of the account's market segment: ResidentialProfile for residential accounts, SmeProfile for small businesses (option values of docs/api.md#entities; sizes 0 to 1000 in steps of 0.01). Each submission is kept; the latest is the profile.",
      tags: ['accounts'],
      querystring: accountQuerySchema,
      body: updateProfileBodySchema,
      response: { 204: z.undefined().describe('Saved') },
    },
    handler: async (request, reply) => {
      const account = request.account;
      const parsed = profileSchemaFor(account.marketSegment).safeParse(request.body.profile);
      if (!parsed.success) {
        const detail = parsed.error.issues
          .slice(0, 5)
          .map((issue) => {
            const field = ['profile', ...issue.path.map(String)].join('.');
            return `${field}: ${issue.message}`;
          })
          .join('; ');
        throw new Unprocessable(
          `Invalid answers for the ${segmentNames[account.marketSegment]} survey: ${detail}`,
        );
      }
      await saveProfile(app.db, {
        accountId: account.id,
        segment: account.marketSegment,
        answers: parsed.data,
        source: request.body.source,
      });
      return reply.code(204).send();
    },
  });
};
