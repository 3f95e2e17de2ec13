import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAccount, type AuthMode } from '../features/account/account-context';
import { AuthForms } from '../features/account/auth-forms';
import { usePageTitle } from '../lib/use-page-title';

/** Only same-site paths are followed after sign-in. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : paths.home;
}

/** /login: the shopper sign-in page (with sign-up and forgot password). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, user, actions } = useAccount();
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'signup' ? 'signup' : 'login');
  usePageTitle(mode === 'signup' ? 'Create an account' : 'Sign in');

  if (status === 'signed-in' && user) {
    return (
      <div className="ph-page ph-login">
        <div className="ph-login__card">
          <h1>You are signed in</h1>
          <p>Signed in as {user.email}. Your history and favorites are saved to your account.</p>
          <p className="ph-login__links">
            <Link className="ph-link-button" to={paths.home}>
              Search for a product
            </Link>
            <button type="button" className="ph-text-button" onClick={() => void actions?.signOut()}>
              Sign out
            </button>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="ph-page ph-login">
      <div className="ph-login__card">
        <AuthForms mode={mode} onModeChange={setMode} onSuccess={() => {
            navigate(safeNext(params.get('next')), { replace: true });
          }} />
        <p className="ph-muted ph-login__why">An account keeps your search history and favorites on every device. Shopping stays free either way.</p>
      </div>
    </div>
  );
}
