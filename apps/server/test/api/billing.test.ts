/** Tariffs in the database and pricing stored reads with them: a plan change prices each day by its plan. */
import { addDays } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, tariffs } from '../../src/db/schema.ts';
import { demoTariffs } from '../../src/domains/billing/demo-tariffs.ts';
import { toDollars } from '../../src/domains/billing/money.ts';
import { priceDays } from '../../src/domains/billing/spend.ts';
import { importTariffs, tariffAssignmentsOf } from '../../src/domains/billing/tariff-store.ts';
import { energyReadsOf } from '../../src/domains/meter-data/queries.ts';
import { wholeMeter } from '../../src/domains/meter-data/supply-period.ts';
import { testAppForFile } from '../helpers/app.ts';
import { suiteToday } from '../helpers/suite-clock.ts';

const t = testAppForFile();

async function accountId(publicId: string) {
  const [row] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.publicId, publicId));
  return row?.id as string;
}

describe('tariffs of an account', () => {
  it('gives demo-home its flat plan and, from five weeks ago, time of use', async () => {
    const today = suiteToday();
    const assignments = await tariffAssignmentsOf(t.db, await accountId('demo-home'));
    expect(assignments.map((a) => [a.startDate, a.tariff.code])).toEqual([
      ['1900-01-01', 'FLAT-2026'],
      [addDays(today, -35), 'TOU-2026'],
    ]);
  });

  it('prices each stored day under the plan in force that day', async () => {
    const today = suiteToday();
    const from = addDays(today, -42);
    const to = addDays(today, -1);
    const reads = await energyReadsOf(t.db, wholeMeter('6001000001'), from, to);
    const days = priceDays({
      reads: reads.map((read) => ({
        date: read.readDate,
        suffix: read.suffix,
        kind: read.kind as 'import' | 'export',
        intervalMinutes: read.intervalMinutes,
        values: read.intervalValues,
        quality: read.quality,
      })),
      assignments: await tariffAssignmentsOf(t.db, await accountId('demo-home')),
    });
    expect(days.size).toBe(42);
    expect(days.get(addDays(today, -36))?.tariffCode).toBe('FLAT-2026');
    expect(days.get(addDays(today, -35))?.tariffCode).toBe('TOU-2026');
    // A flat-rate day: supply plus every kWh at the flat rate (both channels: E2 is general usage on FLAT).
    const flatDay = days.get(addDays(today, -40));
    const kwh = reads
      .filter((read) => read.readDate === addDays(today, -40))
      .reduce((sum, read) => sum + read.intervalValues.reduce((a, b) => a + b, 0), 0);
    const usage = demoTariffs.flat.usage;
    if (usage.type !== 'flat') throw new Error('FLAT-2026 is a flat tariff');
    const expected =
      (Number(demoTariffs.flat.supply_cents_per_day) + (kwh / 1e6) * Number(usage.cents_per_kwh)) / 100;
    expect(toDollars(flatDay?.totalSpend ?? 0n)).toBeCloseTo(expected, 2);
  });

  it('sees a replaced tariff at once', async () => {
    const before = await tariffAssignmentsOf(t.db, await accountId('demo-happy'));
    expect(before[0]?.tariff.supply_cents_per_day).toBe(demoTariffs.flat.supply_cents_per_day);
    await importTariffs(t.db, [{ ...demoTariffs.flat, supply_cents_per_day: '99.5' }], { replace: true });
    const after = await tariffAssignmentsOf(t.db, await accountId('demo-happy'));
    expect(after[0]?.tariff.supply_cents_per_day).toBe('99.5');
    const [row] = await t.db.select().from(tariffs).where(eq(tariffs.code, 'FLAT-2026'));
    expect(row?.updatedAt.getTime()).toBeGreaterThan(row?.createdAt.getTime() ?? 0);
  });
});
