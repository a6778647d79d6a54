/**
 * The footer (docs/screens.md furniture): the Tracker disclaimer, the contact phone, the legal entity, and on Happy
 * Hours pages the offer's additional disclaimer. Settings and Feedback links need the account id of the
 * current link; Settings can also be switched off by configuration.
 */
import { copy, formatMessage, paths } from '@portal/contracts';
import { Link } from 'react-router';
import { useClientConfig } from '../config/client-config.tsx';
import { renderMessage } from '../lib/render-message.tsx';
import { ExternalLink } from './external-link.tsx';
import { PhoneLink } from './phone-link.tsx';
import './footer.css';

export interface FooterProps {
  /** The account id of the current route, if it has one. */
  accountId?: string | undefined;
  /** The Happy Hours offer disclaimer (docs/screens.md). */
  showAdditionalDisclaimer?: boolean;
}

export function Footer({ accountId, showAdditionalDisclaimer = false }: FooterProps) {
  const { retailer, hideSettings } = useClientConfig();

  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav aria-label={copy.footerNavigation}>
          <ul className="footer__links">
            <li>
              <ExternalLink href={retailer.faqUrl}>{copy.faq}</ExternalLink>
            </li>
            {accountId && !hideSettings && (
              <li>
                <Link to={paths.settings.href(accountId)}>{copy.settingsLink}</Link>
              </li>
            )}
            {accountId && (
              <li>
                <Link to={paths.feedback.href(accountId)}>{copy.feedbackLink}</Link>
              </li>
            )}
          </ul>
        </nav>
        {showAdditionalDisclaimer && (
          <p className="footer__disclaimer footer__disclaimer--offer" data-testid="additional-disclaimer">
            {formatMessage(copy.happyHoursDisclaimer, { retailer: retailer.name })}{' '}
            <ExternalLink href={retailer.happyHoursConditionsUrl}>
              {copy.happyHoursConditionsLink}
            </ExternalLink>
            .
          </p>
        )}
        <p className="footer__disclaimer">{copy.footerDisclaimer}</p>
        <p className="footer__contact">
          {renderMessage(copy.footerContact, { phone: <PhoneLink phone={retailer.phone} /> })}
        </p>
        <p className="footer__legal">{retailer.legalEntity}</p>
      </div>
    </footer>
  );
}
