import { apiRequest, isApiError } from '@pricehunt/api-client';
import { isRepetitivePassword, PASSWORD_HINT, PASSWORD_MIN_LENGTH, PasswordMessages, successResponseSchema } from '@pricehunt/contracts';
import { Button, handleAsync, TextField } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAccount } from '../features/account/account-context';
import { CardPage } from '../lib/card-page';
import { usePageTitle } from '../lib/use-page-title';

export const RESET_CONFIRM_PATH = '/api/shopper/auth/password-reset/confirm';

/** /reset-password?token=…: sets a new password from the emailed link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { openAuth } = useAccount();
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle('Choose a new password');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = new FormData(event.currentTarget).get('password');
    setError(null);
    setPasswordError(null);
    if (typeof password !== 'string' || !password) return setPasswordError('Enter a new password');
    if ([...password].length < PASSWORD_MIN_LENGTH) return setPasswordError(PasswordMessages.tooShort);
    if (isRepetitivePassword(password)) return setPasswordError(PasswordMessages.repetitive);
    setBusy(true);
    try {
      const answer = await apiRequest(RESET_CONFIRM_PATH, { method: 'POST', body: { token, password }, schema: successResponseSchema, errorMessage: 'The password could not be changed' });
      setDone(answer.message ?? 'Your password has been changed.');
    } catch (caught) {
      const forPassword = isApiError(caught) ? caught.fieldMessage('password') : undefined;
      if (forPassword) setPasswordError(forPassword);
      else setError(isApiError(caught) ? caught.message : 'The password could not be changed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardPage title="Choose a new password">
      {!token ? (
        <div className="ph-alert ph-alert--error" role="alert">
          <p>This page needs the link from the password-reset email.</p>
          <button type="button" className="ph-text-button" onClick={() => openAuth('forgot')}>
            Send a new link
          </button>
        </div>
      ) : done ? (
        <div className="ph-alert ph-alert--info" role="status">
          <p>{done}</p>
          <Link className="ph-link-button" to={paths.login}>
            Sign in
          </Link>
        </div>
      ) : (
        <form className="ph-auth__form" onSubmit={handleAsync(submit, 'Setting the new password failed:')} noValidate aria-label="Choose a new password">
          {error ? (
            <p className="ph-alert ph-alert--error" role="alert">
              {error}
            </p>
          ) : null}
          <TextField label="New password" name="password" type="password" autoComplete="new-password" required hint={PASSWORD_HINT} error={passwordError} />
          <Button type="submit" fullWidth loading={busy}>
            Set new password
          </Button>
        </form>
      )}
    </CardPage>
  );
}
