/**
 * The plans' yearly costs as horizontal bars (issue 17), drawn by our own SVG like the Tracker's chart: one row
 * per plan, cheapest first, your plan marked. Decorative for assistive technology: the table beside it
 * carries every figure.
 */
import { formatCurrency, type PlanCost, planCopy } from '@portal/contracts';
import { planBars } from '../lib/plans-chart-model.ts';

const ROW = 12;
const BAR = 7;

export function PlansChart({ plans, labelledBy }: { plans: readonly PlanCost[]; labelledBy: string }) {
  const bars = planBars(plans);
  return (
    <figure className="plans-chart" aria-labelledby={labelledBy}>
      <ol className="plans-chart__rows" aria-hidden="true">
        {bars.map((bar) => (
          <li key={bar.code} className={bar.current ? 'plans-chart__row is-current' : 'plans-chart__row'}>
            <span className="plans-chart__name">
              {bar.name}
              {bar.current && <span className="plans-chart__tag">{planCopy.current}</span>}
            </span>
            <svg
              className="plans-chart__bar"
              viewBox={`0 0 100 ${ROW}`}
              preserveAspectRatio="none"
              focusable="false"
              aria-hidden="true"
            >
              <rect x="0" y={(ROW - BAR) / 2} width={100} height={BAR} className="plans-chart__track" />
              <rect
                x="0"
                y={(ROW - BAR) / 2}
                width={bar.width * 100}
                height={BAR}
                className="plans-chart__fill"
              />
            </svg>
            <span className="plans-chart__cost">{formatCurrency(bar.cost)}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
