/**
 * Visit records (spec §3 web interaction record, §7 POST /api/web_interactions): sent when a customer opens
 * the landing, week view, day view, settings or feedback screen. Fire and forget: a lost record is never
 * worth bothering the customer, so failures are swallowed.
 */
import { type PageName, type WebInteraction, webInteractionSchema } from '@portal/contracts';
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

/** Posts a visit record; resolves whether or not it arrived, and sends nothing the server would reject. */
export async function recordVisit(api: ApiClient, record: WebInteraction): Promise<void> {
  const parsed = webInteractionSchema.safeParse(record);
  if (!parsed.success) return;
  try {
    await api.request({ method: 'POST', path: '/web_interactions', body: parsed.data, keepalive: true });
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
