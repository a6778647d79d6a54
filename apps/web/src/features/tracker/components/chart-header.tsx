/**
 * The chart's heading between its previous and next arrows (docs/screens.md, docs/rules.md#states-and-transitions). An absent target leaves an empty
 * slot so that the heading never jumps. The day view adds its Week zoom button.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NavTarget } from '../lib/navigation.ts';

function Arrow({
  target,
  label,
  direction,
}: {
  target: NavTarget | null;
  label: string;
  direction: 'previous' | 'next';
}) {
  if (!target) return <span className="chart-header__arrow chart-header__arrow--absent" />;
  return (
    <Link
      to={target.href}
      className={`chart-header__arrow chart-header__arrow--${direction}`}
      aria-label={label}
      title={label}
      data-testid={`${direction}-link`}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </Link>
  );
}

export function ChartHeader({
  headingId,
  heading,
  previous,
  next,
  previousLabel,
  nextLabel,
  children,
}: {
  headingId: string;
  heading: string;
  previous: NavTarget | null;
  next: NavTarget | null;
  previousLabel: string;
  nextLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="chart-header">
      <div className="chart-header__nav">
        <Arrow target={previous} label={previousLabel} direction="previous" />
        <h2 id={headingId} className="chart-header__heading">
          {heading}
        </h2>
        <Arrow target={next} label={nextLabel} direction="next" />
      </div>
      {children && <div className="chart-header__actions">{children}</div>}
    </div>
  );
}
