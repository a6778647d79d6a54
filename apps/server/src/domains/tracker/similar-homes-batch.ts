/**
 * `portal insights similar-homes` (issue 28 item 3): compares every account with the homes like it over the
 * last 4 complete weeks (similar-homes.ts) and stores one row per account (`similar_homes`), which the Tracker's
 * request reads as it is. Idempotent (the same data gives the same rows), safe while the portal serves (rows
 * are replaced in short transactions, each row whole), and reads the priced days in one aggregate.
 */
import { addDays, weekStart as mondayOf, paths, type SimilarHomes } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { excludedValues } from '../../db/excluded.ts';
import type { Database } from '../../db/index.ts';
import { similarHomes } from '../../db/schema/insights.ts';
import type { AccountRow } from '../../db/schema.ts';
import { ensurePriced } from '../billing/pricing.ts';
import { compareSimilarHomes, type HomeUsage } from './similar-homes.ts';

const ROWS_PER_BATCH = 500;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The 4 complete weeks before this week: Monday 4 weeks ago to last Sunday. */
export function similarHomesPeriod(today: string): { from: string; to: string } {
  const monday = mondayOf(today);
  return { from: addDays(monday, -28), to: addDays(monday, -1) };
}

export interface SimilarHomesSummary {
  accounts: number;
  compared: number;
  small_group: number;
  no_group: number;
  not_enough_data: number;
  no_profile: number;
  period_from: string;
  period_to: string;
}

async function homesOf(db: Database, from: string, to: string): Promise<HomeUsage[]> {
  const rows = rowsOf<{
    account_id: string;
    client_code: string;
    segment: 'residential' | 'sme';
    answers: Record<string, unknown> | string | null;
    days: string | number;
    usage: string | number;
  }>(
    await db.execute(sql`
      select a.id as account_id, a.client_code, a.market_segment as segment, p.answers,
        coalesce(u.days, 0) as days, coalesce(u.usage, 0) as usage
      from accounts a
      left join lateral (
        select answers from profiles where account_id = a.id order by submitted_at desc, id desc limit 1
      ) p on true
      left join (
        select account_id, count(*) as days, sum(usage_micro_kwh) as usage
        from priced_days
        where market_date between ${from} and ${to} and usage_micro_kwh is not null
        group by account_id
      ) u on u.account_id = a.id
      order by a.id`),
  );
  return rows.map((row) => ({
    accountId: row.account_id,
    clientCode: row.client_code,
    segment: row.segment,
    answers:
      typeof row.answers === 'string' ? (JSON.parse(row.answers) as Record<string, unknown>) : row.answers,
    daysWithData: Number(row.days),
    usageMicroKwh: Number(row.usage),
  }));
}

export async function runSimilarHomes(
  db: Database,
  options: { today: string; onProgress?: (done: number, total: number) => void },
): Promise<SimilarHomesSummary> {
  const period = similarHomesPeriod(options.today);
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from accounts`)).map((row) => row.id);
  // The readers' safety net: days a writer outside the portal left stale are priced first.
  await ensurePriced(db, ids);
  const homes = await homesOf(db, period.from, period.to);
  const results = compareSimilarHomes(homes);
  const summary: SimilarHomesSummary = {
    accounts: homes.length,
    compared: 0,
    small_group: 0,
    no_group: 0,
    not_enough_data: 0,
    no_profile: 0,
    period_from: period.from,
    period_to: period.to,
  };
  const entries = [...results];
  options.onProgress?.(0, entries.length);
  for (let start = 0; start < entries.length; start += ROWS_PER_BATCH) {
    const rows = entries.slice(start, start + ROWS_PER_BATCH).map(([accountId, result]) => {
      summary[result.status]++;
      return {
        accountId,
        periodFrom: period.from,
        periodTo: period.to,
        status: result.status,
        groupKey: result.groupKey,
        ownKwhPerDay: result.ownKwhPerDay,
        medianKwhPerDay: result.medianKwhPerDay,
        efficientKwhPerDay: result.efficientKwhPerDay,
        homes: result.homes,
        rating: result.rating,
      };
    });
    await db
      .insert(similarHomes)
      .values(rows)
      .onConflictDoUpdate({
        target: similarHomes.accountId,
        set: {
          ...excludedValues(similarHomes, [
            'periodFrom',
            'periodTo',
            'status',
            'groupKey',
            'ownKwhPerDay',
            'medianKwhPerDay',
            'efficientKwhPerDay',
            'homes',
            'rating',
          ]),
          computedAt: sql`now()`,
        },
      });
    options.onProgress?.(Math.min(start + ROWS_PER_BATCH, entries.length), entries.length);
  }
  return summary;
}

/**
 * The account's comparison as the Tracker shows it: one row read. An account that has not answered the survey
 * is invited to (its segment's survey); one that answered since the last batch waits for the next.
 */
export async function similarHomesFor(db: Database, account: AccountRow): Promise<SimilarHomes> {
  const surveyPath =
    account.marketSegment === 'sme'
      ? paths.smeSurvey.href(account.publicId)
      : paths.survey.href(account.publicId);
  const none = {
    period_from: null,
    period_to: null,
    own_kwh_per_day: null,
    median_kwh_per_day: null,
    efficient_kwh_per_day: null,
    homes: null,
    rating: null,
    computed_at: null,
  };
  if (!account.completedSurvey) return { status: 'no_profile', ...none, survey_path: surveyPath };
  const [row] = await db.select().from(similarHomes).where(eq(similarHomes.accountId, account.id));
  if (!row || row.status === 'no_profile') return { status: 'pending', ...none, survey_path: null };
  const compared = row.status === 'compared';
  return {
    status: row.status as SimilarHomes['status'],
    period_from: row.periodFrom,
    period_to: row.periodTo,
    own_kwh_per_day: row.ownKwhPerDay === null ? null : Number(row.ownKwhPerDay),
    median_kwh_per_day: compared ? Number(row.medianKwhPerDay) : null,
    efficient_kwh_per_day: compared ? Number(row.efficientKwhPerDay) : null,
    homes: compared ? row.homes : null,
    rating: compared ? (row.rating as SimilarHomes['rating']) : null,
    survey_path: null,
    computed_at: row.computedAt.toISOString(),
  };
}
