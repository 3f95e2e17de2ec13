import { apiRequest, isApiError } from '@pricehunt/api-client';
import { passwordResetConfirmBodySchema, passwordSchema, successResponseSchema } from '@pricehunt/contracts';
import { handleAsync } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AuthLayout } from './auth-layout';
import { Field, NewPasswordField } from './field';

function RequestLink() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Enter the email of your account');
    setBusy(true);
    setError(null);
    try {
      const answer = await apiRequest('/api/business/auth/password-reset/request', { method: 'POST', body: { email }, schema: successResponseSchema });
      setMessage(answer.message ?? 'If an account exists for that email, a reset link is on its way.');
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'Could not send the link');
    } finally {
      setBusy(false);
    }
  };
  if (message) {
    return (
      <p role="status" className="md-success">
        {message}
      </p>
    );
  }
  return (
    <form onSubmit={handleAsync(submit, 'Requesting a reset link failed:')} noValidate aria-label="Request a reset link">
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} required />
      <button type="submit" className="md-button md-button--full" disabled={busy}>
        Send reset link
      </button>
    </form>
  );
}

function SetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = passwordSchema.safeParse(password);
    if (!check.success) return setError(check.error.issues[0]?.message ?? 'Choose another password');
    setBusy(true);
    setError(null);
    try {
      await apiRequest('/api/business/auth/password-reset/confirm', {
        method: 'POST',
        body: passwordResetConfirmBodySchema.parse({ token, password }),
        schema: successResponseSchema.passthrough(),
      });
      setDone(true);
    } catch (caught) {
      setError(isApiError(caught) ? (caught.fieldMessage('password') ?? caught.message) : 'Could not set the password');
    } finally {
      setBusy(false);
    }
  };
  if (done) {
    return (
      <p role="status" className="md-success">
        Your password was changed. <Link to={paths.login}>Log in</Link> with the new one.
      </p>
    );
  }
  return (
    <form onSubmit={handleAsync(submit, 'Setting the new password failed:')} noValidate aria-label="Choose a new password">
      <NewPasswordField label="New password" value={password} onValue={setPassword} error={error} />
      <button type="submit" className="md-button md-button--full" disabled={busy}>
        Set new password
      </button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthLayout
      title={token ? 'Choose a new password' : 'Reset your password'}
      footer={
        <p>
          <Link to={paths.login}>Back to log in</Link>
        </p>
      }
    >
      {token ? <SetPassword token={token} /> : <RequestLink />}
    </AuthLayout>
  );
}
