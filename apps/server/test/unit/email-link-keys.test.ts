/**
 * Email links' keys and lifetimes (issue 25 item 4, docs/access.md#email-links): several keys are accepted and
 * the first signs, so a key can be rotated without breaking the links already sent; a token expires (a click
 * link after CLICK_LINK_DAYS, the one-click unsubscribe after UNSUBSCRIBE_LINK_DAYS), its expiry signed with
 * it; a token of before expiries (none in it) is refused.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import {
  CLICK_LINK_DAYS,
  linkBuilder,
  signLink,
  UNSUBSCRIBE_LINK_DAYS,
  verifyLink,
} from '../../src/domains/subscriptions/links.ts';
import { testConfig } from '../helpers/config.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const oldKey = 'the-old-key-of-at-least-32-characters-0000';
const newKey = 'the-new-key-of-at-least-32-characters-1111';
const sentAt = new Date('2026-11-26T08:00:00Z');
const click = { k: 'click', a: 'demo-home', p: '/new/usage/demo-home' } as const;
const unsubscribe = { k: 'unsubscribe', a: 'demo-home' } as const;
const later = (days: number, ms = 0) => new Date(sentAt.getTime() + days * DAY_MS + ms);

/** A token signed with `key` for any payload, as signLink would if it let anything through. */
function signedAsIs(key: string, payload: object): string {
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
}

describe('rotating the keys', () => {
  it('accepts a link signed with a key still listed, and refuses it once the key is removed', () => {
    const token = signLink(oldKey, click, sentAt);
    expect(verifyLink([oldKey], token, sentAt)).toMatchObject(click);
    // Rotated: the new key signs, the old one is still accepted.
    expect(verifyLink([newKey, oldKey], token, later(1))).toMatchObject(click);
    const fresh = signLink(newKey, click, later(1));
    expect(verifyLink([newKey, oldKey], fresh, later(1))).toMatchObject(click);
    // The old key removed: its links are refused, the new key's are not.
    expect(verifyLink([newKey], token, later(1))).toBeNull();
    expect(verifyLink([newKey], fresh, later(1))).toMatchObject(click);
    expect(verifyLink([oldKey], fresh, later(1))).toBeNull();
    expect(verifyLink([], token, later(1))).toBeNull();
  });

  it('signs with the first key of EMAIL_LINK_SECRETS and accepts them all', () => {
    const config = testConfig({ EMAIL_LINK_SECRETS: `${newKey}, ${oldKey}` });
    expect(config.emailLinkSecrets).toEqual([newKey, oldKey]);
    const token = new URL(
      linkBuilder(config, newKey, 'demo-home', sentAt).click('/new/usage/demo-home'),
    ).searchParams.get('t') as string;
    expect(verifyLink([newKey], token, sentAt)).toMatchObject(click);
  });

  it('reads EMAIL_LINK_SECRET as one key, refuses both settings at once and short keys', () => {
    expect(testConfig({ EMAIL_LINK_SECRET: oldKey }).emailLinkSecrets).toEqual([oldKey]);
    expect(testConfig().emailLinkSecrets).toBeNull();
    expect(() => loadConfig({ EMAIL_LINK_SECRETS: newKey, EMAIL_LINK_SECRET: oldKey })).toThrow(ConfigError);
    expect(() => loadConfig({ EMAIL_LINK_SECRETS: `${newKey},short` })).toThrow(/EMAIL_LINK_SECRETS/);
    expect(() => loadConfig({ EMAIL_LINK_SECRETS: `${newKey},,${oldKey}` })).toThrow(/EMAIL_LINK_SECRETS/);
  });
});

describe('expiry', () => {
  it(`ends a click link after ${CLICK_LINK_DAYS} days and an unsubscribe link after ${UNSUBSCRIBE_LINK_DAYS}`, () => {
    const link = signLink(newKey, click, sentAt);
    expect(verifyLink([newKey], link, later(CLICK_LINK_DAYS, -1000))).toMatchObject(click);
    expect(verifyLink([newKey], link, later(CLICK_LINK_DAYS))).toBeNull();
    const off = signLink(newKey, unsubscribe, sentAt);
    expect(verifyLink([newKey], off, later(UNSUBSCRIBE_LINK_DAYS, -1000))).toMatchObject(unsubscribe);
    expect(verifyLink([newKey], off, later(UNSUBSCRIBE_LINK_DAYS))).toBeNull();
    // The lifetimes are what docs/access.md says, and the unsubscribe link outlives the Spam Act's 30 days.
    expect([CLICK_LINK_DAYS, UNSUBSCRIBE_LINK_DAYS]).toEqual([90, 365]);
  });

  it('refuses a token whose expiry was moved, and one of before expiries', () => {
    const token = signLink(newKey, click, sentAt);
    const [data, signature] = token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { e: number };
    expect(payload.e).toBe(Math.floor(later(CLICK_LINK_DAYS).getTime() / 1000));
    const moved = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 365 * 86_400 })).toString(
      'base64url',
    );
    expect(verifyLink([newKey], `${moved}.${signature}`, later(CLICK_LINK_DAYS + 1))).toBeNull();
    expect(verifyLink([newKey], `${moved}.${signature}`, sentAt)).toBeNull();
    // Genuinely signed, but without an expiry: the links of before this change.
    expect(verifyLink([newKey], signedAsIs(newKey, click), sentAt)).toBeNull();
    expect(verifyLink([newKey], signedAsIs(newKey, { ...click, e: 'never' }), sentAt)).toBeNull();
  });

  it('verifies exactly the tokens of an accepted key before their expiry (property)', () => {
    const key = fc.string({ minLength: 32, maxLength: 64 });
    fc.assert(
      fc.property(
        fc.uniqueArray(key, { minLength: 1, maxLength: 4 }),
        fc.nat(3),
        fc.subarray([0, 1, 2, 3]),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
        fc.integer({ min: -DAY_MS, max: 400 * DAY_MS }),
        fc.constantFrom(click, unsubscribe),
        (keys, signer, acceptedAt, signedAt, elapsed, target) => {
          const signing = keys[signer % keys.length] as string;
          const accepted = acceptedAt.flatMap((index) => keys[index] ?? []);
          const token = signLink(signing, target, signedAt);
          const checkedAt = new Date(signedAt.getTime() + elapsed);
          const lifetime = (target.k === 'click' ? CLICK_LINK_DAYS : UNSUBSCRIBE_LINK_DAYS) * DAY_MS;
          // Expiries are whole seconds: a token signed within a second expires up to a second early.
          const expiresAt = Math.floor((signedAt.getTime() + lifetime) / 1000) * 1000;
          const genuine = accepted.includes(signing) && checkedAt.getTime() < expiresAt;
          const verified = verifyLink(accepted, token, checkedAt);
          expect(verified === null ? null : { k: verified.k, a: verified.a }).toEqual(
            genuine ? { k: target.k, a: target.a } : null,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
