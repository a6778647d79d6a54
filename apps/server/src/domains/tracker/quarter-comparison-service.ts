/**
 * Reads what `compareQuarter` needs (issue 28 item 2): the account's priced days of last year's quarter and of
 * this quarter so far, current first, and the quarter's forecast for its projected total.
 */
import type { QuarterComparison } from '@portal/contracts';
import type { Database } from '../../db/index.ts';
import { readTogether } from '../../db/read-together.ts';
import type { AccountRow } from '../../db/schema.ts';
import { storedDays } from '../billing/priced-days-reads.ts';
import { type ComparedDay, compareQuarter, comparisonReadRanges } from './quarter-comparison.ts';
import { forecastFor, usageSourceOf } from './usage-service.ts';

export async function quarterComparisonFor(
  db: Database,
  account: AccountRow,
  today: string,
): Promise<QuarterComparison> {
  await usageSourceOf(db, account.id);
  const [lastYear, thisYear] = comparisonReadRanges(today);
  const [older, recent, forecast] = await readTogether(db, [
    () => storedDays(db, account, lastYear.from, lastYear.to),
    () => storedDays(db, account, thisYear.from, thisYear.to),
    () => forecastFor(db, account, today),
  ]);
  const days = new Map<string, ComparedDay>();
  for (const day of [...older, ...recent]) {
    if (day.spend && day.date < today) days.set(day.date, { spend: day.spend, waived: day.waived });
  }
  return compareQuarter({
    today,
    supply: { from: account.supplyFrom, to: account.supplyTo },
    days,
    projectedTotal: forecast.projected_total,
  });
}
