/**
 * The settlement rules of docs/reduce-and-reward.md, as pure functions (no I/O; unit-tested with hand-checked numbers):
 * an event's 30-minute net usage from stored reads, the baseline from the 10 most recent days of the same day
 * type, the target and the pass, and the ranks and credits across the event's accounts.
 *
 * Exact where it decides: energy stays in integer micro-kWh and the pass and the ranking compare integers
 * (bigint), so a result never hangs on floating-point rounding; kWh numbers are made only for display.
 */
import {
  addDays,
  BASELINE_DAYS,
  BASELINE_LOOKBACK_DAYS,
  BASELINE_MIN_DAYS,
  EVENT_CREDIT_CENTS,
  EVENT_INTERVAL_MINUTES,
  GOLD_PERCENT,
  isWeekday,
  marketDateOf,
  marketMinuteOfDay,
} from '@portal/contracts';

/** One channel of one day as stored (meter-data queries). */
export interface EventChannelRead {
  readDate: string;
  kind: 'import' | 'export' | 'other';
  intervalMinutes: number;
  intervalValues: readonly number[];
  quality: string;
}

export interface EventWindow {
  /** AEST date of the event. */
  date: string;
  /** Minutes after AEST midnight of the first interval's start. */
  startMinute: number;
  /** Number of 30-minute intervals. */
  intervalCount: number;
}

/** Why an event's window is not a whole number of 30-minute intervals within one AEST day, or null if it is. */
export function eventWindowProblem(startsAt: Date, endsAt: Date): string | null {
  if (!(endsAt.getTime() > startsAt.getTime())) return 'the end must be after the start';
  const step = EVENT_INTERVAL_MINUTES * 60_000;
  if (startsAt.getTime() % step !== 0 || endsAt.getTime() % step !== 0) {
    return `start and end must be on a ${EVENT_INTERVAL_MINUTES}-minute boundary`;
  }
  const date = marketDateOf(startsAt);
  const lastInstant = new Date(endsAt.getTime() - 1);
  if (marketDateOf(lastInstant) !== date) return 'an event must start and end on the same AEST day';
  return null;
}

export function eventWindow(startsAt: Date, endsAt: Date): EventWindow {
  const problem = eventWindowProblem(startsAt, endsAt);
  if (problem) throw new RangeError(problem);
  return {
    date: marketDateOf(startsAt),
    startMinute: marketMinuteOfDay(startsAt),
    intervalCount: (endsAt.getTime() - startsAt.getTime()) / (EVENT_INTERVAL_MINUTES * 60_000),
  };
}

/** The AEST wall-clock start of each interval, 'YYYY-MM-DDTHH:mm:00'. */
export function intervalStartTimes(window: EventWindow): string[] {
  return Array.from({ length: window.intervalCount }, (_, i) => {
    const minute = window.startMinute + i * EVENT_INTERVAL_MINUTES;
    const hh = String(Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    return `${window.date}T${hh}:${mm}:00`;
  });
}

const isNullQuality = (quality: string, from: number, to: number) => {
  if (quality.length <= 1) return quality === 'N';
  for (let i = from; i < to; i++) if (quality[i] === 'N') return true;
  return false;
};

/**
 * Net micro-kWh (all import channels less all export channels) per 30-minute interval of the window on one
 * day, or null when that day has no usable data for the window: no import channel, a channel not in whole
 * 30-minute divisions, or a read flagged null ('N') inside the window.
 */
export function netIntervals(
  reads: readonly EventChannelRead[],
  startMinute: number,
  intervalCount: number,
): number[] | null {
  const channels = reads.filter((read) => read.kind === 'import' || read.kind === 'export');
  if (!channels.some((read) => read.kind === 'import')) return null;
  const net = new Array<number>(intervalCount).fill(0);
  for (const read of channels) {
    const length = read.intervalMinutes;
    if (EVENT_INTERVAL_MINUTES % length !== 0 || read.intervalValues.length !== 1440 / length) return null;
    const per = EVENT_INTERVAL_MINUTES / length;
    const first = startMinute / length;
    if (isNullQuality(read.quality, first, first + intervalCount * per)) return null;
    const sign = read.kind === 'import' ? 1 : -1;
    for (let i = 0; i < intervalCount; i++) {
      let sum = 0;
      for (let j = 0; j < per; j++) sum += read.intervalValues[first + i * per + j] ?? 0;
      net[i] = (net[i] ?? 0) + sign * sum;
    }
  }
  return net;
}

export interface Baseline {
  /** The days averaged, most recent first. */
  days: string[];
  /** Per interval, the sum over those days of its net micro-kWh (the mean is sum / days). */
  sums: number[];
}

/**
 * The baseline of docs/reduce-and-reward.md: for each interval, the mean over the 10 most recent days before the event of
 * the same day type (weekday or weekend), skipping event days and days with missing data, looking back at
 * most 60 days. Null when fewer than 5 such days exist.
 */
export function computeBaseline(
  window: EventWindow,
  readsByDate: ReadonlyMap<string, readonly EventChannelRead[]>,
  eventDays: ReadonlySet<string>,
): Baseline | null {
  const weekday = isWeekday(window.date);
  const days: string[] = [];
  const sums = new Array<number>(window.intervalCount).fill(0);
  for (let back = 1; back <= BASELINE_LOOKBACK_DAYS && days.length < BASELINE_DAYS; back++) {
    const date = addDays(window.date, -back);
    if (isWeekday(date) !== weekday || eventDays.has(date)) continue;
    const net = netIntervals(readsByDate.get(date) ?? [], window.startMinute, window.intervalCount);
    if (!net) continue;
    days.push(date);
    for (let i = 0; i < net.length; i++) sums[i] = (sums[i] ?? 0) + (net[i] ?? 0);
  }
  return days.length >= BASELINE_MIN_DAYS ? { days, sums } : null;
}

/** A factor such as -0.3 in thousandths (-300), exactly: the schema allows at most 3 decimals. */
export const factorThousandths = (factor: number) => Math.round(factor * 1000);

/**
 * The baseline and target in kWh for a baseline: the event's baseline (the mean day's window), the target for
 * the whole event (baseline + factor x |baseline|) and per 30-minute interval (docs/rules.md#limits). One
 * function for the settlement and for the target announced before the event (issue 29), so they are equal
 * whenever the baseline's days are.
 */
export function targetOf(baseline: Baseline, factor: number, intervalCount: number) {
  const baselineSum = baseline.sums.reduce((sum, value) => sum + value, 0);
  const baselineKwh = baselineSum / baseline.days.length / 1e6;
  const eventKwh = baselineKwh + (factorThousandths(factor) / 1000) * Math.abs(baselineKwh);
  return { baselineKwh, eventKwh, perIntervalKwh: eventKwh / intervalCount };
}

export interface AccountOutcome {
  /** Net micro-kWh per interval during the event. */
  intervals: number[];
  baseline: Baseline;
  passed: boolean;
  /** Event total kWh (baseline less actual), exact as the fraction numerator / baseline.days.length. */
  reducedNumerator: bigint;
  baselineKwh: number;
  averageKwh: number;
  targetKwh: number;
  reducedKwh: number;
}

export type AccountEvaluation =
  | { kind: 'result'; outcome: AccountOutcome }
  | { kind: 'missing'; reason: 'no event data' | 'no baseline'; intervals: number[] | null };

/**
 * One account's result for one event. Passed when the event's average per interval stays below the target
 * (baseline + factor x |baseline|) / intervals (docs/rules.md#limits), i.e. when the event total is below
 * baseline + factor x |baseline|: compared exactly as integers scaled by days x 1000.
 */
export function evaluateAccount(
  window: EventWindow,
  factor: number,
  readsByDate: ReadonlyMap<string, readonly EventChannelRead[]>,
  eventDays: ReadonlySet<string>,
): AccountEvaluation {
  const intervals = netIntervals(
    readsByDate.get(window.date) ?? [],
    window.startMinute,
    window.intervalCount,
  );
  if (!intervals) return { kind: 'missing', reason: 'no event data', intervals: null };
  const baseline = computeBaseline(window, readsByDate, eventDays);
  if (!baseline) return { kind: 'missing', reason: 'no baseline', intervals };

  const k = BigInt(baseline.days.length);
  const usage = BigInt(intervals.reduce((sum, value) => sum + value, 0));
  const baselineSum = BigInt(baseline.sums.reduce((sum, value) => sum + value, 0));
  const f = BigInt(factorThousandths(factor));
  const absBaselineSum = baselineSum < 0n ? -baselineSum : baselineSum;
  const passed = usage * k * 1000n < baselineSum * 1000n + f * absBaselineSum;

  const n = window.intervalCount;
  const target = targetOf(baseline, factor, n);
  const baselineKwh = target.baselineKwh;
  const eventKwh = Number(usage) / 1e6;
  return {
    kind: 'result',
    outcome: {
      intervals,
      baseline,
      passed,
      reducedNumerator: baselineSum - usage * k,
      baselineKwh,
      averageKwh: eventKwh / n,
      targetKwh: target.perIntervalKwh,
      reducedKwh: baselineKwh - eventKwh,
    },
  };
}

export interface RankInput {
  key: string;
  passed: boolean;
  /** kWh reduced as the exact fraction numerator / denominator (denominator > 0). */
  reducedNumerator: bigint;
  reducedDenominator: bigint;
}

export interface RankOutput {
  key: string;
  /** 1 = most kWh reduced among passing accounts; equal reductions share a rank (1, 1, 3); null if not passed. */
  rank: number | null;
  creditCents: number;
}

/** How many passing accounts are the top 2%: rounded up, so any event with a passing account has a Gold. */
export const goldCount = (passing: number) => Math.ceil((passing * GOLD_PERCENT) / 100);

/**
 * Ranks and credits of docs/reduce-and-reward.md: passing accounts are ranked by kWh reduced (exact comparison; ties share
 * the better rank); the top 2% by rank earn Gold (10000 cents), including everyone tied at the cut; the other
 * passing accounts Silver (500); the rest Bronze (0).
 */
export function rankAndCredit(inputs: readonly RankInput[]): RankOutput[] {
  const compare = (a: RankInput, b: RankInput) => {
    const left = a.reducedNumerator * b.reducedDenominator;
    const right = b.reducedNumerator * a.reducedDenominator;
    return left === right ? 0 : left > right ? -1 : 1;
  };
  const passing = inputs.filter((input) => input.passed).sort(compare);
  const gold = goldCount(passing.length);
  const ranks = new Map<string, number>();
  passing.forEach((input, index) => {
    const previous = passing[index - 1];
    const rank =
      previous && compare(previous, input) === 0 ? (ranks.get(previous.key) ?? index + 1) : index + 1;
    ranks.set(input.key, rank);
  });
  return inputs.map((input) => {
    const rank = ranks.get(input.key) ?? null;
    const creditCents =
      rank === null
        ? EVENT_CREDIT_CENTS.bronze
        : rank <= gold
          ? EVENT_CREDIT_CENTS.gold
          : EVENT_CREDIT_CENTS.silver;
    return { key: input.key, rank, creditCents };
  });
}
