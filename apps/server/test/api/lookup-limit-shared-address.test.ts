/**
 * The look-up limit at an address many customers share (issue 26 item 4, decision 0039): a page view counts once
 * however many calls it makes, an id the address already had looked up is not a guess (the customer's own
 * account keeps working while others behind the address are blocked), guessing new ids stays limited, and the
 * 429 says what happened and for how long.
 */
import {
  endpointPath,
  endpoints,
  formatMessage,
  messages,
  type WebInteraction,
  waitText,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { linkSecret, signLink } from '../../src/domains/subscriptions/links.ts';
import { testAppForFile } from '../helpers/app.ts';

const LIMIT = 3;
const t = testAppForFile({
  ACCOUNT_LOOKUP_FAILURES: String(LIMIT),
  ACCOUNT_LOOKUP_WINDOW_SECONDS: '600',
});

const visitRecord = (accountId: string, page: WebInteraction['page_name']): WebInteraction => ({
  type: 'tracker_ui_visit',
  source: 'trust',
  account_identifier: accountId,
  page_name: page,
  url: `http://localhost:3000/new/usage/${accountId}`,
  additional_data: { event_time: '2026-11-20T09:15:00.000Z' },
});

/** What the web app sends for one view of the Tracker: the week (its loader and its query) and the visit record. */
async function trackerView(accountId: string, remoteAddress: string): Promise<number[]> {
  const usage = () =>
    t.app.inject({ url: '/api/tracker/usage', query: { account_id: accountId }, remoteAddress });
  const answers = await Promise.all([
    usage(),
    usage(),
    t.app.inject({
      method: 'POST',
      url: '/api/web_interactions',
      payload: visitRecord(accountId, 'week_view'),
      remoteAddress,
    }),
  ]);
  return answers.map((answer) => answer.statusCode);
}

/** One call of each screen an account has: the Tracker, Settings, Plans, Happy Hours, Reduce & Reward. */
function accountScreens(accountId: string, remoteAddress: string) {
  return Promise.all([
    t.app.inject({ url: '/api/tracker/usage', query: { account_id: accountId }, remoteAddress }),
    t.app.inject({ url: '/api/tracker/subscription', query: { account_id: accountId }, remoteAddress }),
    t.app.inject({ url: '/api/tracker/plans', query: { account_id: accountId }, remoteAddress }),
    t.app.inject({
      url: `/innovative_billing${endpointPath(endpoints.happyHoursParticipant, { accountId })}`,
      query: { client_code: t.config.client.clientCode },
      remoteAddress,
    }),
    t.app.inject({
      url: '/reduce_and_reward/tracker/dr_events',
      query: { account_id: accountId },
      remoteAddress,
    }),
  ]);
}

describe('a page view counts once', () => {
  it('counts the calls of one view of an unknown or refused account as one failed look-up', async () => {
    const address = '10.26.4.1';
    // LIMIT views of different unknown or refused ids, each of three calls: LIMIT failures, not 3 × LIMIT.
    expect(await trackerView('guess-0001', address)).toEqual([401, 401, 401]);
    expect(await trackerView('demo-other', address)).toEqual([403, 403, 403]);
    expect(await trackerView('guess-0002', address)).toEqual([401, 401, 401]);
    // The next new id is past the limit.
    const [blocked] = await trackerView('guess-0003', address);
    expect(blocked).toBe(429);
  });

  it('counts views of the same unknown id, one after another, once', async () => {
    const address = '10.26.4.2';
    for (let view = 0; view < 10; view++) {
      expect(await trackerView('demo-other', address)).toEqual([403, 403, 403]);
    }
    // Still LIMIT - 1 guesses left for new ids.
    for (const guess of ['guess-0011', 'guess-0012']) {
      expect((await trackerView(guess, address))[0]).toBe(401);
    }
    expect((await trackerView('guess-0013', address))[0]).toBe(429);
  });
});

describe('an address blocked for guessing', () => {
  it("keeps answering the accounts it already had looked up, on every screen's calls", async () => {
    const office = '10.26.4.3';
    // A customer opens their Tracker; then others behind the same address try ids that do not exist.
    expect(await trackerView('demo-home', office)).toEqual([200, 200, 204]);
    for (let guess = 0; guess < LIMIT * 5; guess++) {
      await trackerView(`guess-${String(100 + guess).padStart(4, '0')}`, office);
    }
    expect((await trackerView('guess-0999', office))[0]).toBe(429);
    // The customer's pages still load, every screen.
    const answers = await accountScreens('demo-home', office);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
  });

  it('still refuses new ids, valid or not, so that guessing finds nothing new', async () => {
    const guesser = '10.26.4.4';
    for (let guess = 0; guess < LIMIT; guess++) {
      expect((await trackerView(`miss-${String(guess).padStart(4, '0')}`, guesser))[0]).toBe(401);
    }
    // A valid id never looked up from here answers as an unknown one would: 429, nothing learned.
    for (const id of ['demo-solar', 'demo-business', 'no-such-one']) {
      const answer = await t.app.inject({
        url: '/api/tracker/usage',
        query: { account_id: id },
        remoteAddress: guesser,
      });
      expect(answer.statusCode, id).toBe(429);
    }
    // Asking again for an id that already failed is answered as before, and buys no new guess.
    const again = await t.app.inject({
      url: '/api/tracker/usage',
      query: { account_id: 'miss-0000' },
      remoteAddress: guesser,
    });
    expect(again.statusCode).toBe(401);
    const next = await t.app.inject({
      url: '/api/tracker/usage',
      query: { account_id: 'miss-0100' },
      remoteAddress: guesser,
    });
    expect(next.statusCode).toBe(429);
  });

  it('lets through an account whose signed email link was followed from the address', async () => {
    const carrier = '10.26.4.5';
    for (let guess = 0; guess < LIMIT; guess++) {
      await trackerView(`nat-${String(guess).padStart(4, '0')}`, carrier);
    }
    expect((await trackerView('demo-happy', carrier))[0]).toBe(429);
    const secret = await linkSecret(t.db, t.config);
    const token = signLink(secret, { k: 'click', a: 'demo-happy', p: '/new/usage/demo-happy' });
    const click = await t.app.inject({
      url: '/api/email/click',
      query: { t: token },
      remoteAddress: carrier,
    });
    expect(click.statusCode).toBe(302);
    expect(await trackerView('demo-happy', carrier)).toEqual([200, 200, 204]);
    // Another address's email link does not open this one's block for other accounts.
    expect((await trackerView('demo-solar', carrier))[0]).toBe(429);
  });

  it('says why, and for how long, in the 429', async () => {
    const address = '10.26.4.6';
    for (let guess = 0; guess < LIMIT; guess++) {
      await trackerView(`why-${String(guess).padStart(4, '0')}`, address);
    }
    const blocked = await t.app.inject({
      url: '/api/tracker/usage',
      query: { account_id: 'why-0100' },
      remoteAddress: address,
    });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(blocked.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: formatMessage(messages.lookUpsLimited, { wait: waitText(retryAfter) }),
      },
    });
    expect(blocked.json().error.message).toBe(
      'Too many unknown account links have been tried from your internet connection. Please try again in 10 minutes, or use the link in your latest Tracker email.',
    );
  });
});
