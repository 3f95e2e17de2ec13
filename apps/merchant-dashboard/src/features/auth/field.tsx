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
