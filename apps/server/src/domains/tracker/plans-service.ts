/**
 * GET /api/tracker/plans (issue 17, docs/plans.md): loads an account's last 12 months of reads, its plan today,
 * its Happy Hours history and the plans on offer, and compares them (`plans.ts`). The answer is kept per
 * process for the account's usage version (decision 0019: raised by every change of its reads, tariffs or
 * Happy Hours slots), the day, and the plans on offer, so that a second view costs a read of the version.
 */
import {
  addDays,
  marketToday,
  PLAN_YEAR_DAYS,
  type PlansResponse,
  planMethodText,
  planNotEnoughDataText,
  type Tariff,
} from '@portal/contracts';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/index.ts';
import { readTogether } from '../../db/read-together.ts';
import type { AccountRow } from '../../db/schema.ts';
import { slotHistory } from '../billing/slot-histories.ts';
import type { ChannelDay } from '../billing/spend.ts';
import { freeWindowsOn, tariffForDay } from '../billing/tariff.ts';
import { listOffers, tariffAssignmentsOf } from '../billing/tariff-store.ts';
import { energyReadsOf } from '../meter-data/queries.ts';
import { betterOfferOf, comparePlans, isOpenTo, type PlanDay } from './plans.ts';
import { usageSourceOf } from './usage-service.ts';

interface CachedPlans {
  key: string;
  response: PlansResponse;
}

/** Plans answers by account, each with the key it was computed for (`plansFor`). */
export type PlansCache = LRUCache<string, CachedPlans>;

/**
 * A cache of plans answers in `bytes` (an eighth of them: an answer is 2-4 KB of JSON, so that holds many
 * accounts'); none for 0. One per app (tracker/routes.ts, from `USAGE_CACHE_MB`) and one per mailing run, never
 * a module's: two apps in one process (the tests, a command inside the server) must not answer from each other's
 * data (issue 31 item 5, decision 0036).
 */
export function createPlansCache(bytes: number): PlansCache | null {
  return bytes > 0
    ? new LRUCache<string, CachedPlans>({
        maxSize: Math.max(1, Math.floor(bytes / 8)),
        sizeCalculation: (entry) => JSON.stringify(entry.response).length + entry.key.length,
      })
    : null;
}

/** The 12 months compared: the PLAN_YEAR_DAYS days up to yesterday. */
export function planPeriod(today: string) {
  return { from: addDays(today, -PLAN_YEAR_DAYS), to: addDays(today, -1) };
}

/** The account's reads of the period, a day at a time, with the Happy Hours windows in force each day. */
async function planDays(db: Database, account: AccountRow, from: string, to: string) {
  const [reads, slots] = await readTogether(db, [
    () => energyReadsOf(db, account, from, to),
    () => slotHistory(db, account.id),
  ]);
  const days: PlanDay[] = [];
  const importSuffixes = new Set<string>();
  let hasSolar = false;
  let day: PlanDay | null = null;
  for (const read of reads) {
    if (!day || day.date !== read.readDate) {
      day = { date: read.readDate, channels: [], freeWindows: freeWindowsOn(slots, read.readDate) };
      days.push(day);
    }
    const channel: ChannelDay = {
      suffix: read.suffix,
      kind: read.kind as ChannelDay['kind'],
      intervalMinutes: read.intervalMinutes,
      values: read.intervalValues,
      quality: read.quality,
    };
    (day.channels as ChannelDay[]).push(channel);
    if (channel.kind === 'import') importSuffixes.add(channel.suffix);
    if (channel.kind === 'export') hasSolar = true;
  }
  return { days, importSuffixes, hasSolar };
}

/**
 * The plans answer for an account, from `cache` (when given) while its usage version and the plans on offer stand.
 */
export async function plansFor(
  db: Database,
  account: AccountRow,
  minSaving: number,
  options: { today?: string; cache?: PlansCache | null } = {},
): Promise<PlansResponse> {
  const { today = marketToday(), cache } = options;
  const [source, offers, assignments] = await readTogether(db, [
    () => usageSourceOf(db, account.id),
    () => listOffers(db),
    () => tariffAssignmentsOf(db, account.id),
  ]);
  const current = tariffForDay(assignments, today);
  const key = [
    source.version,
    today,
    minSaving,
    current?.code ?? '',
    ...offers.map((offer) => `${offer.code}@${offer.updatedAt}`),
  ].join('|');
  const cached = cache?.get(account.id);
  if (cached?.key === key) return cached.response;

  const { from, to } = planPeriod(today);
  const { days, importSuffixes, hasSolar } = await planDays(db, account, from, to);
  const customer = { segment: account.marketSegment, hasSolar, importSuffixes };
  const plans: Tariff[] = offers
    .map((offer) => offer.tariff)
    .filter((tariff) => isOpenTo(tariff, customer) && tariff.code !== current?.code);
  if (current) plans.unshift(current);
  const comparison = comparePlans({
    days,
    plans,
    currentCode: current?.code ?? null,
  });
  const response: PlansResponse = {
    account_id: account.publicId,
    from,
    to,
    days_with_data: comparison.daysWithData,
    scaled: comparison.scaled,
    enough_data: comparison.enoughData,
    method: comparison.enoughData
      ? planMethodText(comparison.daysWithData)
      : planNotEnoughDataText(comparison.daysWithData),
    gst_included: true,
    plans: comparison.plans,
    // Nothing is offered to a customer whose supply here has ended (decision 0034): the plans stay to compare.
    better_offer:
      account.supplyTo !== null && account.supplyTo < today
        ? null
        : betterOfferOf(comparison.plans, minSaving),
    min_saving: minSaving,
  };
  cache?.set(account.id, { key, response });
  return response;
}
