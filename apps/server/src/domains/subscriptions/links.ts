/**
 * Signed email links (docs/access.md): every link in a snapshot goes through `/api/email/click`, which checks
 * the signature, counts the click on the account (`email_click_count`) and redirects, only ever to a path
 * of this portal. The one-click unsubscribe of the List-Unsubscribe header is signed the same way.
 *
 * A token is `<payload>.<signature>`: the payload is base64url JSON naming the account, the target and the
 * expiry (`e`, seconds since 1970), the signature base64url HMAC-SHA256 of the payload under a link key.
 * The keys are EMAIL_LINK_SECRETS (the first signs, all are accepted: rotation), or one generated once and
 * kept in the database so that every server and worker shares it. Every email is signed as it is sent, so a
 * subscriber's latest email always holds live links; a token without an expiry (before issue 25) is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { endpoints, PUBLIC_ID_PATTERN, serverRoutePath } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { signingKeys } from '../../db/schema/subscriptions.ts';

export const CLICK_PATH = serverRoutePath(endpoints.emailClick);
export const UNSUBSCRIBE_PATH = serverRoutePath(endpoints.emailUnsubscribe);
export const BUDGET_ALERTS_OFF_PATH = serverRoutePath(endpoints.emailBudgetAlertsOff);
const KEY_NAME = 'email_links';

/** Where a link may lead: an absolute path of this portal's web app (never another host, never the API). */
export function isPortalPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return false;
  // Escaped slashes and backslashes are no part of any portal path, and some proxies decode them.
  if (/%(2f|5c)/i.test(value)) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value, 'http://portal.invalid');
  } catch {
    return false;
  }
  // Judged as it resolves, not as written: dot and empty segments collapse ('/.//evil.example' is the path
  // '//evil.example', which a browser reads as another host).
  const path = url.pathname;
  return (
    url.host === 'portal.invalid' && !path.startsWith('//') && !path.startsWith('/api/') && path !== '/api'
  );
}

/**
 * The Location a click link answers with for a portal path: the path as a URL writes it (percent-encoded: a
 * header carries Latin-1 only), resolved against the portal's own origin.
 */
export function redirectLocation(portalPath: string): string {
  const target = new URL(portalPath, 'http://portal.invalid');
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * Days a link works after its email is sent. A click link: the snapshots are weekly or monthly, so the latest
 * email's links always work and a forwarded or leaked one stops within a quarter. The one-click unsubscribe:
 * a year, as mail clients offer it on old mail and the Spam Act 2003 asks for at least 30 days.
 */
export const CLICK_LINK_DAYS = 90;
export const UNSUBSCRIBE_LINK_DAYS = 365;
const lifetimeDays = {
  click: CLICK_LINK_DAYS,
  unsubscribe: UNSUBSCRIBE_LINK_DAYS,
  // The budget alert's one-click off (List-Unsubscribe of the alert): an unsubscribe in all but its list.
  alerts: UNSUBSCRIBE_LINK_DAYS,
} as const;

/** Expiry in whole seconds since 1970, within the years a Date can hold. */
const expirySchema = z
  .number()
  .int()
  .positive()
  .max(8_640_000_000_000 / 1000);

const clickTarget = z.object({
  k: z.literal('click'),
  a: z.string().regex(PUBLIC_ID_PATTERN),
  p: z.string().refine(isPortalPath),
});
const unsubscribeTarget = z.object({ k: z.literal('unsubscribe'), a: z.string().regex(PUBLIC_ID_PATTERN) });
const alertsTarget = z.object({ k: z.literal('alerts'), a: z.string().regex(PUBLIC_ID_PATTERN) });
const targetSchema = z.discriminatedUnion('k', [clickTarget, unsubscribeTarget, alertsTarget]);
const payloadSchema = z.discriminatedUnion('k', [
  clickTarget.extend({ e: expirySchema }),
  unsubscribeTarget.extend({ e: expirySchema }),
  alertsTarget.extend({ e: expirySchema }),
]);
/** What a link names: its kind, account and (for a click) the portal path. */
export type LinkTarget = z.infer<typeof targetSchema>;
/** A verified token: its target and expiry. */
export type LinkPayload = z.infer<typeof payloadSchema>;

/** The keys of the links: the first signs, every one is accepted. */
export interface LinkKeys {
  signing: string;
  accepted: readonly string[];
}

const secrets = new WeakMap<Database, Promise<string>>();

/** The link keys: configured (EMAIL_LINK_SECRETS), or one created once in the database and shared. */
export async function linkKeys(db: Database, config: Config): Promise<LinkKeys> {
  const configured = config.emailLinkSecrets;
  if (configured?.[0]) return { signing: configured[0], accepted: configured };
  const stored = await storedSecret(db);
  return { signing: stored, accepted: [stored] };
}

/** The key that signs new links. */
export async function linkSecret(db: Database, config: Config): Promise<string> {
  return (await linkKeys(db, config)).signing;
}

/** The key generated once and kept in the database, for deployments that configure none. */
function storedSecret(db: Database): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      await db
        .insert(signingKeys)
        .values({ name: KEY_NAME, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing({ target: signingKeys.name });
      const [row] = await db.select().from(signingKeys).where(eq(signingKeys.name, KEY_NAME));
      if (!row) throw new Error('the email link secret could not be stored');
      return row.secret;
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

/** A token for `target`, signed with `secret`, that expires its kind's lifetime after `now`. */
export function signLink(secret: string, target: LinkTarget, now: Date = new Date()): string {
  const expiry = Math.floor(now.getTime() / 1000) + lifetimeDays[target.k] * 86_400;
  const parsed = payloadSchema.parse({ ...targetSchema.parse(target), e: expiry });
  const data = Buffer.from(JSON.stringify(parsed)).toString('base64url');
  return `${data}.${sign(secret, data)}`;
}

const signedBy = (key: string, data: string, signature: Buffer) => {
  const expected = Buffer.from(sign(key, data));
  return expected.length === signature.length && timingSafeEqual(expected, signature);
};

/**
 * The payload of a genuine token signed with one of `keys` and not expired at `now`, or null for anything
 * altered, forged, malformed, signed with a key no longer accepted, expired or without an expiry.
 */
export function verifyLink(
  keys: string | readonly string[],
  token: string,
  now: Date = new Date(),
): LinkPayload | null {
  const [data, signature, extra] = token.split('.');
  if (!data || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature);
  if (!(typeof keys === 'string' ? [keys] : keys).some((key) => signedBy(key, data, given))) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(data, 'base64url').toString('utf8')));
    if (!parsed.success || now.getTime() >= parsed.data.e * 1000) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** Builds the signed links of one account's email, sent at `now`: each expires its lifetime after. */
export function linkBuilder(config: Config, secret: string, publicId: string, now: Date = new Date()) {
  return {
    click: (path: string) =>
      `${config.publicUrl}${CLICK_PATH}?t=${signLink(secret, { k: 'click', a: publicId, p: path }, now)}`,
    unsubscribe: () =>
      `${config.publicUrl}${UNSUBSCRIBE_PATH}?t=${signLink(secret, { k: 'unsubscribe', a: publicId }, now)}`,
    budgetAlertsOff: () =>
      `${config.publicUrl}${BUDGET_ALERTS_OFF_PATH}?t=${signLink(secret, { k: 'alerts', a: publicId }, now)}`,
  };
}
export type LinkBuilder = ReturnType<typeof linkBuilder>;

/**
 * The List-Unsubscribe of every email but the budget alert's (which has its own list, decision 0040): the
 * signed one-click unsubscribe (RFC 8058) and a mailto. Unsubscribing stops all of them.
 */
export function unsubscribeHeaders(config: Config, links: LinkBuilder, publicId: string) {
  return {
    'List-Unsubscribe': `<${links.unsubscribe()}>, <mailto:${config.mail.unsubscribeEmail}?subject=unsubscribe%20${publicId}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
