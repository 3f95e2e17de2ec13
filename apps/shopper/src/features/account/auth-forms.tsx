import { isRepetitivePassword, passwordMatchesEmail, PASSWORD_HINT, PASSWORD_MIN_LENGTH, PasswordMessages } from '@pricehunt/contracts';
import { Button, TextField } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { useAccount, type ActionFailure, type AuthMode } from './account-state';

export interface AuthFormsProps {
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  /** Called after a successful sign-in with the signed-in email (a sign-up answers "check your inbox" in the form). */
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

/** The rules of a new password the form can check itself (the server also refuses commonly used passwords). */
function newPasswordProblem(password: string, email: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PasswordMessages.tooShort;
  if (passwordMatchesEmail(password, email)) return PasswordMessages.isEmail;
  if (isRepetitivePassword(password)) return PasswordMessages.repetitive;
  return null;
}

/** Login, sign-up and forgot-password forms, on the real shopper account API. */
export function AuthForms({ mode, onModeChange, onSuccess, headingId }: AuthFormsProps) {
  const { actions } = useAccount();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const switchTo = (next: AuthMode) => {
    setError(null);
    setFieldErrors({});
    setNotice(null);
    onModeChange(next);
  };
  /** A failure about the email or the password shows under that field, any other above the form. */
  const show = (failure: ActionFailure) => {
    if (failure.field === 'email' || failure.field === 'password') setFieldErrors({ [failure.field]: failure.error });
    else setError(failure.error);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!actions || busy) return;
    const form = event.currentTarget;
    const email = readField(form, 'email').trim();
    const password = readField(form, 'password');
    setError(null);
    setFieldErrors({});
    setNotice(null);
    if (!email) return setFieldErrors({ email: 'Enter your email address' });
    if (mode !== 'forgot' && !password) return setFieldErrors({ password: 'Enter your password' });
    const weak = mode === 'signup' ? newPasswordProblem(password, email) : null;
    if (weak) return setFieldErrors({ password: weak });
    setBusy(true);
    try {
      if (mode === 'forgot') {
        const failure = await actions.requestPasswordReset(email);
        if (failure) show(failure);
        else setNotice(`If an account exists for ${email}, we have sent it a link to reset the password.`);
        return;
      }
      if (mode === 'signup') {
        const outcome = await actions.signUp(email, password);
        // Signed up: nobody is signed in until the emailed link is opened.
        if ('notice' in outcome) setNotice(outcome.notice);
        else show(outcome);
        return;
      }
      const failure = await actions.signIn(email, password);
      if (failure) show(failure);
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
        <TextField label="Email" name="email" type="email" autoComplete="email" required autoFocus error={fieldErrors.email} />
        {mode !== 'forgot' ? (
          <TextField
            label="Password"
            name="password"
            type="password"
            required
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            hint={mode === 'signup' ? PASSWORD_HINT : undefined}
            error={fieldErrors.password}
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
