import { useBusinessAuth } from '@pricehunt/auth';
import { AdminMessages } from '@pricehunt/contracts';
import { Button, handleAsync } from '@pricehunt/ui';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Shown instead of any admin page to a signed-in business without admin access. */
export function NoAccess() {
  const { business, logout } = useBusinessAuth();
  const navigate = useNavigate();
  return (
    <main className="adm-auth">
      <div className="adm-auth__panel">
        <h1>Admin console</h1>
        <p role="alert" className="adm-error">
          {AdminMessages.noAdminAccess}
        </p>
        {business ? <p className="adm-muted">You are signed in as {business.email}.</p> : null}
        <Button
          variant="secondary"
          onClick={handleAsync(async () => {
            await logout();
            navigate(paths.login, { replace: true });
          }, 'Logging out failed:')}
        >
          Log in with another account
        </Button>
      </div>
    </main>
  );
}
