import { NotFoundPanel } from '@pricehunt/ui';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

export default function NotFoundPage() {
  return (
    <NotFoundPanel className="md-auth" panelClassName="md-auth__card" message="The page you asked for does not exist.">
      <Link to={paths.dashboard}>Go to your dashboard</Link>
    </NotFoundPanel>
  );
}
