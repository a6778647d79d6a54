/**
 * Signed email links (docs/access.md): every link in a snapshot goes through `/api/email/click`, which checks
 * the signature, counts the click on the account (`email_click_count`) and redirects, only ever to a path
 * of this portal. The one-click unsubscribe of the List-Unsubscribe header is signed the same way.
 *
 * A token is `<payload>.<signature>`: the payload is base64url JSON, the signature base64url HMAC-SHA256 of
 * the payload under the link secret (EMAIL_LINK_SECRET, or one generated once and kept in the database so
 * that every server and worker shares it).
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

const payloadSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('click'),
    a: z.string().regex(PUBLIC_ID_PATTERN),
    p: z.string().refine(isPortalPath),
  }),
  z.object({ k: z.literal('unsubscribe'), a: z.string().regex(PUBLIC_ID_PATTERN) }),
]);
export type LinkPayload = z.infer<typeof payloadSchema>;

const secrets = new WeakMap<Database, Promise<string>>();

/** The link secret: configured, or created once in the database and shared by every process. */
export function linkSecret(db: Database, config: Config): Promise<string> {
  if (config.env.EMAIL_LINK_SECRET) return Promise.resolve(config.env.EMAIL_LINK_SECRET);
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

export function signLink(secret: string, payload: LinkPayload): string {
  const parsed = payloadSchema.parse(payload);
  const data = Buffer.from(JSON.stringify(parsed)).toString('base64url');
  return `${data}.${sign(secret, data)}`;
}

/** The payload of a genuine token, or null for anything altered, forged or malformed. */
export function verifyLink(secret: string, token: string): LinkPayload | null {
  const [data, signature, extra] = token.split('.');
  if (!data || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(data, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Builds the signed links of one account's emails. */
export function linkBuilder(config: Config, secret: string, publicId: string) {
  return {
    click: (path: string) =>
      `${config.publicUrl}${CLICK_PATH}?t=${signLink(secret, { k: 'click', a: publicId, p: path })}`,
    unsubscribe: () =>
      `${config.publicUrl}${UNSUBSCRIBE_PATH}?t=${signLink(secret, { k: 'unsubscribe', a: publicId })}`,
  };
}
export type LinkBuilder = ReturnType<typeof linkBuilder>;
