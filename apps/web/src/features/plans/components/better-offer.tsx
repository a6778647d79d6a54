/**
 * The Tracker week's better offer card (issue 17), in its last section: shown only when a plan on offer saves at least the
 * configured amount a year on the customer's own meter data, linking to the plans page. Nothing while the
 * comparison loads, when it fails, or when the customer is on their cheapest plan.
 */
import { betterOfferLine, formatCurrency, paths, planCopy } from '@portal/contracts';
import { Link } from 'react-router';
import { usePlans } from '../api/get-plans.ts';

export function BetterOfferCard({ accountId }: { accountId: string }) {
  const offer = usePlans(accountId).data?.better_offer;
  if (!offer) return null;
  return (
    <div className="overview-card overview-card--offer overview-card--wide" data-testid="better-offer">
      <dt>{planCopy.betterOfferTitle}</dt>
      <dd>
        <p className="overview-card__note">
          {betterOfferLine(offer.name, formatCurrency(offer.yearly_saving))}
        </p>
        <p className="overview-card__note">
          <Link to={paths.plans.href(accountId)}>{planCopy.betterOfferLink}</Link>
        </p>
      </dd>
    </div>
  );
}
