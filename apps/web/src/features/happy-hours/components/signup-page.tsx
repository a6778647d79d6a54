/** Happy Hours landing and sign-up (spec §2). Built by a later issue; for now its heading and a note. */
import { screenTitles } from '@portal/contracts';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';

export function HappyHoursSignupPage() {
  return <ComingSoon title={screenTitles.happyHoursSignup} />;
}
