import {
  callKey,
  endpointPath,
  endpoints,
  FIRST_SCREEN_ANSWERS_ELEMENT_ID,
  messages,
} from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/fixtures.ts';
import { ApiError, apiCall } from './api-client.ts';
import { documentOpenedAt, FIRST_SCREEN_ANSWERS_MS, firstScreenAnswer } from './first-screen-answers.ts';

const usageKey = callKey('api', endpointPath(endpoints.usage), {
  from: '2026-11-16',
  account_id: 'demo-home',
});
const week = { customer: { budget: 40 }, current_week: { intervals: [] } };
const similarKey = callKey('api', endpointPath(endpoints.similarHomes), { account_id: 'demo-home' });
const similar = { status: 'no_profile', survey_path: '/new/survey/demo-home' };

/** A document as the server sends a data page: its first screen's answers in their block. */
function documentWith(answers: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const element = doc.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_SCREEN_ANSWERS_ELEMENT_ID;
  element.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  doc.head.append(element);
  // Opened now: the worker that builds it may have lived longer than the answers stand (issue 40).
  documentOpenedAt(doc);
  return doc;
}

describe("the document's first-screen answers", () => {
  it('answer their call, whatever the order of the query, and no other', () => {
    const doc = documentWith({ [usageKey]: { status: 200, body: week } });
    const key = callKey('api', '/tracker/usage', { account_id: 'demo-home', from: '2026-11-16' });
    expect(firstScreenAnswer(key, doc, 10)).toEqual({ status: 200, body: week });
    expect(firstScreenAnswer(key, doc, 10)).toEqual({ status: 200, body: week });
    expect(firstScreenAnswer(key.replace('demo-home', 'demo-happy'), doc, 10)).toBeUndefined();
    expect(firstScreenAnswer('toString', doc, 10)).toBeUndefined();
  });

  it('stand for no request made later than their time, nor in a document without them or with a broken block', () => {
    expect(
      firstScreenAnswer(
        usageKey,
        documentWith({ [usageKey]: { status: 200, body: week } }),
        FIRST_SCREEN_ANSWERS_MS + 1,
      ),
    ).toBeUndefined();
    expect(firstScreenAnswer(usageKey, document.implementation.createHTMLDocument('x'), 0)).toBeUndefined();
    expect(firstScreenAnswer(usageKey, documentWith('{"broken'), 0)).toBeUndefined();
  });
});

describe("the document's age", () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts from when the document was opened, not from when the process started', () => {
    // A worker that has run tests for ten minutes before this document was opened.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(600_000);
    const doc = documentWith({ [usageKey]: { status: 200, body: week } });
    clock.mockReturnValue(600_000 + FIRST_SCREEN_ANSWERS_MS);
    expect(firstScreenAnswer(usageKey, doc)).toEqual({ status: 200, body: week });
    clock.mockReturnValue(600_000 + FIRST_SCREEN_ANSWERS_MS + 1);
    expect(firstScreenAnswer(usageKey, doc)).toBeUndefined();
  });

  it("counts a page's own document from the clock's origin, its navigation start", () => {
    const doc = document.implementation.createHTMLDocument('page');
    const element = doc.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_SCREEN_ANSWERS_ELEMENT_ID;
    element.textContent = JSON.stringify({ [usageKey]: { status: 200, body: week } });
    doc.head.append(element);
    const clock = vi.spyOn(performance, 'now').mockReturnValue(FIRST_SCREEN_ANSWERS_MS);
    expect(firstScreenAnswer(usageKey, doc)).toEqual({ status: 200, body: week });
    clock.mockReturnValue(FIRST_SCREEN_ANSWERS_MS + 1);
    expect(firstScreenAnswer(usageKey, doc)).toBeUndefined();
  });
});

describe('the fetch wrapper with answers in the document', () => {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  let doc: Document;
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ ...week, from: 'network' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    doc = documentWith({
      [usageKey]: { status: 200, body: week },
      [similarKey]: { status: 200, body: similar },
      [callKey('api', '/tracker/usage', { account_id: 'no-such', from: '2026-11-16' })]: {
        status: 401,
        body: { error: { code: 'UNKNOWN_ACCOUNT', message: messages.invalidAccountId } },
      },
    });
    vi.stubGlobal('document', doc);
  });
  afterEach(() => vi.unstubAllGlobals());

  const usage = (accountId: string) =>
    apiCall(testConfig, endpoints.usage, { query: { account_id: accountId, from: '2026-11-16' } });

  it("answers the first screen's calls from the document, and others from the network", async () => {
    expect(await usage('demo-home')).toEqual(week);
    expect(await usage('demo-home')).toEqual(week);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await usage('demo-happy')).toEqual({ ...week, from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("turns a carried refusal into the call's error, with the server's message", async () => {
    const error = await usage('no-such').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'UNKNOWN_ACCOUNT',
      serverMessage: messages.invalidAccountId,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps them while only a visit record is sent, which changes nothing a screen shows', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await apiCall(testConfig, endpoints.webInteraction, {
      body: { account_identifier: 'demo-home', url: '/new/usage/demo-home', interaction_type: 'week_view' },
      keepalive: true,
    } as never);
    expect(await usage('demo-home')).toEqual(week);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('forgets only the weeks once the Solar Advantage welcome is recorded as seen: it changes nothing else', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await apiCall(testConfig, endpoints.solarWelcome, { query: { account_id: 'demo-home' } });
    expect(await apiCall(testConfig, endpoints.similarHomes, { query: { account_id: 'demo-home' } })).toEqual(
      similar,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await usage('demo-home')).toEqual({ ...week, from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('forgets every answer once the customer sends a change', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await apiCall(testConfig, endpoints.spendTarget, {
      query: { account_id: 'demo-home' },
      body: { spend_target: 50 },
    });
    expect(await usage('demo-home')).toEqual({ ...week, from: 'network' });
    expect(await apiCall(testConfig, endpoints.similarHomes, { query: { account_id: 'demo-home' } })).toEqual(
      {
        ...week,
        from: 'network',
      },
    );
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
