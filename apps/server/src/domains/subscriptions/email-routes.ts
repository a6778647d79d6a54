/**
 * The signed email links (docs/access.md): GET /api/email/click counts the click and redirects inside the
 * portal; POST /api/email/unsubscribe is the one-click unsubscribe of the List-Unsubscribe header (RFC 8058),
 * and a GET of the same link (a mail client or a person following it) leads to Settings instead.
 */
import { endpoints, errorResponseSchema, messages, paths } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvalidRequest } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { findAccountByPublicId } from '../accounts/queries.ts';
import { isPortalPath, linkKeys, redirectLocation, verifyLink } from './links.ts';
import { countEmailClick, setBudgetAlerts, setSubscription } from './queries.ts';

const tokenQuery = z.object({ t: z.string().min(1).max(4096).describe('The signed link token') });
/** Forged, altered, expired or signed with a key no longer accepted: one answer for all (docs/access.md). */
const refused = () => new InvalidRequest(messages.invalidEmailLink);

export const emailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail providers post the one-click unsubscribe as a form ('List-Unsubscribe=One-Click'); the token in the
  // query is all that counts, so the body is read and ignored (scoped to these routes).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  /** The account of a genuine token of this retailer, or a 400 for anything else. */
  async function accountOf(token: string, kind: 'click' | 'unsubscribe' | 'alerts') {
    const payload = verifyLink((await linkKeys(app.db, app.config)).accepted, token);
    if (!payload || payload.k !== kind) throw refused();
    const account = await findAccountByPublicId(app.db, payload.a);
    if (!account || account.clientCode !== app.config.client.clientCode) throw refused();
    return { payload, account };
  }

  route(app, endpoints.emailClick, {
    schema: {
      summary: 'Follow a link from an email: counts the click, then redirects inside the portal',
      tags: ['email'],
      querystring: tokenQuery,
      response: { 302: z.undefined().describe('To the portal page'), 400: errorResponseSchema },
    },
    // Counts the click: the customer's next reads see it (read-your-writes, decision 0044).
    writes: true,
    handler: async (request, reply) => {
      const { payload, account } = await accountOf(request.query.t, 'click');
      // Signed by us, so already a portal path; checked again so that no key mistake can open a redirect.
      if (payload.k !== 'click' || !isPortalPath(payload.p)) throw refused();
      await countEmailClick(app.db, account.id, request.query.t);
      // The browser that follows our signed link was given this account: its look-ups are not guesses, and
      // pass even while others behind its address have been blocked for guessing (decision 0039).
      await app.rememberAccountFor(request, account.publicId);
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(redirectLocation(payload.p), 302);
    },
  });

  route(app, endpoints.emailUnsubscribe, {
    schema: {
      summary: 'One-click unsubscribe from the email snapshot (List-Unsubscribe-Post, RFC 8058)',
      tags: ['email'],
      querystring: tokenQuery,
      response: {
        200: z.object({ subscribed: z.literal(false) }),
        400: errorResponseSchema,
      },
    },
    handler: async (request) => {
      const { account } = await accountOf(request.query.t, 'unsubscribe');
      await setSubscription(app.db, account.id, { subscribed: false });
      return { subscribed: false as const };
    },
  });

  route(app, endpoints.emailUnsubscribePage, {
    schema: {
      summary: 'The unsubscribe link followed in a browser: leads to Settings, changes nothing',
      tags: ['email'],
      querystring: tokenQuery,
      response: { 303: z.undefined().describe('To Settings'), 400: errorResponseSchema },
    },
    handler: async (request, reply) => {
      const { account } = await accountOf(request.query.t, 'unsubscribe');
      return reply.redirect(paths.settings.href(account.publicId), 303);
    },
  });

  route(app, endpoints.emailBudgetAlertsOff, {
    schema: {
      summary: 'One-click off for the budget alert (its List-Unsubscribe-Post, RFC 8058); the snapshot stays',
      tags: ['email'],
      querystring: tokenQuery,
      response: {
        200: z.object({ budget_alerts: z.literal(false) }),
        400: errorResponseSchema,
      },
    },
    handler: async (request) => {
      const { account } = await accountOf(request.query.t, 'alerts');
      await setBudgetAlerts(app.db, account.id, false);
      return { budget_alerts: false as const };
    },
  });

  route(app, endpoints.emailBudgetAlertsOffPage, {
    schema: {
      summary: "The budget alert's off link followed in a browser: leads to Settings, changes nothing",
      tags: ['email'],
      querystring: tokenQuery,
      response: { 303: z.undefined().describe('To Settings'), 400: errorResponseSchema },
    },
    handler: async (request, reply) => {
      const { account } = await accountOf(request.query.t, 'alerts');
      return reply.redirect(paths.settings.href(account.publicId), 303);
    },
  });
};
