/** The market date as a schema; apart from market-time.ts so that date arithmetic loads without zod (limits.ts). */
import { z } from 'zod';
import { isMarketDate, MARKET_YEAR_MAX, MARKET_YEAR_MIN } from './market-time.ts';

export const marketDateSchema = z
  .string()
  // abort: checks that compare dates (an export's range) must not run on one that is not a date.
  .refine(isMarketDate, {
    message: `Expected a date as YYYY-MM-DD, from ${MARKET_YEAR_MIN} to ${MARKET_YEAR_MAX}`,
    abort: true,
  })
  .meta({ description: 'A date in AEST (market time), YYYY-MM-DD', example: '2026-11-16' });

/**
 * An instant as ISO 8601 with an offset, inside the market's years (UTC): PostgreSQL's timestamptz refuses
 * year 0, and an offset can move '9999-12-31T23:59:59-14:00' into year 10000 (issue 16 item 3).
 */
export const instantSchema = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= MARKET_YEAR_MIN && year <= MARKET_YEAR_MAX;
  },
  { message: `Expected an instant from ${MARKET_YEAR_MIN} to ${MARKET_YEAR_MAX}` },
);
