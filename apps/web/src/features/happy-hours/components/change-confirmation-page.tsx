/**
 * Happy Hours change confirmation (docs/screens.md): 'Success!', the free hours have changed to the customer's
 * slot, effective the following weekday (named, e.g. Monday 23 November). The slot and the date are the
 * server's, not the address's (issue 26 item 3, `confirmation-shell.tsx`); once the change applies it says
 * since when.
 */
import { happyHoursCopy, paths, screenTitles } from '@portal/contracts';
import { Link } from 'react-router';
import { changeConfirmationText } from '../lib/confirmation.ts';
import { ConfirmationShell } from './confirmation-shell.tsx';

export function ChangeConfirmationPage() {
  return (
    <ConfirmationShell
      title={screenTitles.happyHoursChangeConfirmation}
      titleId="change-confirmation-title"
      href={paths.happyHoursChangeConfirmation.href}
    >
      {(state, today, accountId) => (
        <>
          <p className="happy-hours__intro" data-testid="confirmation-text">
            {changeConfirmationText(state, today)}
          </p>
          <ul className="happy-hours__links">
            <li>
              <Link to={paths.happyHoursChangeSlot.href(accountId)}>{happyHoursCopy.changeLink}</Link>
            </li>
            <li>
              <Link to={paths.usage.href(accountId)}>{happyHoursCopy.trackerLink}</Link>
            </li>
          </ul>
        </>
      )}
    </ConfirmationShell>
  );
}
