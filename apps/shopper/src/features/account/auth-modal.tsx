import { useEffect, useId, useRef } from 'react';
import { useToast } from '@pricehunt/ui-toast';
import { AuthForms } from './auth-forms';
import type { AuthMode } from './account-context';

export interface AuthModalProps {
  mode: AuthMode;
  onModeChange(mode: AuthMode): void;
  onClose(): void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** The auth dialog: modal, closed by Escape or the close button, keeps keyboard focus inside while open. */
export function AuthModal({ mode, onModeChange, onClose }: AuthModalProps) {
  const headingId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const toast = useToast();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === 'Tab' && dialogRef.current) {
        const items = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('ph-no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('ph-no-scroll');
      previous?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="ph-modal" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="ph-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={headingId} ref={dialogRef}>
        <button type="button" className="ph-modal__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        <AuthForms
          mode={mode}
          onModeChange={onModeChange}
          headingId={headingId}
          onSuccess={(email) => {
            toast.success(mode === 'signup' ? `Account created. Signed in as ${email}` : `Signed in as ${email}`);
            onClose();
          }}
        />
      </div>
    </div>
  );
}
