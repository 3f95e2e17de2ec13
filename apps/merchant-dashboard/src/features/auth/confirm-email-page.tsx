import { useBusinessAuth } from '@pricehunt/auth';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AuthLayout } from './auth-layout';

/**
 * /confirm-email?token=…: the link of the registration email. The merchant confirms with a click (a mail scanner that
 * opens the link uses nothing up); that confirms the address and signs in (then on to Integrate, the first step). A
 * used or expired link says so and offers the ways on.
 */
export default function ConfirmEmailPage() {
  const { confirmEmail } = useBusinessAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : 'This page needs the link from your confirmation email.');
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const result = await confirmEmail(token);
    if (result.success) navigate(paths.integrate, { replace: true });
    else {
      setError(result.error);
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={error ? 'This link does not work' : 'Confirm your email'}
      footer={
        <p>
          <Link to={paths.login}>Log in</Link> · <Link to={paths.register}>Create an account</Link>
        </p>
      }
    >
      {error ? (
        <>
          <p role="alert" className="md-error">
            {error}
          </p>
          <p>Logging in with your password sends a new link if your address is not confirmed yet.</p>
        </>
      ) : (
        <>
          <p>Confirm your address to finish creating your business account; you will be signed in.</p>
          <button type="button" className="md-button md-button--full" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Confirming…' : 'Confirm my email'}
          </button>
        </>
      )}
    </AuthLayout>
  );
}
