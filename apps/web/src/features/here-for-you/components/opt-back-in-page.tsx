/** Reduce & Be Rewarded opt back in (spec §2). Built by a later issue; for now its heading and a note. */
import { screenTitles } from '@portal/contracts';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';

export function OptBackInPage() {
  return <ComingSoon title={screenTitles.optBackIn} />;
}
