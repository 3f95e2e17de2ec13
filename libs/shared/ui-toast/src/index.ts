import './lib/toast.css';

export { TOAST_DURATION, TOAST_EXIT_DURATION, TOAST_GAP, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD, TOAST_WIDTH } from './lib/constants';
export { ToastProvider, useToast, type ToastAction, type ToastApi, type ToastOptions, type ToastRecord, type ToastState, type ToastType } from './lib/toast-context';
export { Toaster, type ToasterProps } from './lib/toaster';
