import { Button, keepFocusInside } from '@pricehunt/ui';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** Label of the confirming button. */
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  /** An error from the last attempt, shown in the dialog. */
  error?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal confirmation: focus moves to Cancel when it opens (the safe choice), Escape and Cancel close it,
 * Tab stays inside, and focus goes back to what opened it.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, danger = false, busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    cancel.current?.focus();
    return () => opener?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation();
      onCancel();
      return;
    }
    keepFocusInside(event, panel.current);
  };

  return (
    <div className="adm-dialog__backdrop" onKeyDown={onKeyDown}>
      <div ref={panel} className="adm-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={children ? bodyId : undefined}>
        <h2 id={titleId} className="adm-dialog__title">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="adm-dialog__body">
            {children}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="adm-error">
            {error}
          </p>
        ) : null}
        <div className="adm-dialog__actions">
          <Button ref={cancel} variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
