/**
 * The demo tariffs (docs/tariffs.md: realistic Australian 2026 prices including GST), validated at load so that a
 * bad edit to a demo file fails loudly. The seed and tests import them from here.
 */
import { type Tariff, tariffFileSchema, tariffSchema } from '@portal/contracts';
import plans from '../../demo/plans/plans-2026.json' with { type: 'json' };
import flat2025 from '../../demo/tariffs/flat-2025.json' with { type: 'json' };
import flat from '../../demo/tariffs/flat-2026.json' with { type: 'json' };
import solar from '../../demo/tariffs/solar-2026.json' with { type: 'json' };
import timeOfUse from '../../demo/tariffs/tou-2026.json' with { type: 'json' };

export const demoTariffs = {
  flat: tariffSchema.parse(flat),
  timeOfUse: tariffSchema.parse(timeOfUse),
  solar: tariffSchema.parse(solar),
  /** FLAT-2026 at last year's prices: demo-efficient was on it until its prices rose (issue 28). */
  flat2025: tariffSchema.parse(flat2025),
} satisfies Record<string, Tariff>;

/**
 * The demo plans on offer (issue 17, docs/plans.md): no demo account is on one, so they change no figure of
 * the Tracker. On the demo data demo-home (time of use with controlled load) saves about $110 a year on Flat
 * with Hot Water, and demo-happy and demo-business are already on their cheapest plan.
 */
export const demoPlans: Tariff[] = tariffFileSchema.parse(plans);
