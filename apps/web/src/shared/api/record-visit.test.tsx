import type { PageName } from '@portal/contracts';
import { webInteractionSchema } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app.tsx';
import { configWith, noContentFetch, testConfig } from '../../test/fixtures.ts';
import { useVisitRecord } from './record-visit.ts';

function Visit({ page, accountId }: { page: PageName; accountId?: string | null }) {
  useVisitRecord(page, accountId);
  return null;
}

function renderVisit(page: PageName, accountId?: string | null, config = testConfig) {
  return render(
    <StrictMode>
      <AppProviders config={config} queryClient={new QueryClient()}>
        <Visit page={page} accountId={accountId} />
      </AppProviders>
    </StrictMode>,
  );
}

/** Lets pending promises (the fire-and-forget request) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('useVisitRecord', () => {
  let fetchMock: ReturnType<typeof noContentFetch>;
  beforeEach(() => {
    fetchMock = noContentFetch();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('posts the visit record of docs/api.md#entities to the API base once, even in StrictMode', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T01:02:03.456Z'));
    renderVisit('week_view', 'demo-home');
    vi.useRealTimers();
    // The record is sent from the effect itself, before any await: once render has run both of StrictMode's
    // effects, every call there will be is made. Counted now, not after a wait that a later call could outlast.
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/web_interactions');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    const body = JSON.parse(String(init?.body));
    expect(body).toEqual({
      type: 'tracker_ui_visit',
      source: 'trust',
      account_identifier: 'demo-home',
      page_name: 'week_view',
      url: window.location.href,
      additional_data: { event_time: '2026-03-04T01:02:03.456Z' },
    });
    expect(webInteractionSchema.safeParse(body).success).toBe(true);
  });

  it('sends a null account for the landing screen, to the configured base', async () => {
    renderVisit('landing', null, configWith({ apiBase: 'https://api.example/api/' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example/api/web_interactions');
    expect(JSON.parse(String(init?.body))).toMatchObject({ page_name: 'landing', account_identifier: null });
  });

  it('records again when the same screen shows another account', async () => {
    const { rerender } = renderVisit('settings', 'demo-home');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    rerender(
      <StrictMode>
        <AppProviders config={testConfig} queryClient={new QueryClient()}>
          <Visit page="settings" accountId="demo-solar" />
        </AppProviders>
      </StrictMode>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body)).account_identifier).toBe('demo-solar');
  });

  it('ignores failures: no alert, no console output, no unhandled rejection', async () => {
    const failing = vi.fn(
      async () => new Response('{"error":{"code":"RATE_LIMITED","message":"Slow down"}}', { status: 429 }),
    );
    vi.stubGlobal('fetch', failing);
    renderVisit('feedback', 'demo-home');
    await waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    await settle();

    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', offline);
    renderVisit('day_view', 'demo-home');
    await waitFor(() => expect(offline).toHaveBeenCalledTimes(1));
    await settle();
  });

  it('sends nothing the server would reject (a malformed account id)', async () => {
    renderVisit('week_view', 'not a valid id!');
    // Refused before any await (see the first test): nothing was sent, and nothing will be.
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
