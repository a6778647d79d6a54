import { type DaytimeSaverParticipant, endpoints, messages, type Subscription } from '@portal/contracts';
import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { testConfig } from '../../test/fixtures.ts';
import {
  ApiError,
  apiCall,
  apiRequest,
  buildApiUrl,
  createApiClient,
  isAbortError,
  rateLimitMessage,
} from './api-client.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('buildApiUrl', () => {
  it('joins the chosen base, the path and the defined query parameters', () => {
    expect(
      buildApiUrl(testConfig, 'api', '/tracker/usage', { account_id: 'demo-home', from: '2026-03-02' }),
    ).toBe('/api/tracker/usage?account_id=demo-home&from=2026-03-02');
    expect(
      buildApiUrl(testConfig, 'reduceAndReward', '/tracker/dr_events', { account_id: 'a b', x: null }),
    ).toBe('/reduce_and_reward/tracker/dr_events?account_id=a+b');
    expect(
      buildApiUrl(
        { ...testConfig, innovativeBillingBase: 'https://billing.example/ib/' },
        'innovativeBilling',
        'product_configs/DaytimeSaver',
        {
          client_code: 'BRIGHTSIDE',
          missing: undefined,
        },
      ),
    ).toBe('https://billing.example/ib/product_configs/DaytimeSaver?client_code=BRIGHTSIDE');
  });
});

describe('apiRequest', () => {
  let fetchMock: ReturnType<
    typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>
  >;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('sends a JSON body with the method and answers the parsed JSON', async () => {
    fetchMock.mockResolvedValue(json({ subscribed: true }));
    const answer = await apiRequest(testConfig, {
      method: 'POST',
      path: '/tracker/subscription',
      body: { account_id: 'demo-home', data: { subscribed: true } },
    });
    expect(answer).toEqual({ subscribed: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/tracker/subscription');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"account_id":"demo-home","data":{"subscribed":true}}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('passes the HTTP cache mode only when asked', async () => {
    fetchMock.mockImplementation(async () => json({}));
    await apiRequest(testConfig, { path: '/tracker/usage', cache: 'no-cache' });
    await apiRequest(testConfig, { path: '/tracker/usage' });
    expect(fetchMock.mock.calls.map(([, init]) => init?.cache)).toEqual(['no-cache', undefined]);
  });

  it('answers undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      apiRequest(testConfig, { method: 'POST', path: '/web_interactions', body: {} }),
    ).resolves.toBeUndefined();
  });

  it('refuses a GET answered without a body: a query never resolves to nothing', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const answer = apiRequest(testConfig, { path: '/tracker/subscription' });
    await expect(answer).rejects.toBeInstanceOf(ApiError);
    await expect(answer).rejects.toThrow('GET /tracker/subscription answered 204 without a body');
  });

  it('validates the answer with a schema when given one', async () => {
    fetchMock.mockResolvedValue(json({ opted_in: 'yes' }));
    const schema = {
      parse(data: unknown) {
        const value = (data as { opted_in: unknown }).opted_in;
        if (typeof value !== 'boolean') throw new Error('opted_in must be a boolean');
        return { opted_in: value };
      },
    };
    await expect(apiRequest(testConfig, { base: 'innovativeBilling', path: '/x', schema })).rejects.toThrow(
      'opted_in must be a boolean',
    );
  });

  it("throws an ApiError with the status and the server's error code and message", async () => {
    fetchMock.mockResolvedValue(
      json(
        { error: { code: 'WRONG_PROVIDER', message: 'This account does not belong to this provider' } },
        403,
      ),
    );
    const error = await apiRequest(testConfig, { path: '/tracker/usage' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'WRONG_PROVIDER',
      serverMessage: 'This account does not belong to this provider',
      message: 'This account does not belong to this provider',
    });
  });

  it('throws an ApiError with only the status when the body is not the error shape', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await apiRequest(testConfig, { path: '/tracker/usage' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: undefined, serverMessage: undefined });
    expect((error as Error).message).toBe('GET /tracker/usage answered 502 Bad Gateway');
  });

  it('reports 304 Not Modified (a repeated sign-up) as an ApiError with status 304', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 304 }));
    await expect(
      apiRequest(testConfig, { method: 'POST', path: '/x', base: 'innovativeBilling' }),
    ).rejects.toMatchObject({
      status: 304,
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest(testConfig, { path: '/tracker/usage' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
    });
  });

  it('passes a canceled request through as an AbortError, which callers ignore', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async (_url, init) => {
      init?.signal?.throwIfAborted();
      return json({});
    });
    controller.abort();
    const error = await apiRequest(testConfig, { path: '/tracker/usage', signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect(isAbortError(error)).toBe(true);
    expect(isAbortError(new ApiError(500, 'x'))).toBe(false);
  });
});

describe('apiCall: an entry of the endpoint registry (docs/decisions/0025)', () => {
  let fetchMock: ReturnType<
    typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>
  >;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  it("sends the entry's method to its base and path, the params percent-encoded into the path", async () => {
    fetchMock.mockResolvedValue(json({ opted_in: false }));
    const bases = { ...testConfig, innovativeBillingBase: 'https://billing.example/ib' };
    const body = { client_code: 'BRIGHTSIDE', account_identifier: 'a/b c' };
    await apiCall(bases, endpoints.hereForYouOptOut, { params: { accountId: 'a/b c' }, body });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://billing.example/ib/here_for_you_participants/a%2Fb%20c/opt_out');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify(body));
  });

  it('sends the query and the request options, and answers the parsed JSON', async () => {
    fetchMock.mockResolvedValue(json({ subscribed: true, type: 'Weekly', next_mailing_date: null }));
    const api = createApiClient(testConfig);
    const answer = await api.call(endpoints.subscription, {
      query: { account_id: 'demo-home' },
      cache: 'no-cache',
    });
    expectTypeOf(answer).toEqualTypeOf<Subscription>();
    expect(answer).toEqual({ subscribed: true, type: 'Weekly', next_mailing_date: null });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/tracker/subscription?account_id=demo-home');
    expect(init?.method).toBe('GET');
    expect(init?.cache).toBe('no-cache');
  });

  it('types the call by the entry: the answer is inferred, the parts it declares are required', async () => {
    fetchMock.mockImplementation(async () => json({ opted_in: true, time_slot: null }));
    const api = createApiClient(testConfig);
    const participant = api.call(endpoints.happyHoursParticipant, {
      params: { accountId: 'demo-happy' },
      query: { client_code: 'BRIGHTSIDE' },
    });
    expectTypeOf(participant).toEqualTypeOf<Promise<DaytimeSaverParticipant>>();
    await participant;
    await expect(
      // @ts-expect-error: the path parameter is missing.
      api.call(endpoints.happyHoursParticipant, { query: { client_code: 'BRIGHTSIDE' } }),
    ).rejects.toThrow('/daytime_saver_participants/{accountId}: no value for {accountId}');
    // @ts-expect-error: the usage call takes no body.
    await api.call(endpoints.usage, { query: { account_id: 'demo-home' }, body: {} });
    // @ts-expect-error: the budget is a number of dollars.
    await api.call(endpoints.spendTarget, { query: { account_id: 'x' }, body: { spend_target: '40' } });
    // The health check needs nothing.
    await api.call(endpoints.health);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/innovative_billing/daytime_saver_participants/demo-happy?client_code=BRIGHTSIDE',
      '/api/tracker/usage?account_id=demo-home',
      '/api/settings/spend_target?account_id=x',
      '/api/health',
    ]);
  });
});

describe('rateLimitMessage', () => {
  it("says the server's 429 message, a generic one for another's 429, and nothing for other failures", () => {
    const said =
      'Too many unknown account links have been tried from your internet connection. Please try again in 9 minutes, or use the link in your latest Tracker email.';
    expect(rateLimitMessage(new ApiError(429, said, { code: 'RATE_LIMITED', serverMessage: said }))).toBe(
      said,
    );
    expect(rateLimitMessage(new ApiError(429, 'GET /x answered 429'))).toBe(messages.rateLimited);
    for (const status of [0, 401, 403, 422, 500, 503]) {
      expect(rateLimitMessage(new ApiError(status, 'failed')), String(status)).toBeUndefined();
    }
    expect(rateLimitMessage(new Error('not an answer'))).toBeUndefined();
  });
});
