/**
 * The navigation bar (docs/screens.md furniture, docs/rules.md#states-and-transitions menu): logo to the retailer's site, Help Centre and account
 * links. Below 48em the links are collapsed behind the menu button; on wider screens they always show (the
 * stylesheet overrides `hidden` there and hides the button). The open menu closes on Escape, giving the focus
 * back to the button, which shows its state (aria-expanded, and a cross instead of the bars).
 */
import { copy } from '@portal/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useClientConfig } from '../config/client-config.tsx';
import { ExternalLink } from './external-link.tsx';
import { Logo } from './logo.tsx';
import './navbar.css';

export function Navbar() {
  const { retailer, showLinks } = useClientConfig();
  const [open, setOpen] = useState(false);
  const linksId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A new screen starts with the menu collapsed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => setOpen(false), [pathname]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <nav className="navbar" aria-label={copy.mainNavigation} onKeyDown={onKeyDown}>
      <div className="navbar__inner">
        <ExternalLink href={retailer.siteUrl} className="navbar__brand">
          <Logo name={retailer.name} />
        </ExternalLink>
        {showLinks && (
          <>
            <button
              ref={toggle}
              type="button"
              className="navbar__toggle"
              aria-expanded={open}
              aria-controls={linksId}
              onClick={() => setOpen((value) => !value)}
            >
              <span className="navbar__toggle-icon" aria-hidden="true" />
              <span className="navbar__toggle-label">{copy.menu}</span>
            </button>
            <ul id={linksId} className="navbar__links" hidden={!open}>
              <li>
                <ExternalLink href={retailer.helpCentreUrl} className="navbar__link">
                  {copy.helpCentre}
                </ExternalLink>
              </li>
              <li>
                <ExternalLink href={retailer.accountSiteUrl} className="navbar__link">
                  {copy.myAccount}
                </ExternalLink>
              </li>
            </ul>
          </>
        )}
      </div>
    </nav>
  );
}
