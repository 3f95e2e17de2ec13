import { handleAsync, SkipLink } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAccount } from '../features/account/account-context';

function AccountArea() {
  const { status, user, actions, openAuth } = useAccount();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (status === 'loading') return <span className="ph-header__account-placeholder" aria-hidden="true" />;
  if (!user) {
    return (
      <button type="button" className="ph-header__signin" onClick={() => openAuth('login')}>
        Sign in
      </button>
    );
  }
  const name = user.email;
  return (
    <div className="ph-header__user">
      <span className="ph-header__who" title={user.email}>
        <span className="ph-header__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="ph-header__name">
          <span className="ph-visually-hidden">Signed in as </span>
          {name}
        </span>
      </span>
      <button
        type="button"
        className="ph-text-button"
        disabled={busy || !actions}
        onClick={handleAsync(async () => {
          setBusy(true);
          try {
            await actions?.signOut();
            toast.info('Signed out');
          } finally {
            setBusy(false);
          }
        }, 'Signing out failed:')}
      >
        Sign out
      </button>
    </div>
  );
}

/** The signed-in shopper's watches; signed out there are none to list. */
function WatchesLink() {
  const { user } = useAccount();
  return user ? <NavLink to={paths.watches}>Watches</NavLink> : null;
}

/** Header, page and footer around every route. */
export function Layout() {
  return (
    <div className="ph-app">
      <SkipLink className="ph-skip-link" />
      <header className="ph-header">
        <div className="ph-header__inner">
          <Link to={paths.home} className="ph-logo" aria-label="PriceHunt home">
            <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="8" fill="currentColor" />
              <path d="M9 22l5-6 4 3 6-8" stroke="#fff" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>PriceHunt</span>
          </Link>
          <nav className="ph-nav" aria-label="Main">
            <NavLink to={paths.browse}>Browse</NavLink>
            <NavLink to={paths.deals}>Deals</NavLink>
            <NavLink to={paths.history}>History</NavLink>
            <NavLink to={paths.favorites}>Favorites</NavLink>
            <WatchesLink />
          </nav>
          <div className="ph-header__account">
            <AccountArea />
          </div>
        </div>
      </header>
      <main id="main" className="ph-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="ph-footer">
        <div className="ph-footer__inner">
          <p>PriceHunt compares prices across retailers. Links to retailers may earn us a commission; it never changes the order of offers.</p>
          <p>
            <Link to={paths.browse}>Browse</Link> · <Link to={paths.deals}>Deals</Link> · <Link to={paths.history}>History</Link> ·{' '}
            <Link to={paths.favorites}>Favorites</Link>
          </p>
        </div>
      </footer>
    </div>
  );
}
