/** GET /api/tracker/usage and POST /api/settings/spend_target (docs/api.md#calls). */
import {
  endpoints,
  insightsQuerySchema,
  marketToday,
  messages,
  PLAN_MIN_DAYS,
  PLAN_YEAR_DAYS,
  plansQuerySchema,
  plansResponseSchema,
  QUARTER_COMPARE_MIN_COVERAGE,
  QUARTER_COMPARE_MIN_DAYS,
  quarterComparisonSchema,
  SIMILAR_HOMES_MIN_GROUP,
  similarHomesSchema,
  spendTargetBodySchema,
  type UsageResponse,
  usageQuerySchema,
  usageResponseSchema,
  weekOfRequest,
} from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { AccountRow } from '../../db/schema.ts';
import { route } from '../../lib/route.ts';
import { leaveStoredParts } from '../../lib/stored-answer-parts.ts';
import { sendStoredJson, storedEncodingFor } from '../../plugins/serializers.ts';
import { setBudget } from './budget.ts';
import { markSolarWelcomeSeen } from './curtailment.ts';
import { createPlansCache, plansFor } from './plans-service.ts';
import { quarterComparisonFor } from './quarter-comparison-service.ts';
import { similarHomesFor } from './similar-homes-batch.ts';
import {
  answerOf,
  completeAnswer,
  forecastSuffixOf,
  isCurrent,
  lookUpUsage,
  type UsageLookUp,
} from './usage-answers.ts';

export const trackerRoutes: FastifyPluginAsyncZod = async (app) => {
  const cacheBytes = app.config.env.USAGE_CACHE_MB * 2 ** 20;
  // This app's plans answers: another app in the process (a test's, a command's) keeps its own.
  const plansCache = createPlansCache(cacheBytes);
  // Stored weeks (the answer up to its forecast) this instance has sent, by account, week and encoding, with
  // their ETags (a hash of the bytes). The look-up names the ETag held, and the database leaves the body out when
  // it is still the current answer's: the database decides what is current, this only spares sending the same
  // bytes again.
  const bodies =
    cacheBytes > 0
      ? new LRUCache<string, { etag: string; body: Buffer }>({
          maxSize: Math.max(1, Math.floor(cacheBytes / 8)),
          sizeCalculation: (held) => held.body.length + 200,
        })
      : null;
  // A forecast computed, or a stored week's form made, while the primary is away (a standby answering) is sent,
  // and stored by a later reader.
  const notStored = (error: unknown) =>
    app.log.warn(
      { err: error },
      "a forecast or a stored week's compressed form could not be stored; it was sent all the same",
    );
  // What the usage request's one statement found beside its account (decision 0036), until its handler runs.
  const usageLookUps = new WeakMap<object, { found: UsageLookUp; today: string; weekStart: string }>();
  route(app, endpoints.usage, {
    schema: {
      summary: "A week of the account's spend per day and hour, insights and the quarterly forecast",
      description: `\`from\` is any date of the week (normalised to its Monday); without it, this week. ${messages.aestNote} The answer carries an ETag: a client that sends it back in If-None-Match gets 304 while nothing it shows has changed.`,
      tags: ['tracker'],
      querystring: usageQuerySchema,
      response: {
        200: usageResponseSchema,
        304: z.undefined().describe("Not modified: the client's copy (If-None-Match its ETag) is current"),
      },
    },
    // Read from a standby when one may serve the request (decision 0044); a week that is not stored current
    // there is answered by the primary, which builds and stores it as before.
    reads: 'standby',
    // The account, its version and the stored answer of the week in the guard's one statement.
    lookUpAccount: async (request, publicId): Promise<AccountRow | undefined> => {
      const today = marketToday();
      const weekStart = weekOfRequest((request.query as { from?: unknown } | undefined)?.from, today);
      const encoding = storedEncodingFor(app, request) ?? 'identity';
      const known = bodies?.get(`${publicId}|${weekStart}|${encoding}`)?.etag ?? '';
      const found = await lookUpUsage(request.reads, publicId, weekStart, encoding, known);
      if (found) usageLookUps.set(request, { found, today, weekStart });
      return found?.account;
    },
    handler: async (request, reply) => {
      const looked = usageLookUps.get(request);
      if (!looked) throw new Error('the usage look-up did not run');
      const { today, weekStart } = looked;
      let { found } = looked;
      const encoding = storedEncodingFor(app, request);
      const key = `${found.account.publicId}|${weekStart}|${encoding ?? 'identity'}`;
      if (request.reads !== app.db && !isCurrent(found, weekStart, today)) {
        // Built (and its stale days priced) only on the primary: the request moves there whole, from its look-up.
        request.reads = app.db;
        request.readStandby = null;
        found =
          (await lookUpUsage(app.db, found.account.publicId, weekStart, encoding ?? 'identity')) ?? found;
      }
      const db = request.reads;
      if (isCurrent(found, weekStart, today) && found.stored && found.stored.body === null) {
        const held = bodies?.get(key);
        if (held?.etag === found.stored.etag) {
          const { suffix } = await forecastSuffixOf(
            db,
            app.db,
            found.account,
            found.usageVersion,
            today,
            found.forecast,
            notStored,
          );
          const answer = completeAnswer(held, suffix, encoding ?? 'identity');
          if (encoding === 'gzip') leaveStoredParts(reply.raw, { gzipPrefix: held.body, suffix });
          return sendStoredJson<UsageResponse>(app, request, reply, { ...answer, encoding });
        }
        // Dropped from memory since the look-up: read it whole.
        found = (await lookUpUsage(db, found.account.publicId, weekStart, encoding ?? 'identity')) ?? found;
      }
      const answer = await answerOf(db, found, weekStart, today, encoding ?? 'identity', app.db, notStored);
      bodies?.set(key, { etag: answer.week.etag, body: answer.week.body });
      // A page that carries this answer joins the stored bytes into its own (decision 0050).
      if (encoding === 'gzip')
        leaveStoredParts(reply.raw, { gzipPrefix: answer.week.body, suffix: answer.suffix });
      return sendStoredJson<UsageResponse>(app, request, reply, { ...answer, encoding });
    },
  });

  route(app, endpoints.plans, {
    schema: {
      summary: 'Every plan open to the account priced on its own last 12 months of meter data (issue 17)',
      description: `Each plan is priced by the Tracker's engine on the same days of reads as if the account had been on it throughout; with fewer than ${PLAN_YEAR_DAYS} days of data each cost is scaled to a year (\`method\` says how), and below ${PLAN_MIN_DAYS} days nothing is priced (\`enough_data\` false). Dollars including GST; cheapest first (docs/plans.md).`,
      tags: ['tracker'],
      querystring: plansQuerySchema,
      response: { 200: plansResponseSchema },
    },
    // A standby's stale days cannot be priced there: that read runs again on the primary, which prices them.
    reads: 'standby',
    handler: async (request) =>
      plansFor(request.reads, request.account, app.config.env.BETTER_OFFER_MIN_SAVING, { cache: plansCache }),
  });

  route(app, endpoints.quarterComparison, {
    schema: {
      summary: 'This billing quarter so far against the same dates last year, and why it differs (issue 28)',
      description: `The difference is split into days, usage, prices, solar credit, Happy Hours and concessions, adding up to it to the cent (docs/tracker-figures.md). Compared once ${QUARTER_COMPARE_MIN_DAYS} days of the quarter have passed and both periods have meter data for ${Math.round(QUARTER_COMPARE_MIN_COVERAGE * 100)}% of their days (\`enough_data\`). Dollars including GST.`,
      tags: ['tracker'],
      querystring: insightsQuerySchema,
      response: { 200: quarterComparisonSchema },
    },
    handler: async (request) => quarterComparisonFor(app.db, request.account, marketToday()),
  });

  route(app, endpoints.similarHomes, {
    schema: {
      summary: "The account's daily kWh against similar homes' median and efficient 20% (issue 28)",
      description: `As \`portal insights similar-homes\` last stored it (one row): homes of the same retailer and segment with the same answers to the survey questions that drive usage and 4 complete weeks of data, shown only from ${SIMILAR_HOMES_MIN_GROUP} homes; no other home's own figure. Without a profile, \`no_profile\` and the survey's path (docs/tracker-figures.md).`,
      tags: ['tracker'],
      querystring: insightsQuerySchema,
      response: { 200: similarHomesSchema },
    },
    handler: async (request) => similarHomesFor(app.db, request.account),
  });

  route(app, endpoints.spendTarget, {
    // A budget that is not whole dollars 0 to 99 is unprocessable, not malformed (issue: anything else a 422).
    config: { validationErrorStatus: 422 },
    schema: {
      summary: 'Set the weekly budget in whole dollars (0 turns it off)',
      tags: ['tracker'],
      querystring: z.object({ account_id: usageQuerySchema.shape.account_id }),
      body: spendTargetBodySchema,
      response: { 204: z.undefined().describe('Saved') },
    },
    handler: async (request, reply) => {
      await setBudget(app.db, request.account.id, request.body.spend_target);
      return reply.code(204).send();
    },
  });

  route(app, endpoints.solarWelcome, {
    schema: {
      summary: 'Record that the Solar Advantage welcome was seen (it is not shown again)',
      tags: ['tracker'],
      querystring: z.object({ account_id: usageQuerySchema.shape.account_id }),
      response: { 204: z.undefined().describe('Recorded') },
    },
    handler: async (request, reply) => {
      await markSolarWelcomeSeen(app.db, request.account);
      return reply.code(204).send();
    },
  });
};
