/** Account identity (docs/access.md): the public id that every customer link carries. */
import { z } from 'zod';
import { PUBLIC_ID_PATTERN } from './limits.ts';

export const accountIdSchema = z
  .string()
  .regex(PUBLIC_ID_PATTERN, 'Invalid account ID number')
  .meta({ description: 'Public account id from the customer link', example: 'demo-home' });

export const marketSegments = ['residential', 'sme'] as const;
export const marketSegmentSchema = z.enum(marketSegments);
export type MarketSegment = z.infer<typeof marketSegmentSchema>;

/** National Meter Identifier: 10 characters, upper-case letters and digits (AEMO). */
export const nmiSchema = z
  .string()
  .regex(/^[A-Z0-9]{10}$/, 'An NMI is 10 upper-case letters or digits')
  .meta({ example: '6123456789' });

/** The demo accounts of docs/contracts.md, with their fixed public ids. */
export const demoAccountIds = {
  home: 'demo-home',
  solar: 'demo-solar',
  business: 'demo-business',
  happy: 'demo-happy',
  fresh: 'demo-new',
  other: 'demo-other',
  /** Similar homes: Great (below the group's efficient 20%); this quarter dearer for prices (issue 28). */
  efficient: 'demo-efficient',
  /** Similar homes: Using more than similar homes; this quarter dearer for its usage (issue 28). */
  heavy: 'demo-heavy',
} as const;

/**
 * The demo's synthetic neighbours (issue 28): profiled homes like demo-efficient and demo-heavy, with only the
 * weeks the similar-homes comparison reads, so that their group reaches the 20 homes it needs to be shown.
 */
export const DEMO_SIMILAR_HOMES = 22;
export const demoSimilarHomeIds: readonly string[] = Array.from(
  { length: DEMO_SIMILAR_HOMES },
  (_, index) => `demo-similar-${String(index + 1).padStart(2, '0')}`,
);

/** Every public id the demo seeds. */
export const demoPublicIds: readonly string[] = [...Object.values(demoAccountIds), ...demoSimilarHomeIds];
/** A demo account's public id: such an account is never mailed in production (issue 25 item 3). */
export const isDemoAccountId = (publicId: string): boolean => demoPublicIds.includes(publicId);

export const accountQuerySchema = z.object({ account_id: accountIdSchema });
/** The query of the calls that name the account only, as sent. */
export type AccountQuery = z.input<typeof accountQuerySchema>;

/** The `customer` block of the usage response (docs/api.md#entities). */
export const customerSchema = z
  .object({
    budget: z.number().int().min(0).max(99),
    no_email: z.boolean(),
    email_click_count: z.number().int().min(0),
    completed_survey: z.boolean(),
    market_segment: marketSegmentSchema,
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;
