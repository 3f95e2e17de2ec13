import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { FieldMessages } from './text-field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  /** Error text; marks the select invalid and is read with it. */
  error?: string | null;
  hint?: string;
  children: ReactNode;
}

/** A labelled select with its hint and error wired as TextField wires an input's. */
export function SelectField({ label, error, hint, children, className, ...rest }: SelectFieldProps) {
  const id = `select-${useId()}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['ph-field', error ? 'ph-field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="ph-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...rest}
        id={id}
        className="ph-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      >
        {children}
      </select>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
