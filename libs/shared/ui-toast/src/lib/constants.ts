/** SPEC §9 (second toast system): how many toasts are visible at once. */
export const TOAST_LIMIT = 3;
/** SPEC §9: how long a toast stays, in milliseconds. */
export const TOAST_DURATION = 4000;
/** SPEC §9: toast width in pixels. */
export const TOAST_WIDTH = 356;
/** SPEC §9: gap between toasts in pixels. */
export const TOAST_GAP = 14;
/** SPEC §9: horizontal drag, in pixels, that dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD = 20;
/** Length of the exit animation; a dismissed toast is removed after it. */
export const TOAST_EXIT_DURATION = 200;
