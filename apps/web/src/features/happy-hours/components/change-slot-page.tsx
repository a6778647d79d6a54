/** Happy Hours change of time slot (spec §2). Built by a later issue; for now its heading and a note. */
import { screenTitles } from '@portal/contracts';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';

export function ChangeSlotPage() {
  return <ComingSoon title={screenTitles.happyHoursChangeSlot} />;
}
