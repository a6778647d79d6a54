/** Happy Hours already registered (spec §2). Built by a later issue; for now its heading and a note. */
import { messages } from '@portal/contracts';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';

export function AlreadyRegisteredPage() {
  return <ComingSoon title={messages.alreadyRegistered} />;
}
