/**
 * Happy Hours sign-up confirmation (docs/screens.md, docs/rules.md#states-and-transitions): 'Welcome! Time to
 * start saving'; from tomorrow the customer gets 2 hours of free electricity in their slot, with a link to
 * change it. The slot and its start are the server's (issue 26 item 3, `confirmation-shell.tsx`): the free hours
 * start on the next weekday, so a sign-up from Friday to Sunday names that Monday instead of saying "tomorrow",
 * and a confirmation opened after they started says since when.
 */
import { formatMessage, happyHoursCopy, paths, screenTitles } from '@portal/contracts';
import { Link } from 'react-router';
import { signupConfirmationText, slotStillInForce } from '../lib/confirmation.ts';
import { ConfirmationShell } from './confirmation-shell.tsx';

export function SignupConfirmationPage() {
  return (
    <ConfirmationShell
      title={screenTitles.happyHoursSignupConfirmation}
      titleId="confirmation-title"
      href={paths.happyHoursConfirmation.href}
    >
      {(state, today, accountId) => {
        const current = slotStillInForce(state);
        return (
          <>
            <p className="happy-hours__intro" data-testid="confirmation-text">
              {signupConfirmationText(state, today)}
            </p>
            {current && (
              <p className="happy-hours__status">
                {formatMessage(happyHoursCopy.currentSlot, { slot: current })}
              </p>
            )}
            <ul className="happy-hours__links">
              <li>
                <Link to={paths.happyHoursChangeSlot.href(accountId)}>{happyHoursCopy.changeLink}</Link>
              </li>
              <li>
                <Link to={paths.usage.href(accountId)}>{happyHoursCopy.trackerLink}</Link>
              </li>
            </ul>
          </>
        );
      }}
    </ConfirmationShell>
  );
}
