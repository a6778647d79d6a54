/**
 * Reduce & Reward calls' schemas (docs/api.md). Apart from reduce-and-reward.ts, whose rules and wording the web
 * app imports without loading zod (docs/decisions/0010).
 */
import { z } from 'zod';
import { accountIdSchema } from './account.ts';
import { EVENT_ID_MAX } from './limits.ts';
import { eventStatuses } from './reduce-and-reward.ts';

export const eventIdSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(EVENT_ID_MAX)
  .meta({ description: 'Event id', example: 1 });

export const eventQuerySchema = z.object({ account_id: accountIdSchema, event_id: eventIdSchema });
/** As sent: the event id is coerced from the query's text, so a number or its digits. */
export interface EventQuery {
  account_id: string;
  event_id: number | string;
}

/** An instant in AEST with its offset, e.g. '2026-11-10T18:00:00+10:00'. */
const aestInstant = z.string().meta({ example: '2026-11-10T18:00:00+10:00' });

/** GET {reduce-and-reward base}/tracker/dr_events: the account's events, oldest first. */
export const drEventsResponseSchema = z
  .object({
    dr_events: z.array(
      z.object({
        dr_event: z.object({ id: z.number().int(), start_time: aestInstant }),
      }),
    ),
  })
  .meta({ id: 'DrEvents' });
export type DrEventsResponse = z.infer<typeof drEventsResponseSchema>;

export const totalRewardsSchema = z.object({ cents: z.number().int() });

/**
 * GET {reduce-and-reward base}/dr_events/event_result: the account's credit for one event. An empty object
 * means no data yet (the event has not been settled); `event_usage_exists` false means the meter data never
 * covered the event ('Missing').
 */
export const eventResultResponseSchema = z
  .object({
    usage: z
      .object({
        total_rewards: totalRewardsSchema,
        event_usage_exists: z.boolean(),
      })
      .optional(),
  })
  .meta({ id: 'EventResult' });
export type EventResultResponse = z.infer<typeof eventResultResponseSchema>;

/**
 * Beyond the specification: GET {reduce-and-reward base}/dr_events/event_results, every event of the account
 * with its result (the same answer as event_result), oldest first. For other clients and the benchmarks: the
 * overview uses the specified calls (docs/decisions/0024).
 */
export const eventResultsResponseSchema = z
  .object({
    dr_events: z.array(
      z.object({
        dr_event: z.object({ id: z.number().int(), start_time: aestInstant }),
        result: eventResultResponseSchema,
      }),
    ),
  })
  .meta({ id: 'EventResults' });
export type EventResultsResponse = z.infer<typeof eventResultsResponseSchema>;

/** GET {reduce-and-reward base}/dr_events/event_progress: the event's chart data for the account. */
export const eventProgressResponseSchema = z
  .object({
    challenge: z.object({
      status: z.enum(eventStatuses),
      /** The AEST date of the event's start, YYYY-MM-DD. */
      date: z.string(),
      /** e.g. -0.3: the target is 30% below the baseline. */
      percent_displacement_factor: z.number(),
    }),
    usage: z.object({
      intervals: z.array(
        z.object({
          /** AEST wall-clock start of the 30-minute interval, YYYY-MM-DDTHH:mm:ss. */
          local_interval_start_time: z.string(),
          /** kWh from the grid less kWh exported; negative when exporting more than consuming. */
          interval_usage_value: z.number(),
        }),
      ),
      /** kWh expected over the whole event from the account's baseline days; null until it can be computed. */
      baseline: z.number().nullable(),
      /** Mean kWh per interval during the event; null without data. */
      average: z.number().nullable(),
      /** The credit earned; null until the event is settled. */
      total_rewards: totalRewardsSchema.nullable(),
    }),
  })
  .meta({ id: 'EventProgress' });
export type EventProgressResponse = z.infer<typeof eventProgressResponseSchema>;

/** An account's own target for an event, from its baseline (issue 29): before the event, and as announced. */
const eventTargetSchema = z.object({
  baseline_kwh: z.number().meta({ description: 'Usual kWh over the event window (the baseline)' }),
  event_kwh: z.number().meta({ description: 'The target for the whole event, kWh' }),
  per_interval_kwh: z.number().meta({ description: 'The target per 30 minutes, kWh' }),
  baseline_days: z.number().int().positive(),
  last_baseline_day: z.iso.date(),
});

/**
 * Beyond the specification (issue 29 item 2): GET {reduce-and-reward base}/dr_events/upcoming, the account's
 * events still to come with its own target, computed by the settlement's baseline rule from the days known
 * now, and the rewards. `target` is null when too few days of data exist for a baseline yet.
 */
export const upcomingEventsResponseSchema = z
  .object({
    events: z.array(
      z.object({
        id: z.number().int(),
        start_time: aestInstant,
        end_time: aestInstant,
        interval_count: z.number().int().positive(),
        target: eventTargetSchema.nullable(),
        rewards: z.object({
          silver_cents: z.number().int(),
          gold_cents: z.number().int(),
          gold_percent: z.number(),
        }),
      }),
    ),
  })
  .meta({ id: 'UpcomingEvents' });
export type UpcomingEventsResponse = z.infer<typeof upcomingEventsResponseSchema>;

/**
 * Beyond the specification (issue 29 item 3): GET {reduce-and-reward base}/dr_events/announced_target, the
 * target the account's invitation email announced for an event (the upcoming call's figures as sent), or null
 * when none was sent or it had no target. The event detail compares it with the settled target.
 */
export const announcedTargetResponseSchema = z
  .object({ announced: eventTargetSchema.nullable() })
  .meta({ id: 'AnnouncedTarget' });
export type AnnouncedTargetResponse = z.infer<typeof announcedTargetResponseSchema>;
