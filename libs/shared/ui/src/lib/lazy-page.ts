import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Name of the event Vite fires when a lazily loaded chunk fails; the same event is fired here. */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

/** The preload-error event: `payload` is the load error; `preventDefault()` stops it from being rethrown. */
export interface PreloadErrorEvent extends Event {
  payload: unknown;
}

type PageModule<P> = { default: ComponentType<P> };

// Errors for which Vite's own preload helper already fired the event (and then rethrew, as it was not cancelled).
const announced = new WeakSet<object>();
let listening = false;

function watchViteAnnouncements(target: EventTarget) {
  if (listening) return;
  listening = true;
  target.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
    const payload = (event as Partial<PreloadErrorEvent>).payload;
    if (payload !== null && typeof payload === 'object') announced.add(payload);
  });
}

/** Fires the cancelable preload-error event for `error`; true when a listener cancelled it. */
export function dispatchPreloadError(error: unknown, target: EventTarget = window): boolean {
  const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true }) as PreloadErrorEvent;
  event.payload = error;
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

// A cancelled failure leaves the page on its loading placeholder: the listener that cancelled owns recovery
// (typically `window.location.reload()`).
const never = <T>() => new Promise<T>(() => undefined);

/**
 * `React.lazy` for a route page. When the chunk fails to load, a cancelable `vite:preloadError` event
 * fires on `window` (with the error as `payload`) and the error is rethrown unless the event is cancelled.
 * In a Vite build the preload helper fires that event itself; it is not fired twice.
 */
export function lazyPage<P extends object>(importer: () => Promise<PageModule<P>>): LazyExoticComponent<ComponentType<P>> {
  if (typeof window !== 'undefined') watchViteAnnouncements(window);
  return lazy(async () => {
    let module: PageModule<P> | undefined;
    try {
      module = await importer();
    } catch (error) {
      const alreadyAnnounced = error !== null && typeof error === 'object' && announced.has(error);
      if (alreadyAnnounced || !dispatchPreloadError(error)) throw error;
      return never<PageModule<P>>();
    }
    // Vite's helper resolves to undefined when its event was cancelled.
    if (module === undefined) return never<PageModule<P>>();
    if (typeof module.default !== 'function' && typeof module.default !== 'object') {
      throw new Error('lazyPage: the loaded module has no default export');
    }
    return module;
  });
}
