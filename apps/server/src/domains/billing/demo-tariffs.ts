/**
 * The demo tariffs (design §4.3: realistic Australian 2026 prices including GST), validated at load so that a
 * bad edit to a demo file fails loudly. The seed and tests import them from here.
 */
import { type Tariff, tariffSchema } from '@portal/contracts';
import flat from '../../demo/tariffs/flat-2026.json' with { type: 'json' };
import solar from '../../demo/tariffs/solar-2026.json' with { type: 'json' };
import timeOfUse from '../../demo/tariffs/tou-2026.json' with { type: 'json' };

export const demoTariffs = {
  flat: tariffSchema.parse(flat),
  timeOfUse: tariffSchema.parse(timeOfUse),
  solar: tariffSchema.parse(solar),
} satisfies Record<string, Tariff>;
