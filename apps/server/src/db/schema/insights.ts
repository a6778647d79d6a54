/**
 * Similar homes (issue 28 item 3, docs/tracker-figures.md#similar-homes): each account's comparison with the
 * homes like it, as `portal insights similar-homes` last computed it, so that a request reads one row. Only the
 * group's size, median and 20th percentile are kept, never another home's figure.
 */
import { date, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../schema.ts';

const kwh = (name: string) => numeric(name, { precision: 10, scale: 1, mode: 'number' });

export const similarHomes = pgTable('similar_homes', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  /** The 4 complete weeks compared. */
  periodFrom: date('period_from', { mode: 'string' }).notNull(),
  periodTo: date('period_to', { mode: 'string' }).notNull(),
  /** compared, small_group, no_group, not_enough_data or no_profile. */
  status: text('status').notNull(),
  /** The answers that group it (similar-homes.ts `groupKeyOf`); null without a complete profile. */
  groupKey: text('group_key'),
  ownKwhPerDay: kwh('own_kwh_per_day'),
  medianKwhPerDay: kwh('median_kwh_per_day'),
  efficientKwhPerDay: kwh('efficient_kwh_per_day'),
  /** The group's size, at least 20; null unless compared. */
  homes: integer('homes'),
  rating: text('rating'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SimilarHomesRow = typeof similarHomes.$inferSelect;
