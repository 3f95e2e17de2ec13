import { useEffect, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { TOAST_EXIT_DURATION, TOAST_GAP, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD, TOAST_WIDTH } from './constants';
import { useToastList, type ToastRecord } from './toast-context';

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const ICONS: Record<ToastRecord['type'], string> = { success: '✓', error: '!', info: 'i' };

interface ToastItemProps {
  toast: ToastRecord;
  paused: boolean;
  onDismiss: (id: string) => void;
}

/** Dismisses the toast when its time is up; the time stops while `paused` and goes on from where it stopped. */
function useAutoDismiss(toast: ToastRecord, paused: boolean, onDismiss: (id: string) => void) {
  const remaining = useRef(toast.duration);
  const dismissed = toast.state === 'dismissed';

  // A toast replaced under the same id starts its time again.
  useEffect(() => {
    remaining.current = toast.duration;
  }, [toast.createdAt, toast.duration]);

  useEffect(() => {
    if (paused || dismissed || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, dismissed, toast.id, toast.createdAt, onDismiss]);
}

/** A sideways swipe past the threshold dismisses the toast; a shorter one springs back. */
function useSwipeToDismiss(id: string, dismissed: boolean, onDismiss: (id: string) => void) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (dismissed || (event.target as HTMLElement).closest('button')) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    setDragging(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    setOffset(event.clientX - drag.current.startX);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    const distance = event.clientX - drag.current.startX;
    drag.current = null;
    setDragging(false);
    if (Math.abs(distance) >= TOAST_SWIPE_THRESHOLD) {
      setOffset(distance);
      onDismiss(id);
    } else {
      setOffset(0);
    }
  };
  const onPointerCancel = () => {
    drag.current = null;
    setDragging(false);
    setOffset(0);
  };
  return { offset, dragging, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}

function ToastItem({ toast, paused, onDismiss }: ToastItemProps) {
  const dismissed = toast.state === 'dismissed';
  useAutoDismiss(toast, paused, onDismiss);
  const { offset, dragging, handlers } = useSwipeToDismiss(toast.id, dismissed, onDismiss);

  const style: CSSProperties = {
    transform: offset ? `translateX(${offset}px)` : undefined,
    transition: dragging ? 'none' : `transform ${TOAST_EXIT_DURATION}ms ease, opacity ${TOAST_EXIT_DURATION}ms ease`,
    opacity: dismissed ? 0 : 1,
    touchAction: 'pan-y',
  };

  return (
    <li
      className={`ph-toast ph-toast--${toast.type}`}
      data-type={toast.type}
      data-state={toast.state}
      data-swiping={dragging || undefined}
      aria-hidden={dismissed || undefined}
      style={style}
      {...handlers}
    >
      <span className="ph-toast__icon" aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <div className="ph-toast__body">
        <p className="ph-toast__message">{toast.message}</p>
        {toast.action ? (
          <button
            type="button"
            className="ph-toast__action"
            disabled={dismissed}
            onClick={() => {
              toast.action?.onClick();
              onDismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button type="button" className="ph-toast__close" aria-label="Close notification" onClick={() => onDismiss(toast.id)} disabled={dismissed}>
        ×
      </button>
    </li>
  );
}

export interface ToasterProps {
  /** Accessible name of the notification list. */
  label?: string;
}

/**
 * Shows the toasts of the surrounding `ToastProvider`: at most three, newest last, bottom right,
 * 356 px wide with 14 px between them. Hovering or focusing the list pauses the timers. Messages are
 * announced through live regions: politely for info and success, assertively for errors.
 */
export function Toaster({ label = 'Notifications' }: ToasterProps) {
  const { toasts, dismiss } = useToastList();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const shown = toasts.filter((toast) => toast.state === 'shown');
  const visible = toasts.filter((toast) => toast.state === 'dismissed' || shown.slice(-TOAST_LIMIT).includes(toast));

  const listStyle: CSSProperties = {
    position: 'fixed',
    right: 16,
    bottom: 16,
    zIndex: 1000,
    display: 'flex',
    flexDirection: 'column',
    gap: TOAST_GAP,
    width: TOAST_WIDTH,
    maxWidth: 'calc(100vw - 32px)',
    margin: 0,
    padding: 0,
    listStyle: 'none',
  };

  return (
    <>
      <section aria-label={label} className="ph-toaster">
        <ol
          className="ph-toaster__list"
          style={listStyle}
          data-paused={hovered || focused || undefined}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          {visible.map((toast) => (
            <ToastItem key={toast.id} toast={toast} paused={hovered || focused} onDismiss={dismiss} />
          ))}
        </ol>
      </section>
      <div role="status" aria-live="polite" aria-atomic="false" style={visuallyHidden}>
        {shown
          .filter((toast) => toast.type !== 'error')
          .map((toast) => (
            <p key={toast.id}>{toast.message}</p>
          ))}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="false" style={visuallyHidden}>
        {shown
          .filter((toast) => toast.type === 'error')
          .map((toast) => (
            <p key={toast.id}>{toast.message}</p>
          ))}
      </div>
    </>
  );
}
