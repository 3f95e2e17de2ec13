import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useRenderStatus } from '../lib/route-data';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  useRenderStatus(404);
  return (
    <div className="ph-page ph-not-found">
      <p className="ph-not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <p className="ph-not-found__actions">
        <Link className="ph-link-button" to={paths.home}>
          Search for a product
        </Link>
        <Link to={paths.browse}>Browse categories</Link>
      </p>
    </div>
  );
}
