/** Settings: the email snapshot subscription (spec §2). Built by a later issue; for now its heading and a note. */
import { screenTitles } from '@portal/contracts';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';

export function SettingsPage() {
  return <ComingSoon title={screenTitles.settings} />;
}
