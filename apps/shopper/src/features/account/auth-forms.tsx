import { PASSWORD_HINT } from '@pricehunt/contracts';
import { Button, handleAsync, TextField } from '@pricehunt/ui';
import type { AuthMode } from './account-state';
import { useAuthForm } from './use-auth-form';

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

/** The links under a form to the other forms. */
function AuthSwitch({ mode, switchTo }: { mode: AuthMode; switchTo(next: AuthMode): void }) {
  return (
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
  );
}

/** Login, sign-up and forgot-password forms, on the real shopper account API. */
export function AuthForms({ mode, onModeChange, onSuccess, headingId }: AuthFormsProps) {
  const { ready, error, fieldErrors, notice, busy, submit, switchTo } = useAuthForm(mode, onModeChange, onSuccess);
  const submitLabel = mode === 'login' ? 'Sign in' : mode === 'signup' ? 'Create account' : 'Send reset link';
  return (
    <div className="ph-auth">
      <h2 id={headingId} className="ph-auth__title">
        {TITLES[mode]}
      </h2>
      <form className="ph-auth__form" onSubmit={handleAsync(submit)} noValidate aria-label={TITLES[mode]} key={mode}>
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
        <Button type="submit" fullWidth loading={busy} disabled={!ready}>
          {submitLabel}
        </Button>
      </form>
      <AuthSwitch mode={mode} switchTo={switchTo} />
    </div>
  );
}
