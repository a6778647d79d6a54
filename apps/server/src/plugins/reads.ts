/**
 * Which database a request reads from (decision 0044). Without standbys (PGlite, or DATABASE_URL alone) every
 * request reads and writes `app.db`, as before. With DATABASE_READ_URL:
 * - the customers' GETs (routes registered with `reads: 'standby'`) read from a standby in use, in turn, and
 *   from the primary when none is; every other route, and every write, uses the primary;
 * - read-your-writes: a customer's write that succeeds answers with a signed cookie holding the primary's WAL
 *   position after it; while the cookie lasts, that browser's reads go only to a standby that has replayed
 *   past it, else to the primary. A cookie can only ever send reads to the primary: a forged or expired one is
 *   ignored, and its position only narrows the standbys a read may use;
 * - a standby that cannot answer a read (down since the last check, a query cancelled by a conflict with
 *   recovery, a statement that would write) is left out and the read runs again on the primary: the customer
 *   sees no error.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/index.ts';
import type { Standby } from '../db/replicas.ts';
import { isDatabaseUnavailable, isStandbyRefusal } from '../lib/database-errors.ts';

/** The cookie of read-your-writes: `<position, hex>.<expiry, seconds since 1970>.<HMAC-SHA256, base64url>`. */
export const READ_AFTER_COOKIE = 'portal_read_after';

/** A position no standby reaches: the reads stay on the primary. */
const MAX_POSITION = 0xffff_ffff_ffff_ffffn;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs a read of a standby route (`request.reads`); when the standby cannot answer, runs it again on the
     * primary. Nothing else runs it again: `work` must read only, and read through `request.reads`.
     */
    readOrRetryOnPrimary<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T>;
  }
  interface FastifyRequest {
    /** The database this request reads from: a standby for the customers' GETs when one may serve them. */
    reads: Database;
    /** The standby behind `reads`, or null for the primary. */
    readStandby: Standby | null;
  }
  interface FastifyContextConfig {
    /** The route only reads: it may read from a standby (route({ reads: 'standby' })). */
    standbyReads?: boolean;
    /** The route writes a customer's data: its success sets the read-your-writes cookie. */
    customerWrite?: boolean;
  }
}

/** The cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** A token's key, derived from a link key: the two never sign each other's messages. */
const tokenKey = (linkKey: string) =>
  createHmac('sha256', linkKey).update('portal read-your-writes').digest();

const signature = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest('base64url');

export function signReadAfter(linkKey: string, position: bigint, expires: number): string {
  const data = `${position.toString(16)}.${expires}`;
  return `${data}.${signature(tokenKey(linkKey), data)}`;
}

/** The position a valid, unexpired token names; null for anything else. */
export function verifyReadAfter(
  acceptedKeys: readonly string[],
  token: string | null,
  nowSeconds: number,
): bigint | null {
  if (!token) return null;
  const match = /^([0-9a-f]{1,16})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, position, expires, given] = match as unknown as [string, string, string, string];
  if (Number(expires) < nowSeconds) return null;
  const data = `${position}.${expires}`;
  const givenBytes = Buffer.from(given, 'base64url');
  const valid = acceptedKeys.some((key) => {
    const expected = Buffer.from(signature(tokenKey(key), data), 'base64url');
    return expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes);
  });
  return valid ? BigInt(`0x${position}`) : null;
}

/**
 * The keys that sign and check the read-after cookie, given by the app assembly (the email links' keys): the
 * plugin sits under the domains and imports none of them.
 */
export interface ReadsOptions {
  cookieKeys: () => Promise<{ signing: string; accepted: readonly string[] }>;
}

async function reads(app: FastifyInstance, options: ReadsOptions) {
  const replicas = app.database.replicas;
  app.decorateRequest('reads', null as unknown as Database);
  app.decorateRequest('readStandby', null);
  app.decorate('readOrRetryOnPrimary', async <T>(request: FastifyRequest, work: () => Promise<T>) => {
    const standby = request.readStandby;
    if (!standby) return work();
    try {
      return await work();
    } catch (error) {
      if (!isStandbyRefusal(error)) throw error;
      // Away: left out until the next check finds it well. A statement that would write, or one cancelled
      // by recovery, says nothing against the standby.
      if (isDatabaseUnavailable(error)) replicas?.leaveOut(standby, error);
      const code = (error as { code?: unknown }).code;
      request.log.warn(
        { standby: standby.name, code: typeof code === 'string' ? code : undefined },
        'a standby could not answer a read: read again from the primary',
      );
      request.reads = app.db;
      request.readStandby = null;
      return work();
    }
  });

  if (!replicas) {
    app.addHook('onRequest', async (request) => {
      request.reads = app.db;
    });
    return;
  }

  const { env, publicUrl } = app.config;
  // After this long every standby in use has replayed past the token's position (it is no further behind than
  // the bound, measured once a check): the cookie is not needed any more.
  const lifetimeSeconds =
    Math.ceil((env.DATABASE_READ_MAX_LAG_MS + 2 * env.DATABASE_READ_CHECK_MS) / 1000) + 5;
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  const keys = options.cookieKeys;

  app.addHook('onRequest', async (request) => {
    request.reads = app.db;
    if (!request.routeOptions.config.standbyReads) return;
    const token = cookieValue(request.headers.cookie, READ_AFTER_COOKIE);
    let after: bigint | null = null;
    if (token) {
      // Keys that cannot be read (the primary away before they were ever read) cannot check the token: the
      // read goes to the primary, as the token would have it at most.
      const accepted = await keys().then(
        (held) => held.accepted,
        () => null,
      );
      after = accepted ? verifyReadAfter(accepted, token, Math.floor(Date.now() / 1000)) : MAX_POSITION;
    }
    const standby = replicas.pick(after);
    if (standby) {
      request.reads = standby.db;
      request.readStandby = standby;
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.routeOptions.config.customerWrite || reply.statusCode >= 400) return payload;
    let position: bigint;
    try {
      position = await replicas.primaryPosition();
    } catch {
      // The write is done but its position unknown: the greatest position keeps this browser's reads on the
      // primary for the cookie's lifetime, which is all a token can do.
      position = MAX_POSITION;
    }
    let signing: string;
    try {
      signing = (await keys()).signing;
    } catch (error) {
      request.log.warn(
        { err: { message: (error as Error).message } },
        'read-your-writes: no key to sign with',
      );
      return payload;
    }
    const expires = Math.floor(Date.now() / 1000) + lifetimeSeconds;
    const token = signReadAfter(signing, position, expires);
    reply.header(
      'set-cookie',
      `${READ_AFTER_COOKIE}=${token}; Path=/; Max-Age=${lifetimeSeconds}; HttpOnly; SameSite=Strict${secure}`,
    );
    return payload;
  });
}

export default fp(reads, { name: 'reads', dependencies: ['infrastructure'] });
