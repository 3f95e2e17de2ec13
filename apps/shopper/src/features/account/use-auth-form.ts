import { isRepetitivePassword, passwordMatchesEmail, PASSWORD_MIN_LENGTH, PasswordMessages } from '@pricehunt/contracts';
import { useState, type FormEvent } from 'react';
import { useAccount, type AccountActions, type ActionFailure, type AuthMode } from './account-state';

export interface AuthFieldErrors {
  email?: string;
  password?: string;
}

export interface AuthFormState {
  /** Whether the account layer is there to act (the submit button is disabled until it is). */
  ready: boolean;
  error: string | null;
  fieldErrors: AuthFieldErrors;
  notice: string | null;
  busy: boolean;
  submit(event: FormEvent<HTMLFormElement>): Promise<void>;
  /** Shows another of the forms, with no message of the current one left over. */
  switchTo(next: AuthMode): void;
}

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

/** What the form itself finds wrong with its fields before asking the server, or null. */
function fieldProblem(mode: AuthMode, email: string, password: string): AuthFieldErrors | null {
  if (!email) return { email: 'Enter your email address' };
  if (mode !== 'forgot' && !password) return { password: 'Enter your password' };
  const weak = mode === 'signup' ? newPasswordProblem(password, email) : null;
  return weak ? { password: weak } : null;
}

type ActionOutcome = ActionFailure | { notice: string } | { signedIn: true };

/** Runs the form's action on the account layer. */
async function runAction(actions: AccountActions, mode: AuthMode, email: string, password: string): Promise<ActionOutcome> {
  if (mode === 'forgot') {
    const failure = await actions.requestPasswordReset(email);
    return failure ?? { notice: `If an account exists for ${email}, we have sent it a link to reset the password.` };
  }
  // Signed up: nobody is signed in until the emailed link is opened.
  if (mode === 'signup') return actions.signUp(email, password);
  return (await actions.signIn(email, password)) ?? { signedIn: true };
}

/** The state of the login, sign-up and forgot-password forms, and what submitting one does. */
export function useAuthForm(mode: AuthMode, onModeChange: (mode: AuthMode) => void, onSuccess?: (email: string) => void): AuthFormState {
  const { actions } = useAccount();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<AuthFieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clear = () => {
    setError(null);
    setFieldErrors({});
    setNotice(null);
  };
  const switchTo = (next: AuthMode) => {
    clear();
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
    clear();
    const problem = fieldProblem(mode, email, password);
    if (problem) return setFieldErrors(problem);
    setBusy(true);
    try {
      const outcome = await runAction(actions, mode, email, password);
      if ('notice' in outcome) setNotice(outcome.notice);
      else if ('signedIn' in outcome) onSuccess?.(email);
      else show(outcome);
    } finally {
      setBusy(false);
    }
  }

  return { ready: actions !== null, error, fieldErrors, notice, busy, submit, switchTo };
}
