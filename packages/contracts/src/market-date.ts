/** The market date as a schema; apart from market-time.ts so that date arithmetic loads without zod (limits.ts). */
import { z } from 'zod';
import { isMarketDate } from './market-time.ts';

export const marketDateSchema = z
  .string()
  .refine(isMarketDate, 'Expected a date as YYYY-MM-DD')
  .meta({ description: 'A date in AEST (market time), YYYY-MM-DD', example: '2026-11-16' });
