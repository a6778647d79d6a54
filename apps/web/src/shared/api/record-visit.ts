/**
 * Visit records (docs/api.md#entities web interaction record, docs/api.md#calls POST /api/web_interactions): sent when a customer opens
 * the landing, week view, day view, settings or feedback screen. Fire and forget: a lost record is never
 * worth bothering the customer, so failures are swallowed.
 */
import {
  endpoints,
  type PageName,
  PUBLIC_ID_PATTERN,
  VISIT_URL_MAX_LENGTH,
  type WebInteraction,
} from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { useApiClient } from '../hooks/use-api-client.ts';
import type { ApiClient } from '../lib/api-client.ts';

export function buildVisitRecord(
  pageName: PageName,
  accountId: string | null | undefined,
  url: string = window.location.href,
  now: Date = new Date(),
): WebInteraction {
  return {
    type: 'tracker_ui_visit',
    source: 'trust',
    account_identifier: accountId ?? null,
    page_name: pageName,
    url,
    additional_data: { event_time: now.toISOString() },
  };
}

/**
 * Posts a visit record; resolves whether or not it arrived. The record is typed by the contract; the two parts
 * that come from outside (the id in the address, the address itself) are checked with the contract's own
 * constants, so nothing is sent that the server would reject, without loading the schema library on first load.
 */
export async function recordVisit(api: ApiClient, record: WebInteraction): Promise<void> {
  const { account_identifier: accountId, url } = record;
  if (accountId != null && !PUBLIC_ID_PATTERN.test(accountId)) return;
  if (url.length > VISIT_URL_MAX_LENGTH) return;
  try {
    await api.call(endpoints.webInteraction, { body: record, keepalive: true });
  } catch {
    // Deliberately ignored (see above).
  }
}

/**
 * Records one visit per mount of a screen (and again if the screen is shown for another account or page).
 * The ref keeps React's StrictMode double effect from sending twice.
 */
export function useVisitRecord(pageName: PageName, accountId?: string | null): void {
  const api = useApiClient();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    const key = `${pageName}:${accountId ?? ''}`;
    if (recorded.current === key) return;
    recorded.current = key;
    void recordVisit(api, buildVisitRecord(pageName, accountId));
  }, [api, pageName, accountId]);
}
