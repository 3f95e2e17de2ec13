import { PASSWORD_HINT } from '@pricehunt/contracts';
import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input with its error read along (aria-describedby) and marked invalid. */
export function Field({ label, error, hint, ...input }: { label: string; error?: string | null; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="md-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <p id={`${id}-hint`} className="md-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="md-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The field where a new password is chosen, with the policy's hint and the browser's suggestion of a strong one. */
export function NewPasswordField({ label = 'Password', value, onValue, error }: { label?: string; value: string; onValue: (value: string) => void; error?: string | null }) {
  return <Field label={label} type="password" autoComplete="new-password" value={value} onChange={(e) => onValue(e.target.value)} error={error} hint={PASSWORD_HINT} required />;
}
