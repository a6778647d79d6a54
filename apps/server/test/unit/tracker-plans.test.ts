/**
 * Plans compared on the customer's own reads (issue 17, docs/plans.md), against yearly figures computed by
 * hand. The year is 2025 (365 days). Every day of a customer is alike unless said otherwise, so a year is 365
 * times a day, and a day's cost is written out beside each test.
 */
import { addDays, PLAN_MIN_DAYS, type Tariff, type TariffInput, tariffSchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { ChannelDay } from '../../src/domains/billing/spend.ts';
import { betterOfferOf, comparePlans, isOpenTo, type PlanDay } from '../../src/domains/tracker/plans.ts';

const tariff = (input: Partial<TariffInput> & { code: string }): Tariff =>
  tariffSchema.parse({
    name: input.code,
    supply_cents_per_day: '100.00',
    usage: { type: 'flat', cents_per_kwh: '30.00' },
    ...input,
  });

const FLAT = tariff({ code: 'FLAT', offer: { segments: ['residential'] } });
/** Peak 50c from 15:00 to 21:00 every day, off-peak 20c the rest. */
const TOU = tariff({
  code: 'TOU',
  usage: {
    type: 'time_of_use',
    periods: [
      { name: 'peak', cents_per_kwh: '50.00', windows: [{ days: 'all', from: '15:00', to: '21:00' }] },
      {
        name: 'off_peak',
        cents_per_kwh: '20.00',
        windows: [
          { days: 'all', from: '00:00', to: '15:00' },
          { days: 'all', from: '21:00', to: '24:00' },
        ],
      },
    ],
  },
  offer: { segments: ['residential'] },
});

/** 48 half-hours holding `kwh` in each half-hour starting at the given clock times. */
function halfHours(kwhAt: Record<string, number>): number[] {
  const values = new Array<number>(48).fill(0);
  for (const [clock, kwh] of Object.entries(kwhAt)) {
    const index = (Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))) / 30;
    values[index] = Math.round(kwh * 1e6);
  }
  return values;
}
const channel = (suffix: string, values: number[]): ChannelDay => ({
  suffix,
  kind: suffix.startsWith('B') ? 'export' : 'import',
  intervalMinutes: 30,
  values,
});

/** `count` days from `first`, each with the channels of `channelsOf(index)`. */
function days(count: number, channelsOf: (index: number) => ChannelDay[], first = '2025-01-01'): PlanDay[] {
  return Array.from({ length: count }, (_, index) => ({
    date: addDays(first, index),
    channels: channelsOf(index),
    freeWindows: [],
  }));
}

const costs = (result: ReturnType<typeof comparePlans>) =>
  Object.fromEntries(result.plans.map((plan) => [plan.code, plan.yearly_cost]));

describe('plans compared on a year of reads', () => {
  // 4 kWh from 17:00 to 19:00 (peak) and 2 kWh at 01:00-02:00 (off-peak): 6 kWh a day.
  const evening = () => [
    channel('E1', halfHours({ '17:00': 1, '17:30': 1, '18:00': 1, '18:30': 1, '01:00': 1, '01:30': 1 })),
  ];
  // 6 kWh from 10:00 to 13:00 (off-peak on TOU).
  const daytime = () => [
    channel('E1', halfHours({ '10:00': 1, '10:30': 1, '11:00': 1, '11:30': 1, '12:00': 1, '12:30': 1 })),
  ];

  it('finds an evening-heavy household cheaper on the flat rate', () => {
    // Flat: 6 x 30c + 100c = 280c a day, x 365 = $1,022.00. TOU: 4 x 50c + 2 x 20c + 100c = 340c, x 365 = $1,241.00.
    const result = comparePlans({ days: days(365, evening), plans: [TOU, FLAT], currentCode: 'TOU' });
    expect(result).toMatchObject({ daysWithData: 365, scaled: false, enoughData: true });
    expect(result.plans.map((plan) => plan.code)).toEqual(['FLAT', 'TOU']);
    expect(costs(result)).toEqual({ FLAT: 1022, TOU: 1241 });
    const flat = result.plans[0];
    expect(flat).toMatchObject({
      usage: 657,
      supply: 365,
      solar_credit: 0,
      concession: 0,
      saving: 219,
      current: false,
    });
    expect(result.plans[1]).toMatchObject({ current: true, saving: 0 });
    expect(betterOfferOf(result.plans, 50)).toEqual({ code: 'FLAT', name: 'FLAT', yearly_saving: 219 });
    expect(betterOfferOf(result.plans, 220)).toBeNull();
    expect(flat?.how[0]).toBe('Usage: 2,190 kWh at 30.00c a kWh: $657.00.');
    // TOU's usage: 4 kWh x 365 = 1,460 kWh at 50c and 2 x 365 = 730 kWh at 20c = $730.00 + $146.00.
    expect(result.plans[1]?.how[0]).toBe(
      'Usage: 2,190 kWh: 1,460 kWh peak at 50.00c, 730 kWh off-peak at 20.00c: $876.00.',
    );
    expect(flat?.how[1]).toBe('Supply: 100.00c a day for 365 days: $365.00.');
  });

  it('finds a daytime household cheaper on time of use', () => {
    // Flat: 280c a day = $1,022.00. TOU: 6 x 20c + 100c = 220c, x 365 = $803.00.
    const result = comparePlans({ days: days(365, daytime), plans: [FLAT, TOU], currentCode: 'FLAT' });
    expect(costs(result)).toEqual({ TOU: 803, FLAT: 1022 });
    expect(result.plans[0]).toMatchObject({ code: 'TOU', saving: 219 });
    // Already on the cheapest plan: no better offer.
    const onTou = comparePlans({ days: days(365, daytime), plans: [TOU, FLAT], currentCode: 'TOU' });
    expect(betterOfferOf(onTou.plans, 50)).toBeNull();
    expect(onTou.plans[1]).toMatchObject({ code: 'FLAT', saving: -219 });
  });

  it("picks a solar customer's best plan by how much they export", () => {
    // A: 100c supply, 30c usage, 5c feed-in. B (needs solar): 110c, 32c, 10c. 5 kWh imported a day.
    const a = tariff({
      code: 'SOLAR-A',
      feed_in_cents_per_kwh: '5.00',
      offer: { segments: ['residential'] },
    });
    const b = tariff({
      code: 'SOLAR-B',
      supply_cents_per_day: '110.00',
      usage: { type: 'flat', cents_per_kwh: '32.00' },
      feed_in_cents_per_kwh: '10.00',
      offer: { segments: ['residential'], requires_solar: true },
    });
    const imports = halfHours({ '19:00': 2, '19:30': 2, '20:00': 1 });
    const exporting = (kwh: number) => () => [
      channel('E1', imports),
      channel('B1', halfHours({ '11:00': kwh / 2, '11:30': kwh / 2 })),
    ];
    // 2 kWh exported: A 100 + 150 - 10 = 240c ($876.00), B 110 + 160 - 20 = 250c ($912.50).
    const little = comparePlans({ days: days(365, exporting(2)), plans: [a, b], currentCode: 'SOLAR-A' });
    expect(costs(little)).toEqual({ 'SOLAR-A': 876, 'SOLAR-B': 912.5 });
    expect(little.plans[0]?.code).toBe('SOLAR-A');
    expect(little.plans[1]).toMatchObject({ usage: 584, supply: 401.5, solar_credit: 73 });
    // 10 kWh exported: A 100 + 150 - 50 = 200c ($730.00), B 110 + 160 - 100 = 170c ($620.50).
    const lots = comparePlans({ days: days(365, exporting(10)), plans: [a, b], currentCode: 'SOLAR-A' });
    expect(costs(lots)).toEqual({ 'SOLAR-A': 730, 'SOLAR-B': 620.5 });
    expect(lots.plans[0]).toMatchObject({ code: 'SOLAR-B', solar_credit: 365, saving: 109.5 });
    expect(lots.plans[0]?.how).toContain(
      'Solar credit: 3,650 kWh sent to the grid at 10.00c a kWh: minus $365.00.',
    );
    // B is open only to a customer with solar.
    const customer = { segment: 'residential' as const, importSuffixes: new Set(['E1']) };
    expect(isOpenTo(b, { ...customer, hasSolar: true })).toBe(true);
    expect(isOpenTo(b, { ...customer, hasSolar: false })).toBe(false);
    expect(isOpenTo(a, { ...customer, hasSolar: false })).toBe(true);
    expect(isOpenTo(a, { ...customer, segment: 'sme', hasSolar: false })).toBe(false);
  });

  it('prices a controlled-load circuit at its own rate, with the usage discount, and adds up as shown', () => {
    // 4 kWh on E1 (general) and 5 kWh on E2 (hot water) a day.
    // FLAT has no controlled-load price: 9 x 30c + 100c = 370c a day, x 365 = $1,350.50.
    // FLAT-CL: (4 x 31c + 5 x 15c) x 0.9 = 179.1c usage + 105c supply = 284.1c a day; x 365: usage $653.715,
    // supply $383.25, total $1,036.965, shown $1,036.97 (half away from zero) = $653.72 + $383.25.
    const flatCl = tariff({
      code: 'FLAT-CL',
      supply_cents_per_day: '105.00',
      usage: { type: 'flat', cents_per_kwh: '31.00' },
      controlled_load: { cents_per_kwh: '15.00' },
      discounts: { usage_percent: '10' },
      offer: { segments: ['residential'], requires_controlled_load: true },
    });
    const withHotWater = () => [
      channel('E1', halfHours({ '18:00': 2, '18:30': 2 })),
      channel('E2', halfHours({ '00:00': 2.5, '00:30': 2.5 })),
    ];
    const result = comparePlans({
      days: days(365, withHotWater),
      plans: [FLAT, flatCl],
      currentCode: 'FLAT',
    });
    expect(costs(result)).toEqual({ 'FLAT-CL': 1036.97, FLAT: 1350.5 });
    expect(result.plans[0]).toMatchObject({ usage: 653.72, supply: 383.25, saving: 313.53 });
    expect(result.plans[0]?.how[0]).toBe(
      'Usage: 3,285 kWh: 1,460 kWh at 31.00c a kWh, 1,825 kWh on your controlled-load circuit (E2) at 15.00c, less 10%: $653.72.',
    );
    // Open only to a customer with an E2 channel.
    const customer = { segment: 'residential' as const, hasSolar: false };
    expect(isOpenTo(flatCl, { ...customer, importSuffixes: new Set(['E1', 'E2']) })).toBe(true);
    expect(isOpenTo(flatCl, { ...customer, importSuffixes: new Set(['E1']) })).toBe(false);
  });

  it('scales 200 days of data to a year and says so', () => {
    // 100 days like the evening household (flat 280c, TOU 340c) and 100 days of 3 kWh at 01:00-02:30
    // (flat 90 + 100 = 190c, TOU 60 + 100 = 160c). Flat: 47,000c over 200 days, x 365 / 200 = $857.75;
    // TOU: 50,000c, x 365 / 200 = $912.50.
    const night = [channel('E1', halfHours({ '01:00': 1, '01:30': 1, '02:00': 1 }))];
    const mixed = (index: number) => (index % 2 === 0 ? evening() : night);
    const result = comparePlans({
      days: days(200, mixed, '2025-06-01'),
      plans: [TOU, FLAT],
      currentCode: 'TOU',
    });
    expect(result).toMatchObject({ daysWithData: 200, scaled: true, enoughData: true });
    expect(costs(result)).toEqual({ FLAT: 857.75, TOU: 912.5 });
    expect(result.plans[0]?.how.at(-1)).toBe(
      'Priced on your 200 days of data, then scaled to a year (x 365 / 200).',
    );
  });

  it(`refuses below ${PLAN_MIN_DAYS} days of data`, () => {
    const short = comparePlans({
      days: days(PLAN_MIN_DAYS - 1, evening),
      plans: [FLAT, TOU],
      currentCode: 'FLAT',
    });
    expect(short).toMatchObject({ daysWithData: PLAN_MIN_DAYS - 1, enoughData: false, plans: [] });
    const enough = comparePlans({
      days: days(PLAN_MIN_DAYS, evening),
      plans: [FLAT, TOU],
      currentCode: 'FLAT',
    });
    expect(enough.enoughData).toBe(true);
  });

  it('does not count a day without import reads, nor a null-data channel', () => {
    const list = days(365, evening);
    list[0] = { ...list[0], channels: [] } as PlanDay;
    list[1] = { ...list[1], channels: [{ ...channel('E1', halfHours({})), quality: 'N' }] } as PlanDay;
    const result = comparePlans({ days: list, plans: [FLAT], currentCode: 'FLAT' });
    // 363 days of 280c = 101,640c, x 365 / 363 = 102,200c exactly: the same $1,022.00.
    expect(result).toMatchObject({ daysWithData: 363, scaled: true });
    expect(costs(result)).toEqual({ FLAT: 1022 });
  });

  it('applies Happy Hours to every plan alike', () => {
    // Daytime household, free 11:00-13:00 on weekdays: on a weekday 2 kWh are charged (10:00-11:00).
    const list = days(365, daytime).map((day) => ({
      ...day,
      freeWindows: [{ fromMinute: 660, toMinute: 780 }],
    }));
    const result = comparePlans({ days: list, plans: [FLAT], currentCode: 'FLAT' });
    // 2025 has 261 weekdays and 104 weekend days: 261 x (2 x 30 + 100) + 104 x (6 x 30 + 100) = 41,760 + 29,120
    // = 70,880c = $708.80.
    expect(costs(result)).toEqual({ FLAT: 708.8 });
    expect(result.plans[0]?.how).toContain(
      'Usage in your Happy Hours is free on weekdays, as it is on your plan today.',
    );
    // 261 weekdays x 2 kWh + 104 weekend days x 6 kWh = 1,146 kWh charged; 261 x 4 = 1,044 kWh free.
    expect(result.plans[0]?.how[0]).toBe(
      'Usage: 2,190 kWh: 1,146 kWh at 30.00c a kWh, 1,044 kWh free in your Happy Hours: $343.80.',
    );
  });
});
