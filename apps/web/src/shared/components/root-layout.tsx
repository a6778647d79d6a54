/**
 * The furniture around every screen (docs/screens.md): skip link, navigation bar, the account's navigation (when
 * the route has an account id), alert banner, the screen, and the footer with the current route's account id. Routes ask for the Happy Hours disclaimer through their
 * `handle` ({ additionalDisclaimer: true }).
 */
import { copy } from '@portal/contracts';
import { Outlet, ScrollRestoration, useMatches, useParams } from 'react-router';
import { AccountNav } from './account-nav.tsx';
import { AlertBanner } from './alert-banner.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

export interface RouteHandle {
  additionalDisclaimer?: boolean;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null;
}

export function RootLayout() {
  const { accountId } = useParams();
  const additionalDisclaimer = useMatches().some(
    (match) => isRouteHandle(match.handle) && match.handle.additionalDisclaimer === true,
  );
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {copy.skipToContent}
      </a>
      <header className="app__header">
        <Navbar />
        {accountId && <AccountNav accountId={accountId} />}
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <AlertBanner />
        <Outlet />
      </main>
      <Footer accountId={accountId} showAdditionalDisclaimer={additionalDisclaimer} />
      <ScrollRestoration />
    </div>
  );
}
