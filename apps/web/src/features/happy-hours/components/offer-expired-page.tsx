/** Offer expired, shared by Happy Hours and Reduce & Be Rewarded (spec §2, §4). Built by a later issue; for now its heading and a note. */
import { messages } from '@portal/contracts';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';

export function OfferExpiredPage() {
  return <ComingSoon title={messages.offerExpired} />;
}
