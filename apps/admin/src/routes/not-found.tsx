import { NotFoundPanel } from '@pricehunt/ui';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

export default function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found · PriceHunt admin';
  }, []);
  return (
    <NotFoundPanel className="adm-auth" panelClassName="adm-auth__panel" message="There is no admin page at this address.">
      <Link to={paths.overview}>Go to the overview</Link>
    </NotFoundPanel>
  );
}
