/**
 * The account's own navigation (issue 26 item 7, docs/screens.md furniture): on every screen with an account id,
 * links to the Tracker, Reduce & Reward and the plans, the current one marked. With the footer's Settings and
 * Feedback, every place of the account is at most two clicks from any screen, the ones reached from an email or
 * after an action included; the logo keeps linking to the retailer's site, as the specification says.
 */
import { copy, paths } from '@portal/contracts';
import { NavLink } from 'react-router';
import './account-nav.css';

export function AccountNav({ accountId }: { accountId: string }) {
  const links = [
    { to: paths.usage.href(accountId), label: copy.trackerNavLink },
    { to: paths.reduceAndReward.href(accountId), label: copy.reduceAndRewardNavLink },
    { to: paths.plans.href(accountId), label: copy.plansNavLink },
  ];
  return (
    <nav className="account-nav" aria-label={copy.accountNavigation}>
      <ul className="account-nav__links">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink className="account-nav__link" to={link.to}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
