/**
 * The CPU of comparing plans for one account (issue 17, docs/plans.md): a year of half-hourly reads priced
 * under 5 plans by `comparePlans`, the work GET /api/tracker/plans does on a first view (a second view of the
 * same usage version is a cache hit and prices nothing). Pure CPU in this process: the reads are modelled by
 * the demo's usage model (a household with a hot-water circuit, one with rooftop solar), not read from a
 * database, so the figure is the pricing alone. Reports the median and quartiles of each account's CPU time
 * (process.cpuUsage, user + system) over many accounts, after a warm-up.
 *   node --import tsx bench/plans/run.ts [--accounts 60] [--warmup 10]
 */
import { parseArgs } from 'node:util';
import { addDays, marketToday, type Tariff } from '@portal/contracts';
import { modelDay, type UsageProfile } from '../../apps/server/src/demo/usage-model.ts';
import { demoPlans, demoTariffs } from '../../apps/server/src/domains/billing/demo-tariffs.ts';
import type { ChannelDay } from '../../apps/server/src/domains/billing/spend.ts';
import { comparePlans, type PlanDay } from '../../apps/server/src/domains/tracker/plans.ts';

const { values: args } = parseArgs({
  options: { accounts: { type: 'string', default: '60' }, warmup: { type: 'string', default: '10' } },
});
const accounts = Number(args.accounts);
const warmup = Number(args.warmup);
const today = marketToday();

function yearOf(profile: UsageProfile): PlanDay[] {
  const days: PlanDay[] = [];
  for (let back = 365; back >= 1; back--) {
    const date = addDays(today, -back);
    const day = modelDay(profile, date);
    const channels: ChannelDay[] = [
      { suffix: 'E1', kind: 'import', intervalMinutes: 30, values: day.imported },
    ];
    if (day.controlledLoad)
      channels.push({ suffix: 'E2', kind: 'import', intervalMinutes: 30, values: day.controlledLoad });
    if (day.exported)
      channels.push({ suffix: 'B1', kind: 'export', intervalMinutes: 30, values: day.exported });
    days.push({ date, channels, freeWindows: [] });
  }
  return days;
}

const byCode = (code: string) => demoPlans.find((plan) => plan.code === code) as Tariff;
// 5 plans each: the current plan and the 4 residential plans open to the account.
const cases = {
  'hot water (E1 + E2)': {
    profile: (seed: number): UsageProfile => ({
      seed,
      segment: 'residential',
      size: 1,
      solarKw: 0,
      controlledLoad: true,
    }),
    plans: [
      demoTariffs.timeOfUse,
      byCode('PLAN-FLAT-2026'),
      byCode('PLAN-TOU-2026'),
      byCode('PLAN-FLAT-CL-2026'),
      demoTariffs.flat,
    ],
  },
  'solar (E1 + B1)': {
    profile: (seed: number): UsageProfile => ({
      seed,
      segment: 'residential',
      size: 1.1,
      solarKw: 6.6,
      controlledLoad: false,
    }),
    plans: [
      demoTariffs.solar,
      byCode('PLAN-FLAT-2026'),
      byCode('PLAN-TOU-2026'),
      byCode('PLAN-SOLAR-2026'),
      demoTariffs.timeOfUse,
    ],
  },
};

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

console.info(
  `Plans compared: ${accounts} accounts per case, a year (365 days) under 5 plans; node ${process.version}`,
);
for (const [name, { profile, plans }] of Object.entries(cases)) {
  const years = Array.from({ length: accounts + warmup }, (_, index) => yearOf(profile(1000 + index)));
  const cpu: number[] = [];
  const wall: number[] = [];
  years.forEach((days, index) => {
    const startCpu = process.cpuUsage();
    const startWall = performance.now();
    const result = comparePlans({ days, plans, currentCode: plans[0]?.code ?? null });
    const used = process.cpuUsage(startCpu);
    if (result.plans.length !== 5) throw new Error('expected 5 plans priced');
    if (index < warmup) return;
    wall.push(performance.now() - startWall);
    cpu.push((used.user + used.system) / 1000);
  });
  cpu.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  const f = (ms: number) => ms.toFixed(1);
  console.info(
    `${name}: CPU per account median ${f(quantile(cpu, 0.5))} ms (quartiles ${f(quantile(cpu, 0.25))}-${f(quantile(cpu, 0.75))}), wall median ${f(quantile(wall, 0.5))} ms`,
  );
}
