/**
 * The email links of a deployment whose key was rotated (EMAIL_LINK_SECRETS: the new key first, the old one
 * after), as the routes answer them (issue 25 item 4, docs/access.md#email-links): links signed with either
 * key work until they expire; a removed key's, an expired, an altered and a pre-expiry link all get the one
 * answer "This link is not valid…" and change nothing; every email composed carries fresh links.
 */
import { createHmac } from 'node:crypto';
import { messages, paths } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/db/schema/subscriptions.ts';
import { accounts } from '../../src/db/schema.ts';
import {
  CLICK_LINK_DAYS,
  signLink,
  UNSUBSCRIBE_LINK_DAYS,
  verifyLink,
} from '../../src/domains/subscriptions/links.ts';
import { previewSnapshot } from '../../src/domains/subscriptions/sender.ts';
import { testAppForFile } from '../helpers/app.ts';

const newKey = 'the-new-key-of-at-least-32-characters-1111';
const oldKey = 'the-old-key-of-at-least-32-characters-0000';
const removedKey = 'a-removed-key-of-at-least-32-characters-22';
const t = testAppForFile({ EMAIL_LINK_SECRETS: `${newKey},${oldKey}` });

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const click = (a: string) => ({ k: 'click', a, p: paths.usage.href(a) }) as const;
const follow = (token: string) => t.app.inject({ url: '/api/email/click', query: { t: token } });
const unsubscribe = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/unsubscribe',
    query: { t: token },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

async function subscribed(publicId: string): Promise<boolean | undefined> {
  const [row] = await t.db
    .select({ subscribed: subscriptions.subscribed })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(eq(accounts.publicId, publicId));
  return row?.subscribed;
}

function expectInvalidLink(response: Awaited<ReturnType<typeof follow>>, what: string) {
  expect(response.statusCode, what).toBe(400);
  expect(response.json(), what).toEqual({
    error: { code: 'BAD_REQUEST', message: messages.invalidEmailLink },
  });
  expect(response.headers.location, what).toBeUndefined();
}

describe('a rotated key', () => {
  it('follows links signed with the new key and with the old one', async () => {
    for (const key of [newKey, oldKey]) {
      const response = await follow(signLink(key, click('demo-home')));
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(paths.usage.href('demo-home'));
    }
  });

  it("refuses a removed key's link, an expired one, an altered expiry and a link without one", async () => {
    const expired = signLink(newKey, click('demo-home'), daysAgo(CLICK_LINK_DAYS + 1));
    const [data, signature] = signLink(newKey, click('demo-home'), daysAgo(CLICK_LINK_DAYS + 1)).split('.');
    const payload = JSON.parse(Buffer.from(data as string, 'base64url').toString('utf8')) as { e: number };
    const extended = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 365 * 86_400 })).toString(
      'base64url',
    );
    const withoutExpiry = Buffer.from(JSON.stringify(click('demo-home'))).toString('base64url');
    const refused = {
      'a removed key': signLink(removedKey, click('demo-home')),
      expired,
      'an extended expiry': `${extended}.${signature}`,
      'no expiry (before issue 25)': `${withoutExpiry}.${createHmac('sha256', newKey).update(withoutExpiry).digest('base64url')}`,
    };
    for (const [what, token] of Object.entries(refused)) expectInvalidLink(await follow(token), what);
    expect(
      verifyLink([newKey, oldKey], signLink(newKey, click('demo-home'), daysAgo(CLICK_LINK_DAYS - 1))),
    ).not.toBeNull();
  });

  it('keeps a one-click unsubscribe working for a year, not longer', async () => {
    expect(await subscribed('demo-happy')).toBe(true);
    const expired = signLink(
      oldKey,
      { k: 'unsubscribe', a: 'demo-happy' },
      daysAgo(UNSUBSCRIBE_LINK_DAYS + 1),
    );
    expectInvalidLink(await unsubscribe(expired), 'an expired unsubscribe link');
    expect(await subscribed('demo-happy')).toBe(true);
    const recent = signLink(
      oldKey,
      { k: 'unsubscribe', a: 'demo-happy' },
      daysAgo(UNSUBSCRIBE_LINK_DAYS - 1),
    );
    expect((await unsubscribe(recent)).statusCode).toBe(200);
    expect(await subscribed('demo-happy')).toBe(false);
  });
});

describe('the links of an email', () => {
  it('are signed with the new key as the email is made, and live their whole lifetime from then', async () => {
    const before = Math.floor(Date.now() / 1000);
    const preview = await previewSnapshot({ db: t.db, config: t.config, publicId: 'demo-home' });
    const after = Math.ceil(Date.now() / 1000);
    if (!('email' in preview)) throw new Error(`no email: ${preview.skip}`);
    const { html, headers } = preview.email;
    const tokens = (text: string) =>
      [...text.matchAll(/[?&]t=([\w.-]+)/g)].map((match) => match[1] as string);
    const clicks = tokens(html);
    const unsubscribes = tokens(headers['List-Unsubscribe'] ?? '');
    expect(clicks.length).toBeGreaterThan(1);
    expect(unsubscribes).toHaveLength(1);
    for (const [list, days] of [
      [clicks, CLICK_LINK_DAYS],
      [unsubscribes, UNSUBSCRIBE_LINK_DAYS],
    ] as const) {
      for (const token of list) {
        const payload = verifyLink([newKey], token);
        expect(payload?.a).toBe('demo-home');
        expect(payload?.e).toBeGreaterThanOrEqual(before + days * 86_400);
        expect(payload?.e).toBeLessThanOrEqual(after + days * 86_400);
      }
    }
  });
});
