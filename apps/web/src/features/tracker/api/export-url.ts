/** GET {apiBase}/tracker/export (docs/contracts.md): the CSV download link for a date range. */
import { daysBetween, EXPORT_MAX_DAYS, isMarketDate } from '@portal/contracts';
import { type ApiBases, buildApiUrl } from '../../../shared/lib/api-client.ts';

/** True when the server would accept the range: both dates valid, in order, at most 366 days inclusive. */
export function isValidExportRange(from: string, to: string): boolean {
  return isMarketDate(from) && isMarketDate(to) && from <= to && daysBetween(from, to) < EXPORT_MAX_DAYS;
}

export function exportHref(bases: ApiBases, accountId: string, from: string, to: string): string {
  return buildApiUrl(bases, 'api', '/tracker/export', { account_id: accountId, from, to });
}
