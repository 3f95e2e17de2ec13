import { safeNextPath, useBusinessAuth } from '@pricehunt/auth';
import { AdminMessages } from '@pricehunt/contracts';
import { Button, handleAsync, TextField } from '@pricehunt/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';

/** /admin-login: business credentials; only an account with admin access gets in. */
export default function AdminLoginPage() {
  const { login, logout, status, isAdmin } = useBusinessAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const next = safeNextPath(location.search, paths.overview);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = 'Log in · PriceHunt admin';
  }, []);

  if (status === 'signed-in' && isAdmin && !submitting) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError(!email.trim() ? 'Email is required' : 'Password is required');
      return;
    }
    setSubmitting(true);
    try {
      const result = await login(email, password);
      if (!result.success) {
        setError(result.error);
        return;
      }
      if (!result.business.isAdmin) {
        // A merchant account has no business in the console: end the session this form just opened.
        await logout();
        setError(AdminMessages.noAdminAccess);
        return;
      }
      navigate(next, { replace: true });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="adm-auth">
      <form className="adm-auth__panel" onSubmit={handleAsync(onSubmit, 'Logging in failed:')} noValidate aria-labelledby="admin-login-title">
        <p className="adm-brand">PriceHunt</p>
        <h1 id="admin-login-title">Admin console</h1>
        <p className="adm-muted">Log in with an administrator account.</p>
        <TextField label="Email" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {error ? (
          <p role="alert" className="adm-error">
            {error}
          </p>
        ) : null}
        <Button type="submit" loading={submitting} fullWidth>
          Log in
        </Button>
      </form>
    </main>
  );
}
