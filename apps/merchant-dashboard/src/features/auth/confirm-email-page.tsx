import { useBusinessAuth } from '@pricehunt/auth';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AuthLayout } from './auth-layout';

/**
 * /confirm-email?token=…: the link of the registration email. Opening it confirms the address and signs the
 * merchant in (then on to Integrate, the first step); a used or expired link says so and offers the ways on.
 */
export default function ConfirmEmailPage() {
  const { confirmEmail } = useBusinessAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : 'This page needs the link from your confirmation email.');
  // The link is single-use: it is sent once, even when React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void confirmEmail(token).then((result) => {
      if (result.success) navigate(paths.integrate, { replace: true });
      else setError(result.error);
    });
  }, [token, confirmEmail, navigate]);

  return (
    <AuthLayout
      title={error ? 'This link does not work' : 'Confirming your email…'}
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
        <p role="status">One moment, we are confirming your address and signing you in.</p>
      )}
    </AuthLayout>
  );
}
