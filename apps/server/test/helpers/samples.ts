/**
 * The AEMO NEM12 sample files (from the MIT-licensed nem-reader project; see fixtures/nem12/README.md),
 * the repository's copies of the public AEMO-format examples (test/fixtures/nem12).
 */
import path from 'node:path';

export const NEM12_SAMPLES = path.resolve(import.meta.dirname, '../fixtures/nem12');

/** A complete residential survey (docs/surveys.md): every question answered, solar and a battery given. */
export const residentialSurvey = {
  tenancy: 'own',
  building_type: 'house',
  bedrooms_qty: '3',
  household_size: '6_and_more',
  heating_type: ['electricity_reverse_cycle', 'wood_burner'],
  hot_water_type: 'solar_electric',
  aircon_qty: '0',
  pool_or_spa: ['no'],
  solar_panels: 'four_to_six_kW',
  solar_panels_size: 5.25,
  home_battery_size: 13.5,
  electric_car: 'forty_to_sixty_kWh',
  load_disag: ['skip'],
};
