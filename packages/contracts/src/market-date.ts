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
