/**
 * The plans chart's geometry (issue 17): one horizontal bar per plan, cheapest first, in plot units of a
 * 100-wide viewBox, each bar as long as its yearly cost against the dearest. Pure, so it is tested alone.
 */
import type { PlanCost } from '@portal/contracts';

export interface PlanBar {
  code: string;
  name: string;
  current: boolean;
  cost: number;
  /** Share of the plot width, 0-1. */
  width: number;
}

export function planBars(plans: readonly PlanCost[]): PlanBar[] {
  const highest = Math.max(0, ...plans.map((plan) => plan.yearly_cost));
  return plans.map((plan) => ({
    code: plan.code,
    name: plan.name,
    current: plan.current,
    cost: plan.yearly_cost,
    width: highest > 0 ? Math.max(0, plan.yearly_cost) / highest : 0,
  }));
}
