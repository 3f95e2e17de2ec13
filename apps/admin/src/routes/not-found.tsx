import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

export default function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found · PriceHunt admin';
  }, []);
  return (
    <main className="adm-auth">
      <div className="adm-auth__panel">
        <h1>Page not found</h1>
        <p>There is no admin page at this address.</p>
        <Link to={paths.overview}>Go to the overview</Link>
      </div>
    </main>
  );
}
