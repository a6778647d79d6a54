/**
 * The offer calls of docs/api.md#calls on the innovative-billing base (docs/contracts.md): Happy Hours participants and product
 * config, Reduce & Be Rewarded participants, opt in and opt out. The status codes are the ones the screens
 * rely on (docs/rules.md#states-and-transitions, docs/api.md#errors): 404 for an account that is not in the offer, 304 for a repeat.
 */
import {
  clientCodeQuerySchema,
  daytimeSaverConfigSchema,
  daytimeSaverParticipantParamsSchema,
  daytimeSaverParticipantSchema,
  daytimeSaverSignupBodySchema,
  endpoints,
  errorResponseSchema,
  hereForYouBodySchema,
  hereForYouParamsSchema,
  hereForYouParticipantSchema,
  messages,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountRow } from '../../db/schema.ts';
import { Forbidden, InvalidRequest } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { chooseSlot, happyHoursConfig, happyHoursParticipant } from './happy-hours.ts';
import { hereForYouParticipant, setHereForYou } from './reduce-and-be-rewarded.ts';

/** Beside the guard's errors (lib/route.ts): an account not in the offer. */
const notInOffer = { 404: errorResponseSchema };

/** The request's client code must be the account's retailer's (docs/rules.md#roles: 403 otherwise). */
function checkClientCode(account: AccountRow, clientCode: string) {
  if (clientCode !== account.clientCode) throw new Forbidden(messages.wrongProvider);
}

const notInvited = 'Answers 404 when the account was not invited to the offer (the offer-expired page).';

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.happyHoursParticipant, {
    schema: {
      summary: "The account's Happy Hours participation",
      description: `${notInvited} Solar customers are not eligible and also answer 404.`,
      tags: ['offers'],
      params: daytimeSaverParticipantParamsSchema,
      querystring: clientCodeQuerySchema,
      response: { 200: daytimeSaverParticipantSchema, ...notInOffer },
    },
    reads: 'standby',
    handler: async (request) => {
      const { account } = request;
      checkClientCode(account, request.query.client_code);
      return happyHoursParticipant(request.reads, account);
    },
  });

  route(app, endpoints.happyHoursConfig, {
    schema: {
      summary: "The retailer's Happy Hours configuration (sign-up end)",
      tags: ['offers'],
      querystring: clientCodeQuerySchema,
      response: { 200: daytimeSaverConfigSchema, 400: errorResponseSchema, 403: errorResponseSchema },
    },
    reads: 'standby',
    handler: async (request) => {
      if (request.query.client_code !== app.config.client.clientCode) {
        throw new Forbidden(messages.wrongProvider);
      }
      return happyHoursConfig(request.reads, request.query.client_code);
    },
  });

  route(app, endpoints.chooseSlot, {
    schema: {
      summary: 'Sign up to Happy Hours with a time slot, or change the slot',
      description: `Signs up an invited account, or changes the slot of one already signed up; either takes effect the next weekday (AEST). The same slot again answers 304. A change is allowed once every 24 hours (409 otherwise); a sign-up after the retailer's signup_end_time answers 409. ${notInvited}`,
      tags: ['offers'],
      body: daytimeSaverSignupBodySchema,
      response: {
        200: daytimeSaverParticipantSchema,
        304: z.undefined().describe('The slot was already chosen: nothing changed'),
        ...notInOffer,
        409: errorResponseSchema,
      },
    },
    handler: async (request, reply) => {
      const { account } = request;
      checkClientCode(account, request.body.client_code);
      const result = await chooseSlot(app.db, account, request.body.time_slot);
      if (result.kind === 'unchanged') return reply.code(304).send();
      return result.participant;
    },
  });

  route(app, endpoints.hereForYouParticipant, {
    schema: {
      summary: "The account's Reduce & Be Rewarded participation",
      description: notInvited,
      tags: ['offers'],
      params: hereForYouParamsSchema,
      querystring: clientCodeQuerySchema,
      response: { 200: hereForYouParticipantSchema, ...notInOffer },
    },
    reads: 'standby',
    handler: async (request) => {
      const { account } = request;
      checkClientCode(account, request.query.client_code);
      return hereForYouParticipant(request.reads, account);
    },
  });

  route(app, endpoints.hereForYouOptIn, {
    schema: {
      summary: 'Opt (back) in to Reduce & Be Rewarded',
      description: `Idempotent: an account already opted in stays in (200). Eligibility for the weekly credit starts with the next full week. ${notInvited}`,
      tags: ['offers'],
      body: hereForYouBodySchema,
      response: { 200: hereForYouParticipantSchema, ...notInOffer },
    },
    handler: async (request) => {
      const { account } = request;
      checkClientCode(account, request.body.client_code);
      await setHereForYou(app.db, account, true);
      return { opted_in: true };
    },
  });

  route(app, endpoints.hereForYouOptOut, {
    schema: {
      summary: 'Opt out of Reduce & Be Rewarded',
      description: `Ends eligibility for the weekly credit from the current week. A repeated opt out answers 304. ${notInvited}`,
      tags: ['offers'],
      params: hereForYouParamsSchema,
      body: hereForYouBodySchema,
      response: {
        200: hereForYouParticipantSchema,
        304: z.undefined().describe('Already opted out: nothing changed'),
        ...notInOffer,
      },
    },
    handler: async (request, reply) => {
      const { account } = request;
      if (request.body.account_identifier !== account.publicId) {
        throw new InvalidRequest('account_identifier must be the account of the path.');
      }
      checkClientCode(account, request.body.client_code);
      const changed = await setHereForYou(app.db, account, false);
      if (!changed) return reply.code(304).send();
      return { opted_in: false };
    },
  });
};
