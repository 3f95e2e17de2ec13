import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';

const className = ({ isActive }: { isActive: boolean }) => (isActive ? 'adm-subnav__link adm-subnav__link--active' : 'adm-subnav__link');

/** The Catalog section's pages: retailers, imports and corrections; the feed sources refreshed on a schedule. */
export function CatalogNav() {
  return (
    <nav aria-label="Catalog pages" className="adm-subnav">
      <NavLink to={paths.catalog} end className={className}>
        Retailers &amp; imports
      </NavLink>
      <NavLink to={paths.sources} className={className}>
        Sources
      </NavLink>
    </nav>
  );
}
