/**
 * Tariffs the unit tests price with, in figures easy to work by hand: the time-of-use shape of the brief (peak
 * 50 c weekdays 15:00-21:00; shoulder 30 c weekdays 07:00-15:00 and 21:00-22:00, weekends 07:00-22:00;
 * off-peak 20 c the rest), $1 a day of supply, no feed-in, no discounts.
 */
import type { TariffInput } from '@portal/contracts';

export function testTimeOfUseInput(): TariffInput {
  return {
    code: 'TEST-TOU',
    name: 'Test time of use',
    supply_cents_per_day: '100',
    usage: {
      type: 'time_of_use',
      periods: [
        { name: 'peak', cents_per_kwh: '50', windows: [{ days: 'weekdays', from: '15:00', to: '21:00' }] },
        {
          name: 'shoulder',
          cents_per_kwh: '30',
          windows: [
            { days: 'weekdays', from: '07:00', to: '15:00' },
            { days: 'weekdays', from: '21:00', to: '22:00' },
            { days: 'weekends', from: '07:00', to: '22:00' },
          ],
        },
        {
          name: 'off_peak',
          cents_per_kwh: '20',
          windows: [
            { days: 'all', from: '00:00', to: '07:00' },
            { days: 'all', from: '22:00', to: '24:00' },
          ],
        },
      ],
    },
  };
}
