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

/** A route page loaded on demand (`React.lazy`); `preload()` loads its code ahead of its first render. */
export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<void> };

/**
 * A thenable that calls back at once: `React.lazy` renders a page whose code is already loaded without suspending.
 * Hydrating a page the server rendered must not suspend: a Suspense boundary still waiting for its code when an
 * urgent update reaches it is rendered again from its fallback, and the page jumps.
 */
const settled = <T>(value: T): Promise<T> => ({ then: (onFulfilled?: (value: T) => unknown) => (onFulfilled ? onFulfilled(value) : value) }) as unknown as Promise<T>;

/**
 * `React.lazy` for a route page. When the chunk fails to load, a cancelable `vite:preloadError` event
 * fires on `window` (with the error as `payload`) and the error is rethrown unless the event is cancelled.
 * In a Vite build the preload helper fires that event itself; it is not fired twice. Once loaded (by a render or by
 * `preload()`), the page renders without suspending.
 */
export function lazyPage<P extends object>(importer: () => Promise<PageModule<P>>): LazyPage<P> {
  if (typeof window !== 'undefined') watchViteAnnouncements(window);
  let loaded: PageModule<P> | undefined;
  let loading: Promise<PageModule<P>> | undefined;
  const load = async (): Promise<PageModule<P>> => {
    let module: PageModule<P> | undefined;
    try {
      module = await importer();
    } catch (error) {
      loading = undefined;
      const alreadyAnnounced = error !== null && typeof error === 'object' && announced.has(error);
      if (alreadyAnnounced || !dispatchPreloadError(error)) throw error;
      return never<PageModule<P>>();
    }
    // Vite's helper resolves to undefined when its event was cancelled.
    if (module === undefined) return never<PageModule<P>>();
    if (typeof module.default !== 'function' && typeof module.default !== 'object') {
      loading = undefined;
      throw new Error('lazyPage: the loaded module has no default export');
    }
    loaded = module;
    return module;
  };
  const component = lazy(() => (loaded ? settled(loaded) : (loading ??= load())));
  return Object.assign(component, {
    preload: async () => {
      await (loading ??= load());
    },
  });
}
