import { safeNextPath, useBusinessAuth } from '@pricehunt/auth';
import { handleAsync } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ErrorText } from '../../lib/error-text';
import { AuthLayout } from './auth-layout';
import { Field } from './field';

export default function LoginPage() {
  const auth = useBusinessAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const next = safeNextPath(location.search, paths.dashboard);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (auth.business && !busy) return <Navigate to={next} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Enter your email and password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await auth.login(email, password);
      if (result.success) navigate(next, { replace: true });
      else setError(result.error || 'Login failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title="Log in to your dashboard"
      footer={
        <>
          <p>
            <Link to={paths.resetPassword}>Forgot your password?</Link>
          </p>
          <p>
            New to PriceHunt? <Link to={paths.register}>Create an account</Link>
          </p>
        </>
      }
    >
      <form onSubmit={handleAsync(submit, 'Logging in failed:')} noValidate aria-label="Log in">
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        <ErrorText message={error} />
        <button type="submit" className="md-button md-button--full" disabled={busy}>
          Log in
        </button>
      </form>
    </AuthLayout>
  );
}
