/**
 * What the Tracker's week shows beyond the week (issue 28, issue 17): this quarter against last year, similar homes
 * and a better offer when one of our plans would have cost less on the customer's own meter data. Each arrives
 * after the first paint (its own call, its code a chunk of its own), so the cards sit at the end of the screen,
 * after the forms (issue 32, CLS 0): a card that appears there moves nothing the customer is already reading.
 * Above the chart, the same cards pushed the chart and the cards below them down as each arrived.
 */
import { trackerCopy } from '@portal/contracts';
import { lazy, Suspense, useId } from 'react';
import type { OverviewCard } from './tracker-view.ts';

import './tracker-overview.css';

// Loaded after the screen's code, which keeps the Tracker's first JavaScript within its budget.
const QuarterComparisonCard = lazy(() =>
  import('./quarter-comparison.tsx').then((module) => ({ default: module.QuarterComparisonCard })),
);
const SimilarHomesCard = lazy(() =>
  import('./similar-homes.tsx').then((module) => ({ default: module.SimilarHomesCard })),
);

export function TrackerInsights({
  accountId,
  business,
  offerCard: OfferCard,
}: {
  accountId: string;
  /** A business account: similar businesses rather than similar homes. */
  business: boolean;
  /** A card another feature adds (the plans' better offer), passed in by the app's router. */
  offerCard?: OverviewCard | undefined;
}) {
  const titleId = useId();
  return (
    <section className="tracker-overview tracker-insights" aria-labelledby={titleId}>
      <h2 id={titleId}>{trackerCopy.insightsTitle}</h2>
      <dl className="tracker-overview__grid">
        <Suspense fallback={null}>
          <QuarterComparisonCard accountId={accountId} />
          <SimilarHomesCard accountId={accountId} business={business} />
        </Suspense>
        {OfferCard && <OfferCard accountId={accountId} />}
      </dl>
    </section>
  );
}
