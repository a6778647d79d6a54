/**
 * The signed email links (docs/access.md): GET /api/email/click counts the click and redirects inside the
 * portal; POST /api/email/unsubscribe is the one-click unsubscribe of the List-Unsubscribe header (RFC 8058),
 * and a GET of the same link (a mail client or a person following it) leads to Settings instead.
 */
import { createHash } from 'node:crypto';
import { errorResponseSchema, marketToday, paths } from '@portal/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { emailLinkClicks } from '../../db/schema/subscriptions.ts';
import { accounts } from '../../db/schema.ts';
import { InvalidRequest } from '../../lib/errors.ts';
import { findAccountByPublicId } from '../accounts/queries.ts';
import { CLICK_PATH, isPortalPath, linkSecret, UNSUBSCRIBE_PATH, verifyLink } from './links.ts';
import { setSubscription } from './queries.ts';

const tokenQuery = z.object({ t: z.string().min(1).max(4096).describe('The signed link token') });
const refused = () =>
  new InvalidRequest('This link is not valid. Please use the link in your latest Tracker email.');

/**
 * Counts a click once per link, account and AEST day (issue 16 item 10): the count prompts the survey, and a
 * link replayed (by a person, a mail scanner or anyone holding it) must not raise it without limit. The
 * account's rows of past days are removed in the same transaction.
 */
async function countClick(db: Database, accountId: string, token: string) {
  const link = createHash('sha256').update(token).digest('hex');
  const today = marketToday();
  await db.transaction(async (tx) => {
    await tx
      .delete(emailLinkClicks)
      .where(and(eq(emailLinkClicks.accountId, accountId), lt(emailLinkClicks.day, today)));
    const fresh = await tx
      .insert(emailLinkClicks)
      .values({ accountId, link, day: today })
      .onConflictDoNothing()
      .returning({ link: emailLinkClicks.link });
    if (fresh.length === 0) return;
    await tx
      .update(accounts)
      .set({ emailClickCount: sql`${accounts.emailClickCount} + 1` })
      .where(eq(accounts.id, accountId));
  });
}

export const emailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail providers post the one-click unsubscribe as a form ('List-Unsubscribe=One-Click'); the token in the
  // query is all that counts, so the body is read and ignored (scoped to these routes).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  /** The account of a genuine token of this retailer, or a 400 for anything else. */
  async function accountOf(token: string, kind: 'click' | 'unsubscribe') {
    const payload = verifyLink(await linkSecret(app.db, app.config), token);
    if (!payload || payload.k !== kind) throw refused();
    const account = await findAccountByPublicId(app.db, payload.a);
    if (!account || account.clientCode !== app.config.client.clientCode) throw refused();
    return { payload, account };
  }

  app.get(
    CLICK_PATH,
    {
      schema: {
        summary: 'Follow a link from an email: counts the click, then redirects inside the portal',
        tags: ['email'],
        querystring: tokenQuery,
        response: { 302: z.undefined().describe('To the portal page'), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { payload, account } = await accountOf(request.query.t, 'click');
      // Signed by us, so already a portal path; checked again so that no key mistake can open a redirect.
      if (payload.k !== 'click' || !isPortalPath(payload.p)) throw refused();
      await countClick(app.db, account.id, request.query.t);
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      // Percent-encoded as a URL writes it: a header carries Latin-1 only (issue 16 item 3).
      const target = new URL(payload.p, 'http://portal.invalid');
      return reply.redirect(`${target.pathname}${target.search}${target.hash}`, 302);
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        summary: 'One-click unsubscribe from the email snapshot (List-Unsubscribe-Post, RFC 8058)',
        tags: ['email'],
        querystring: tokenQuery,
        response: {
          200: z.object({ subscribed: z.literal(false) }),
          400: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { account } = await accountOf(request.query.t, 'unsubscribe');
      await setSubscription(app.db, account.id, { subscribed: false });
      return { subscribed: false as const };
    },
  );

  app.get(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        summary: 'The unsubscribe link followed in a browser: leads to Settings, changes nothing',
        tags: ['email'],
        querystring: tokenQuery,
        response: { 303: z.undefined().describe('To Settings'), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { account } = await accountOf(request.query.t, 'unsubscribe');
      return reply.redirect(paths.settings.href(account.publicId), 303);
    },
  );
};
