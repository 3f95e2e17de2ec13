import { keepFocusInside } from '@pricehunt/ui';
import { useEffect, useRef, type ReactNode } from 'react';

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
      } else keepFocusInside(event, dialogRef.current);
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
