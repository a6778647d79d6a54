import type { PlanCost } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { planBars } from './plans-chart-model.ts';

const plan = (code: string, yearly_cost: number, current = false) =>
  ({ code, name: code, yearly_cost, current }) as PlanCost;

describe('planBars', () => {
  it('draws each plan against the dearest, in the order given', () => {
    expect(planBars([plan('A', 500), plan('B', 1000, true)])).toEqual([
      { code: 'A', name: 'A', current: false, cost: 500, width: 0.5 },
      { code: 'B', name: 'B', current: true, cost: 1000, width: 1 },
    ]);
  });

  it('draws a year of solar credits (a negative cost) as no bar', () => {
    expect(planBars([plan('A', -20), plan('B', 0)]).map((bar) => bar.width)).toEqual([0, 0]);
  });
});
