import { businessRegisterBodySchema, fieldErrorsFromIssues } from '@pricehunt/contracts';
import { useBusinessAuth } from '@pricehunt/auth';
import { isApiError } from '@pricehunt/api-client';
import { handleAsync } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ErrorText } from '../../lib/error-text';
import { AuthLayout } from './auth-layout';
import { Field, NewPasswordField } from './field';

type Errors = Partial<Record<'email' | 'password' | 'storeDomain' | 'form', string>>;

/** The form's fields, its errors per field, and the submit that registers (checked here first, then by the API). */
function useRegisterForm() {
  const auth = useBusinessAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [storeDomain, setStoreDomain] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  /** The server's "check your inbox" once registered (the same whether the address was new or not). */
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = businessRegisterBodySchema.safeParse({ email, password, ...(storeDomain.trim() ? { storeDomain } : {}) });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of fieldErrorsFromIssues(parsed.error.issues)) next[issue.field as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await auth.register(parsed.data);
      if (result.success) {
        setSent(result.message);
        setBusy(false);
        return;
      }
      const field = result.field === 'email' || result.field === 'password' || result.field === 'storeDomain' ? result.field : 'form';
      setErrors({ [field]: result.error || 'Registration failed' });
    } catch (error) {
      setErrors({ form: isApiError(error) ? error.message : 'Registration failed' });
    }
    setBusy(false);
  };
  return { signedIn: Boolean(auth.business), email, setEmail, password, setPassword, storeDomain, setStoreDomain, errors, busy, sent, submit };
}

export default function RegisterPage() {
  const form = useRegisterForm();
  const { errors } = form;

  if (form.signedIn && !form.busy) return <Navigate to={paths.dashboard} replace />;
  if (form.sent) return <CheckInbox message={form.sent} />;

  return (
    <AuthLayout
      title="Create your business account"
      footer={<LogInPrompt question="Already registered?" />}
    >
      <form onSubmit={handleAsync(form.submit, 'Registering failed:')} noValidate aria-label="Create account">
        <Field label="Email" type="email" autoComplete="email" value={form.email} onChange={(e) => form.setEmail(e.target.value)} error={errors.email} required />
        <NewPasswordField value={form.password} onValue={form.setPassword} error={errors.password} />
        <Field
          label="Store domain"
          value={form.storeDomain}
          onChange={(e) => form.setStoreDomain(e.target.value)}
          error={errors.storeDomain}
          hint="Where your shop lives, e.g. shop.example.com or acme.myshopify.com."
          placeholder="shop.example.com"
        />
        <ErrorText message={errors.form} />
        <button type="submit" className="md-button md-button--full" disabled={form.busy}>
          Create account
        </button>
      </form>
    </AuthLayout>
  );
}

/** The footer's way back to logging in, after its question. */
function LogInPrompt({ question }: { question: string }) {
  return (
    <p>
      {question} <Link to={paths.login}>Log in</Link>
    </p>
  );
}

/** After registering: the server's message, and how long the link works. */
function CheckInbox({ message }: { message: string }) {
  return (
    <AuthLayout
      title="Check your inbox"
      footer={<LogInPrompt question="Confirmed already?" />}
    >
      <p role="status" className="md-success">
        {message}
      </p>
      <p>The link works for two days. Nothing in your inbox? Check the spam folder, or register again to get a new link.</p>
    </AuthLayout>
  );
}
