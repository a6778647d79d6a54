/**
 * The tariff JSON format (docs/tariffs.md, docs/tariffs.md): what an operator imports with
 * `portal tariffs import <file>`, and what the server stores and prices reads with. Prices are decimal strings
 * in cents including GST, so that nothing is lost to binary floating point on the way to the billing engine.
 * Time-of-use windows are checked to cover every 5-minute slot of the week exactly once. Also the wording of the
 * quarterly bill forecast's method, which the customer reads beside the projection.
 */
import { z } from 'zod';

/** Every tariff time is on a 5-minute boundary: the shortest NEM interval, so no interval straddles two rates. */
export const TARIFF_SLOT_MINUTES = 5;
export const TARIFF_SLOTS_PER_DAY = 1440 / TARIFF_SLOT_MINUTES;

/** Day names in the order of `dayOfWeek` (0 = Monday). */
export const tariffDayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type TariffDayName = (typeof tariffDayNames)[number];
const dayLabels = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Up to 6 digits after the point: finer than any retailer publishes, and keeps the engine's scale bounded. */
const DECIMAL_PATTERN = /^\d{1,6}(\.\d{1,6})?$/;

/**
 * A non-negative amount in cents as a decimal string. The upper bound is a sanity check against unit slips
 * (a price in hundredths of a cent, an extra zero), not a market rule.
 */
function cents(what: string, max: number) {
  return z
    .string({ error: `${what} must be a decimal string in cents, for example "32.45"` })
    .regex(DECIMAL_PATTERN, {
      message: `${what} must be a non-negative decimal string in cents with at most 6 decimals, e.g. "32.45"`,
      abort: true,
    })
    .refine((value) => Number(value) <= max, `${what} must be at most ${max} cents`);
}

const usageCents = (what = 'cents_per_kwh') => cents(what, 1000);

/** A percentage 0-100 as a decimal string or a JSON number (percentages are not money); stored as a string. */
const percent = (what: string) =>
  z
    .union([z.string(), z.number()], { error: `${what} must be a percentage from 0 to 100` })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}(\.\d{1,4})?$/, {
          message: `${what} must be a percentage from 0 to 100 with at most 4 decimals`,
          abort: true,
        })
        .refine((value) => Number(value) <= 100, `${what} must be a percentage from 0 to 100`),
    );

const CLOCK_PATTERN = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** Minutes since midnight of an 'HH:mm' time ('24:00' is 1440, the end of the day). */
export function clockToMinute(clock: string): number {
  if (!CLOCK_PATTERN.test(clock)) throw new RangeError(`not an HH:mm time: ${clock}`);
  return Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
}

export function minuteToClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Minutes of an 'HH:mm' time, NaN when malformed (so that comparisons with it are false). */
const safeMinute = (clock: string) => (CLOCK_PATTERN.test(clock) ? clockToMinute(clock) : Number.NaN);

const clock = (what: string) =>
  z
    .string()
    .regex(CLOCK_PATTERN, { message: `${what} must be a time as HH:mm (00:00 to 24:00)`, abort: true })
    .refine(
      (value) => clockToMinute(value) % TARIFF_SLOT_MINUTES === 0,
      `${what} must be on a ${TARIFF_SLOT_MINUTES}-minute boundary (the shortest meter interval)`,
    );

export const tariffDaysSchema = z.union([
  z.enum(['weekdays', 'weekends', 'all']),
  z
    .array(z.enum(tariffDayNames))
    .min(1)
    .refine((days) => new Set(days).size === days.length, 'a day is listed twice'),
]);
export type TariffDays = z.infer<typeof tariffDaysSchema>;

/** The days (0 = Monday) a window's `days` names. */
export function tariffDayIndexes(days: TariffDays): number[] {
  if (days === 'all') return [0, 1, 2, 3, 4, 5, 6];
  if (days === 'weekdays') return [0, 1, 2, 3, 4];
  if (days === 'weekends') return [5, 6];
  return days.map((day) => tariffDayNames.indexOf(day)).sort((a, b) => a - b);
}

export const tariffWindowSchema = z
  .strictObject({ days: tariffDaysSchema, from: clock('from'), to: clock('to') })
  .refine((window) => window.from !== '24:00', { message: 'from cannot be 24:00', path: ['from'] })
  // Compared only when both times are well formed (their own checks report them otherwise).
  .refine((window) => !(safeMinute(window.to) <= safeMinute(window.from)), {
    message:
      'to must be later than from; split a window that crosses midnight in two, e.g. 22:00-24:00 and 00:00-07:00',
    path: ['to'],
  });
export type TariffWindow = z.infer<typeof tariffWindowSchema>;

function isWellFormedWindow(window: TariffWindow): boolean {
  const from = safeMinute(window.from);
  const to = safeMinute(window.to);
  return (
    tariffDaysSchema.safeParse(window.days).success &&
    from % TARIFF_SLOT_MINUTES === 0 &&
    to % TARIFF_SLOT_MINUTES === 0 &&
    from < to
  );
}

export const timeOfUsePeriodSchema = z.strictObject({
  /** 'peak', 'shoulder', 'off_peak', or the retailer's own name for the period. */
  name: z.string().trim().min(1).max(40),
  cents_per_kwh: usageCents(),
  windows: z.array(tariffWindowSchema).min(1, 'a period needs at least one window'),
});
export type TimeOfUsePeriod = z.infer<typeof timeOfUsePeriodSchema>;

const flatUsageSchema = z.strictObject({ type: z.literal('flat'), cents_per_kwh: usageCents() });

/** Runs of consecutive marked slots of one day, as 'HH:mm-HH:mm' ranges. */
function slotRuns(marked: readonly boolean[]): string[] {
  const runs: string[] = [];
  let start = -1;
  for (let slot = 0; slot <= TARIFF_SLOTS_PER_DAY; slot++) {
    const on = slot < TARIFF_SLOTS_PER_DAY && marked[slot] === true;
    if (on && start < 0) start = slot;
    if (!on && start >= 0) {
      runs.push(`${minuteToClock(start * TARIFF_SLOT_MINUTES)}-${minuteToClock(slot * TARIFF_SLOT_MINUTES)}`);
      start = -1;
    }
  }
  return runs;
}

/** 'every day', 'Mon-Fri', 'Sat-Sun', 'Mon, Wed': what a person would write. */
function describeDays(days: readonly number[]): string {
  if (days.length === 7) return 'every day';
  const parts: string[] = [];
  let i = 0;
  while (i < days.length) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === (days[j] ?? 0) + 1) j++;
    const first = dayLabels[days[i] ?? 0] ?? '';
    parts.push(j > i ? `${first}-${dayLabels[days[j] ?? 0]}` : first);
    i = j + 1;
  }
  return parts.join(', ');
}

/**
 * Slots of the week marked per day, described once per distinct set of ranges: 'Mon-Fri 15:00-16:00' rather
 * than five separate lines.
 */
function describeWeekSlots(marked: readonly (readonly boolean[])[]): string[] {
  const daysByRanges = new Map<string, number[]>();
  marked.forEach((daySlots, day) => {
    const ranges = slotRuns(daySlots).join(', ');
    if (ranges === '') return;
    daysByRanges.set(ranges, [...(daysByRanges.get(ranges) ?? []), day]);
  });
  return [...daysByRanges].map(([ranges, days]) => `${describeDays(days)} ${ranges}`);
}

const emptyWeek = () => Array.from({ length: 7 }, () => new Array<boolean>(TARIFF_SLOTS_PER_DAY).fill(false));

/**
 * Every problem with the coverage of a week by time-of-use periods: overlaps (a slot claimed twice) and gaps
 * (a slot no period claims), each with the days and times, in words. Empty when the periods tile the week.
 */
export function timeOfUseCoverageProblems(periods: readonly TimeOfUsePeriod[]): string[] {
  const owner = new Int16Array(7 * TARIFF_SLOTS_PER_DAY).fill(-1);
  // Overlaps keyed by the pair of period indexes, so that each pair is reported once with all its times.
  const overlaps = new Map<string, boolean[][]>();
  periods.forEach((period, p) => {
    for (const window of period.windows) {
      const from = clockToMinute(window.from) / TARIFF_SLOT_MINUTES;
      const to = clockToMinute(window.to) / TARIFF_SLOT_MINUTES;
      for (const day of tariffDayIndexes(window.days)) {
        for (let slot = from; slot < to; slot++) {
          const index = day * TARIFF_SLOTS_PER_DAY + slot;
          const previous = owner[index] ?? -1;
          if (previous < 0) {
            owner[index] = p;
            continue;
          }
          const key = `${previous},${p}`;
          const week = overlaps.get(key) ?? emptyWeek();
          overlaps.set(key, week);
          (week[day] as boolean[])[slot] = true;
        }
      }
    }
  });

  const problems: string[] = [];
  for (const [key, week] of overlaps) {
    const [a, b] = key.split(',').map(Number) as [number, number];
    const names =
      a === b
        ? `period '${periods[a]?.name}' covers`
        : `periods '${periods[a]?.name}' and '${periods[b]?.name}' both cover`;
    for (const where of describeWeekSlots(week)) problems.push(`Overlap: ${names} ${where}`);
  }
  if (!owner.includes(-1)) return problems;
  const gaps = emptyWeek();
  owner.forEach((p, index) => {
    if (p < 0)
      (gaps[Math.floor(index / TARIFF_SLOTS_PER_DAY)] as boolean[])[index % TARIFF_SLOTS_PER_DAY] = true;
  });
  for (const where of describeWeekSlots(gaps)) problems.push(`Gap: no period covers ${where}`);
  return problems;
}

const timeOfUseUsageSchema = z
  .strictObject({
    type: z.literal('time_of_use'),
    periods: z
      .array(timeOfUsePeriodSchema)
      .min(1, 'a time-of-use tariff needs at least one period')
      .max(20, 'a time-of-use tariff has at most 20 periods'),
  })
  .superRefine((usage, ctx) => {
    const names = usage.periods.map((period) => period.name);
    const repeated = names.filter((name, i) => names.indexOf(name) !== i);
    for (const name of new Set(repeated)) {
      ctx.addIssue({ code: 'custom', message: `period name '${name}' is used twice`, path: ['periods'] });
    }
    // A window with a bad time is already reported (zod runs this refinement even so); coverage is only
    // meaningful once every window is well formed.
    if (!usage.periods.every((period) => period.windows.every(isWellFormedWindow))) return;
    for (const message of timeOfUseCoverageProblems(usage.periods)) {
      ctx.addIssue({ code: 'custom', message, path: ['periods'] });
    }
  });

export const tariffUsageSchema = z.discriminatedUnion('type', [flatUsageSchema, timeOfUseUsageSchema], {
  error: "usage.type must be 'flat' or 'time_of_use'",
});
export type TariffUsage = z.infer<typeof tariffUsageSchema>;

/** NEM12 channel suffixes of consumption start with E (docs/meter-data.md), e.g. E2 for a controlled-load circuit. */
const importSuffix = z
  .string()
  .regex(/^E[0-9A-Z]$/, 'a controlled-load suffix is an import channel suffix such as "E2"');

export const tariffSchema = z
  .strictObject({
    code: z
      .string()
      .max(40)
      .regex(
        /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/,
        'code must be upper-case letters, digits and dashes, e.g. FLAT-2026',
      ),
    name: z.string().trim().min(1).max(100),
    description: z.string().max(1000).optional(),
    supply_cents_per_day: cents('supply_cents_per_day', 100_000),
    usage: tariffUsageSchema,
    controlled_load: z
      .strictObject({
        cents_per_kwh: usageCents('controlled_load.cents_per_kwh'),
        suffixes: z
          .array(importSuffix)
          .min(1)
          .refine((suffixes) => new Set(suffixes).size === suffixes.length, 'a suffix is listed twice')
          .default(['E2']),
      })
      .optional(),
    feed_in_cents_per_kwh: usageCents('feed_in_cents_per_kwh').default('0'),
    discounts: z
      .strictObject({
        usage_percent: percent('usage_percent').optional(),
        supply_percent: percent('supply_percent').optional(),
      })
      .optional(),
    concession_cents_per_day: cents('concession_cents_per_day', 10_000).default('0'),
    /**
     * Present on a generally available plan (issue 17, docs/plans.md): who may take it. The plans page prices
     * every plan open to an account on the account's own reads.
     */
    offer: z
      .strictObject({
        segments: z
          .array(z.enum(['residential', 'sme'], { error: "a segment is 'residential' or 'sme'" }))
          .min(1, 'a plan on offer is open to at least one segment')
          .refine((segments) => new Set(segments).size === segments.length, 'a segment is listed twice'),
        requires_solar: z.boolean().default(false),
        requires_controlled_load: z.boolean().default(false),
      })
      .optional(),
  })
  .refine((tariff) => !(tariff.offer?.requires_controlled_load && !tariff.controlled_load), {
    message: 'offer.requires_controlled_load needs a controlled_load price',
    path: ['offer', 'requires_controlled_load'],
  })
  .meta({ description: 'A retail tariff; prices in cents including GST (docs/tariffs.md)' });

/** A validated tariff, defaults applied (feed-in and concession '0', controlled-load suffixes ['E2']). */
export type Tariff = z.infer<typeof tariffSchema>;
/** A tariff as written in a file, before defaults. */
export type TariffInput = z.input<typeof tariffSchema>;

const tariffListSchema = z
  .array(tariffSchema)
  .min(1, 'the file holds no tariff')
  .superRefine((tariffs, ctx) => {
    const codes = tariffs.map((tariff) => tariff.code);
    codes.forEach((code, i) => {
      if (codes.indexOf(code) !== i)
        ctx.addIssue({ code: 'custom', message: `code ${code} is repeated`, path: [i, 'code'] });
    });
  });

/**
 * A tariff file: one tariff object or an array of them, always parsed to an array. The two shapes are told
 * apart before validating, so that the issues of a single tariff have paths without a leading index.
 */
export const tariffFileSchema = z.unknown().transform((value, ctx): Tariff[] => {
  const parsed = Array.isArray(value) ? tariffListSchema.safeParse(value) : tariffSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [...issue.path] });
    }
    return z.NEVER;
  }
  return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
});

/** How the quarterly bill projection was made (docs/tracker-figures.md), shown beside it as a projection only. */
export const forecastMethods = {
  seasonal: "Based on your last 5 weeks, adjusted for last year's seasonal change",
  recent: 'Based on your last 5 weeks',
  notEnoughData: 'Not enough data yet to project your bill',
} as const;
export type ForecastMethod = (typeof forecastMethods)[keyof typeof forecastMethods];
