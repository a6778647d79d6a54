/**
 * A data page's document carries its first screen's answers (issue 32, decision 0045): the same answers, byte for
 * byte in JSON, that the browser would get from the calls, refusals included; made with the page request's client
 * address, so a guess is counted once and a limit applies as it would to the call; none for a page without data,
 * nor for a base the web app sends elsewhere.
 */

import zlib from 'node:zlib';
import {
  callKey,
  endpointPath,
  endpoints,
  FIRST_SCREEN_ANSWERS_ELEMENT_ID,
  type InlinedAnswers,
  messages,
  weekStart,
} from '@portal/contracts';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { servedHere } from '../../src/plugins/first-screen-answers.ts';
import { jsonScriptElement } from '../../src/plugins/web.ts';
import { buildTestApp, testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';
import { createWebDist } from '../helpers/web-dist.ts';

const web = createWebDist();
const t = testAppForFile({
  WEB_DIST_DIR: web.dir,
  ACCOUNT_LOOKUP_FAILURES: '2',
  ACCOUNT_LOOKUP_WINDOW_SECONDS: '600',
});
afterAll(() => web.remove());

const page = (url: string, remoteAddress = '10.9.0.1') => t.app.inject({ method: 'GET', url, remoteAddress });

function answersIn(html: string): InlinedAnswers | undefined {
  const json = html.match(
    new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ELEMENT_ID}">(.*?)</script>`),
  )?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as InlinedAnswers);
}

describe("a data page's document", () => {
  it("carries the Tracker's week as the usage call answers it, for the customer's browser only", async () => {
    const week = weekStart(suiteToday());
    const response = await page('/new/usage/demo-home');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const answers = answersIn(response.body);
    const key = callKey('api', endpointPath(endpoints.usage), { account_id: 'demo-home', from: week });
    const similar = callKey('api', endpointPath(endpoints.similarHomes), { account_id: 'demo-home' });
    expect(Object.keys(answers ?? {}).sort()).toEqual([similar, key].sort());
    const call = await t.app.inject({
      method: 'GET',
      url: `/api/tracker/usage?account_id=demo-home&from=${week}`,
    });
    expect(answers?.[key]).toEqual({ status: 200, body: call.json() });
  });

  it.each([
    ['50', 'not answered until the page is', 'goes without them: the browser asks', 0],
    ['5000', 'answered in 300 ms', 'waits for them', 2],
  ])('with FIRST_SCREEN_WAIT_MS=%s and its calls %s, %s', async (wait, _, __, carried) => {
    const slow = await buildTestApp({ WEB_DIST_DIR: web.dir, FIRST_SCREEN_WAIT_MS: wait });
    // Held until the page is answered, not for a time: a time raced the wait on a loaded machine.
    let pageAnswered = () => {};
    const answered = new Promise<void>((resolve) => {
      pageAnswered = resolve;
    });
    const calls: Promise<unknown>[] = [];
    try {
      // Every call the document sends is answered late; the page request itself is not.
      const inject = slow.app.inject.bind(slow.app);
      vi.spyOn(slow.app, 'inject').mockImplementation(((options: { url: string }) => {
        if (!options.url.startsWith('/api/')) return inject(options as never);
        const late = (wait === '50' ? answered : new Promise((resolve) => setTimeout(resolve, 300))).then(
          () => inject(options as never),
        );
        calls.push(late);
        return late;
      }) as never);
      const response = await inject({ method: 'GET', url: '/new/usage/demo-home' });
      pageAnswered();
      await Promise.allSettled(calls);
      expect(response.statusCode).toBe(200);
      expect(Object.keys(answersIn(response.body) ?? {})).toHaveLength(carried);
    } finally {
      vi.restoreAllMocks();
      await slow.close();
    }
  });

  it('names the week of the URL, any date of it', async () => {
    const answers = answersIn((await page('/new/usage/demo-home/2026-11-19/3')).body);
    expect(Object.keys(answers ?? {})).toContain(
      callKey('api', '/tracker/usage', { account_id: 'demo-home', from: '2026-11-16' }),
    );
  });

  it('carries the event list and then each listed event’s result, and the events to come', async () => {
    const answers = answersIn((await page('/ReduceAndReward/demo-home')).body) ?? {};
    const list = answers[callKey('reduceAndReward', '/tracker/dr_events', { account_id: 'demo-home' })];
    expect(list?.status).toBe(200);
    const ids = (
      (list?.body ?? { dr_events: [] }) as { dr_events: { dr_event: { id: number } }[] }
    ).dr_events.map(({ dr_event }) => dr_event.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const result =
        answers[
          callKey('reduceAndReward', '/dr_events/event_result', { account_id: 'demo-home', event_id: id })
        ];
      expect(result?.status, `event ${id}`).toBe(200);
    }
    expect(
      answers[callKey('reduceAndReward', '/dr_events/upcoming', { account_id: 'demo-home' })]?.status,
    ).toBe(200);
    expect(Object.keys(answers)).toHaveLength(ids.length + 2);
  });

  it("carries a refusal as the call gives it, and counts the guess once, against the page's client", async () => {
    const address = '10.9.1.1';
    for (const guess of ['no-such-1', 'no-such-2']) {
      const answers = answersIn((await page(`/new/usage/${guess}`, address)).body) ?? {};
      const [answer] = Object.values(answers);
      expect(answer?.status).toBe(401);
      expect(answer?.body).toMatchObject({
        error: { code: 'UNKNOWN_ACCOUNT', message: messages.invalidAccountId },
      });
    }
    // Two guesses allowed: the third page's call is limited, as the third call would be; another client is not.
    const third = Object.values(answersIn((await page('/new/usage/no-such-3', address)).body) ?? {});
    expect(new Set(third.map((answer) => answer.status))).toEqual(new Set([429]));
    const other = Object.values(answersIn((await page('/new/usage/no-such-3', '10.9.1.2')).body) ?? {});
    expect(new Set(other.map((answer) => answer.status))).toEqual(new Set([401]));
  });

  it('carries nothing for a page without data, nor for HEAD', async () => {
    for (const url of ['/', '/new/feedback/demo-home', '/no/such/page', '/new/usage']) {
      const response = await page(url);
      expect(answersIn(response.body), url).toBeUndefined();
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/new/usage/demo-home' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });
});

describe('a page to a client that takes gzip, in production (decision 0050)', () => {
  it('is the same document as in plain text, the stored week joined in as its stored bytes', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production', WEB_DIST_DIR: web.dir });
    const request = (url: string, acceptEncoding: string) =>
      production.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': acceptEncoding },
        remoteAddress: '10.9.2.1',
      });
    try {
      const week = weekStart(suiteToday());
      for (const url of [
        '/new/usage/demo-home',
        `/new/usage/demo-happy/${week}/2`,
        '/new/usage/demo-solar/2026-09-09/3',
      ]) {
        // Twice: the first request builds and stores the week, the second sends it as stored.
        for (const round of ['built', 'stored']) {
          const plain = await request(url, 'identity');
          const zipped = await request(url, 'gzip, deflate, br, zstd');
          expect(zipped.statusCode, `${url} ${round}`).toBe(200);
          expect(zipped.headers['content-encoding'], `${url} ${round}`).toBe('gzip');
          expect(zipped.headers['cache-control']).toBe('private, no-store');
          expect(zipped.headers.vary).toMatch(/accept-encoding/i);
          expect(plain.headers['content-encoding']).toBeUndefined();
          expect(answersIn(plain.body), url).toBeDefined();
          // gunzip checks the trailer's CRC-32 and length of the whole document.
          expect(zlib.gunzipSync(zipped.rawPayload).toString('utf8'), `${url} ${round}`).toBe(plain.body);
        }
      }
      // A page whose answers have no stored parts is compressed as any page is.
      const events = await request('/ReduceAndReward/demo-home', 'gzip, deflate, br');
      expect(events.headers['content-encoding']).toBe('br');
      expect(answersIn(zlib.brotliDecompressSync(events.rawPayload).toString('utf8'))).toBeDefined();
    } finally {
      await production.close();
    }
  });
});

describe('the JSON block', () => {
  it('cannot be ended early by any text in an answer, and reads back as the answer', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, text) => {
        const answer = { body: value, text: `${text}</script><script>alert(1)</script><!--` };
        const element = jsonScriptElement(FIRST_SCREEN_ANSWERS_ELEMENT_ID, answer);
        const inner = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
        expect(inner).not.toMatch(/<|>|&/);
        expect(JSON.parse(inner)).toEqual(JSON.parse(JSON.stringify(answer)));
      }),
    );
  });
});

describe('a base the web app sends elsewhere', () => {
  it("is left to the browser: the server answers only its own bases' calls", () => {
    const client = t.config.client;
    expect(servedHere(client, 'api')).toBe(true);
    expect(servedHere(client, 'reduceAndReward')).toBe(true);
    expect(
      servedHere(
        { ...client, reduceAndRewardBase: 'https://rewards.example.com/reduce_and_reward' },
        'reduceAndReward',
      ),
    ).toBe(false);
    expect(servedHere({ ...client, apiBase: '/api/' }, 'api')).toBe(true);
  });
});
