import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal dialog: closed by Escape, the close button or a click beside it; keeps keyboard focus inside while open
 * and gives it back to where it was when it closes.
 */
export function Modal({ labelledBy, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);

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
      <div className="ph-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy} ref={dialogRef}>
        <button type="button" className="ph-modal__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
        {children}
      </div>
    </div>
  );
}
