import { useBusinessAuth } from '@pricehunt/auth';
import { Button, handleAsync, PageSuspense, SkipLink } from '@pricehunt/ui';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';

const links = [
  { to: paths.overview, label: 'Overview', end: true },
  { to: paths.businesses, label: 'Businesses', end: false },
  { to: paths.catalog, label: 'Catalog', end: false },
  { to: paths.audit, label: 'Audit log', end: false },
];

/** The console's frame: navigation, the signed-in admin, and each page behind its own boundary and skeleton. */
export function AdminLayout() {
  const { business, logout } = useBusinessAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="adm-shell">
      <header className="adm-header">
        <SkipLink className="adm-skip" />
        <span className="adm-brand">
          PriceHunt <span className="adm-brand__tag">admin</span>
        </span>
        <nav aria-label="Console sections" className="adm-nav">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'adm-nav__link adm-nav__link--active' : 'adm-nav__link')}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="adm-header__account">
          <span className="adm-muted">{business?.email}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={handleAsync(async () => {
              await logout();
              navigate(paths.login, { replace: true });
            }, 'Logging out failed:')}
          >
            Log out
          </Button>
        </div>
      </header>
      <main id="main" className="adm-main">
        <PageSuspense resetKeys={[location.pathname]}>
          <Outlet />
        </PageSuspense>
      </main>
    </div>
  );
}
