import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Error text; marks the input invalid and is read with it. */
  error?: string | null;
  /** Help text read with the input. */
  hint?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are wired with aria-describedby and aria-invalid. */
export function TextField({ label, error, hint, id, className, type = 'text', required, ...rest }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ph-field', error ? 'ph-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="ph-field__label" htmlFor={inputId}>
        {label}
        {required ? (
          <span className="ph-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input {...rest} id={inputId} type={type} required={required} className="ph-field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A field's hint and error under its control, with the ids its aria-describedby names. */
export function FieldMessages({ hint, hintId, error, errorId }: { hint?: string; hintId?: string; error?: string | null; errorId?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="ph-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ph-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
