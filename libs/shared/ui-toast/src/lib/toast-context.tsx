import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { TOAST_DURATION, TOAST_EXIT_DURATION, TOAST_LIMIT } from './constants';

export type ToastType = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** Milliseconds before the toast dismisses itself; `Infinity` keeps it until closed. */
  duration?: number;
  /** Reusing an id replaces that toast's message instead of adding another one. */
  id?: string;
  /** A button beside the message ("See your watches", "Undo"); pressing it runs `onClick` and closes the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick(): void;
}

/** Lifecycle: `shown` → `dismissed` (exit animation) → removed from the list. */
export type ToastState = 'shown' | 'dismissed';

export interface ToastRecord {
  id: string;
  type: ToastType;
  message: string;
  duration: number;
  state: ToastState;
  createdAt: number;
  action?: ToastAction;
}

export interface ToastApi {
  success(message: string, options?: ToastOptions): string;
  error(message: string, options?: ToastOptions): string;
  info(message: string, options?: ToastOptions): string;
  /** Dismisses one toast, or all of them without an id. */
  dismiss(id?: string): void;
}


type Action = { type: 'add'; toast: ToastRecord } | { type: 'dismiss'; ids: string[] } | { type: 'remove'; id: string };

function reducer(toasts: ToastRecord[], action: Action): ToastRecord[] {
  switch (action.type) {
    case 'add': {
      const existing = toasts.findIndex((toast) => toast.id === action.toast.id);
      if (existing >= 0) return toasts.map((toast, index) => (index === existing ? action.toast : toast));
      return [...toasts, action.toast];
    }
    case 'dismiss':
      return toasts.map((toast) => (action.ids.includes(toast.id) && toast.state === 'shown' ? { ...toast, state: 'dismissed' } : toast));
    case 'remove':
      return toasts.filter((toast) => toast.id !== action.id);
  }
}

const ToastApiContext = createContext<ToastApi | null>(null);
const ToastListContext = createContext<ToastRecord[] | null>(null);

let counter = 0;
const nextId = () => `toast-${Date.now().toString(36)}-${(counter += 1)}`;

function checkInput(message: unknown, options: ToastOptions): number {
  if (typeof message !== 'string' || message.trim() === '') throw new TypeError('message is required: the text of the toast');
  const duration = options.duration ?? TOAST_DURATION;
  if (typeof duration !== 'number' || Number.isNaN(duration) || duration <= 0) throw new RangeError('duration must be a positive number of milliseconds (or Infinity)');
  const action = options.action;
  if (action !== undefined && (typeof action.label !== 'string' || action.label.trim() === '' || typeof action.onClick !== 'function')) {
    throw new TypeError('action needs a label (the text of its button) and an onClick function');
  }
  return duration;
}

/** Holds the toasts of the app; render one `Toaster` inside it to show them. */
export function ToastProvider({ children }: { children?: ReactNode }) {
  const [toasts, dispatch] = useReducer(reducer, []);
  const removals = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const latest = useRef(toasts);
  latest.current = toasts;

  useEffect(() => {
    const timers = removals.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const dismissIds = useCallback((ids: string[]) => {
    if (ids.length === 0) return;
    dispatch({ type: 'dismiss', ids });
    for (const id of ids) {
      if (removals.current.has(id)) continue;
      removals.current.set(
        id,
        setTimeout(() => {
          removals.current.delete(id);
          dispatch({ type: 'remove', id });
        }, TOAST_EXIT_DURATION),
      );
    }
  }, []);

  const dismiss = useCallback(
    (id?: string) => {
      const shown = latest.current.filter((toast) => toast.state === 'shown');
      dismissIds(id === undefined ? shown.map((toast) => toast.id) : shown.filter((toast) => toast.id === id).map((toast) => toast.id));
    },
    [dismissIds],
  );

  const show = useCallback(
    (type: ToastType, message: string, options: ToastOptions = {}) => {
      const duration = checkInput(message, options);
      const id = options.id ?? nextId();
      const pending = removals.current.get(id);
      if (pending) {
        clearTimeout(pending);
        removals.current.delete(id);
      }
      const toast: ToastRecord = { id, type, message, duration, state: 'shown', createdAt: Date.now(), ...(options.action ? { action: options.action } : {}) };
      const shown = latest.current.filter((item) => item.state === 'shown' && item.id !== id);
      // Keep at most TOAST_LIMIT on screen: the oldest leave (through their exit animation) to make room.
      const overflow = shown.length + 1 - TOAST_LIMIT;
      latest.current = [...latest.current.filter((item) => item.id !== id), toast];
      dispatch({ type: 'add', toast });
      if (overflow > 0) dismissIds(shown.slice(0, overflow).map((item) => item.id));
      return id;
    },
    [dismissIds],
  );

  // The API object never changes, so components that only raise toasts do not re-render when toasts change.
  const api = useMemo<ToastApi>(
    () => ({
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      info: (message, options) => show('info', message, options),
      dismiss,
    }),
    [show, dismiss],
  );

  return (
    <ToastApiContext.Provider value={api}>
      <ToastListContext.Provider value={toasts}>{children}</ToastListContext.Provider>
    </ToastApiContext.Provider>
  );
}

/** `toast.success/error/info(message, { duration })` return the toast id; `toast.dismiss(id?)` closes. */
export function useToast(): ToastApi {
  const api = useContext(ToastApiContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

/** The current toasts, for the `Toaster`. */
export function useToastList(): { toasts: ToastRecord[]; dismiss: (id?: string) => void } {
  const toasts = useContext(ToastListContext);
  const api = useContext(ToastApiContext);
  if (!toasts || !api) throw new Error('Toaster must be used inside <ToastProvider>');
  return { toasts, dismiss: api.dismiss };
}
