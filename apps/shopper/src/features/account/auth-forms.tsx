import { Button, TextField } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { useAccount, type AuthMode } from './account-context';

export interface AuthFormsProps {
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  /** Called after a successful sign-in or sign-up with the signed-in email. */
  onSuccess?(email: string): void;
  /** Id for the form's heading, so a dialog can be named by it. */
  headingId?: string;
}

const TITLES: Record<AuthMode, string> = {
  login: 'Sign in to PriceHunt',
  signup: 'Create your PriceHunt account',
  forgot: 'Reset your password',
};

function readField(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

/** Login, sign-up and forgot-password forms, on the real shopper account API. */
export function AuthForms({ mode, onModeChange, onSuccess, headingId }: AuthFormsProps) {
  const { actions } = useAccount();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const switchTo = (next: AuthMode) => {
    setError(null);
    setNotice(null);
    onModeChange(next);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!actions || busy) return;
    const form = event.currentTarget;
    const email = readField(form, 'email').trim();
    const password = readField(form, 'password');
    if (!email) return setError('Enter your email address');
    if (mode !== 'forgot' && !password) return setError('Enter your password');
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      if (mode === 'forgot') {
        const failure = await actions.requestPasswordReset(email);
        if (failure) setError(failure);
        else setNotice(`If an account exists for ${email}, we have sent it a link to reset the password.`);
        return;
      }
      const failure = mode === 'login' ? await actions.signIn(email, password) : await actions.signUp(email, password);
      if (failure) setError(failure);
      else onSuccess?.(email);
    } finally {
      setBusy(false);
    }
  }

  const submitLabel = mode === 'login' ? 'Sign in' : mode === 'signup' ? 'Create account' : 'Send reset link';
  return (
    <div className="ph-auth">
      <h2 id={headingId} className="ph-auth__title">
        {TITLES[mode]}
      </h2>
      <form className="ph-auth__form" onSubmit={submit} noValidate aria-label={TITLES[mode]} key={mode}>
        {error ? (
          <p className="ph-alert ph-alert--error" role="alert">
            {error}
          </p>
        ) : null}
        {notice ? (
          <p className="ph-alert ph-alert--info" role="status">
            {notice}
          </p>
        ) : null}
        <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus />
        {mode !== 'forgot' ? (
          <TextField
            label="Password"
            name="password"
            type="password"
            required
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            hint={mode === 'signup' ? 'At least 10 characters, with a letter and a digit.' : undefined}
          />
        ) : null}
        <Button type="submit" fullWidth loading={busy} disabled={!actions}>
          {submitLabel}
        </Button>
      </form>
      <div className="ph-auth__switch">
        {mode === 'login' ? (
          <>
            <button type="button" className="ph-text-button" onClick={() => switchTo('forgot')}>
              Forgot password?
            </button>
            <span>
              New here?{' '}
              <button type="button" className="ph-text-button" onClick={() => switchTo('signup')}>
                Create an account
              </button>
            </span>
          </>
        ) : (
          <span>
            {mode === 'signup' ? 'Already have an account?' : 'Remembered it?'}{' '}
            <button type="button" className="ph-text-button" onClick={() => switchTo('login')}>
              Sign in instead
            </button>
          </span>
        )}
      </div>
    </div>
  );
}
