/** The Solar Advantage curtailment file (docs/curtailment.md): one row per NMI and day curtailed. */
import { z } from 'zod';
import { marketDateSchema } from './market-date.ts';

export const CURTAILMENT_HEADER = ['nmi', 'date', 'hours_curtailed', 'kwh_curtailed', 'benefit'] as const;

const decimal = (what: string, decimals: number, max: number) =>
  z
    .string()
    .regex(
      new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`),
      `${what} must be a number with at most ${decimals} decimals`,
    )
    .transform(Number)
    .refine((value) => value <= max, `${what} must be at most ${max}`);

export const curtailmentRowSchema = z.object({
  nmi: z.string().regex(/^[A-Za-z0-9]{1,10}$/, 'nmi must be 1 to 10 letters or digits'),
  date: marketDateSchema,
  hours_curtailed: decimal('hours_curtailed', 2, 24),
  kwh_curtailed: decimal('kwh_curtailed', 3, 10_000),
  /** Dollars credited for the day. */
  benefit: decimal('benefit', 2, 100_000),
});
export type CurtailmentRow = z.infer<typeof curtailmentRowSchema>;
