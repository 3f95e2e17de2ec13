import { useBusinessAuth } from '@pricehunt/auth';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { handleAsync, PageSuspense, SkipLink } from '@pricehunt/ui';
import { paths } from '../../config/paths';

const NAV = [
  { to: paths.dashboard, label: 'Home', end: true },
  { to: paths.analytics, label: 'Analytics' },
  { to: paths.attribution, label: 'Attribution' },
  { to: paths.products, label: 'Products' },
  { to: paths.activity, label: 'Activity' },
  { to: paths.integrate, label: 'Integrate' },
  { to: paths.settings, label: 'Settings' },
] as const;

/** The dashboard frame: navigation, the signed-in store and logout; each child page loads lazily behind a skeleton. */
export function DashboardLayout() {
  const { business, logout } = useBusinessAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const signOut = async () => {
    await logout();
    navigate(paths.login, { replace: true });
  };
  return (
    <div className="md-shell">
      <SkipLink className="md-skip" />
      <aside className="md-sidebar">
        <p className="md-brand">
          PriceHunt <span>for business</span>
        </p>
        <nav aria-label="Dashboard">
          <ul>
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={{ pathname: item.to, search: keepRange(location.search) }} end={'end' in item ? item.end : false} className={({ isActive }) => (isActive ? 'active' : undefined)}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="md-main">
        <header className="md-topbar">
          <span className="md-topbar__store">{business?.storeName || business?.storeDomain || business?.email}</span>
          <button type="button" className="md-button md-button--secondary" onClick={handleAsync(signOut, 'Logging out failed:')}>
            Log out
          </button>
        </header>
        <main id="main" tabIndex={-1}>
          <PageSuspense resetKeys={[location.pathname]}>
            <Outlet />
          </PageSuspense>
        </main>
      </div>
    </div>
  );
}

/** Carries the chosen period from page to page. */
function keepRange(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ['from', 'to']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
