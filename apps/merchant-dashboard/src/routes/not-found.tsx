import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

export default function NotFoundPage() {
  return (
    <main className="md-auth">
      <div className="md-auth__card">
        <h1>Page not found</h1>
        <p>The page you asked for does not exist.</p>
        <Link to={paths.dashboard}>Go to your dashboard</Link>
      </div>
    </main>
  );
}
