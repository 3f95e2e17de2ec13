import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { ErrorBoundary } from './error-boundary';
import { dispatchPreloadError, lazyPage, PRELOAD_ERROR_EVENT, type PreloadErrorEvent } from './lazy-page';

function Page() {
  return <h1>Browse</h1>;
}

function renderLazy(Lazy: ReturnType<typeof lazyPage>) {
  return render(
    <ErrorBoundary fallback={({ error }) => <p role="alert">{(error as Error).message}</p>}>
      <Suspense fallback={<p>Loading page</p>}>
        <Lazy />
      </Suspense>
    </ErrorBoundary>,
  );
}

const listeners: EventListener[] = [];
function onPreloadError(listener: (event: PreloadErrorEvent) => void) {
  const wrapped = listener as EventListener;
  listeners.push(wrapped);
  window.addEventListener(PRELOAD_ERROR_EVENT, wrapped);
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  for (const listener of listeners.splice(0)) window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
  jest.restoreAllMocks();
});

describe('lazyPage', () => {
  it('loads the page module and renders its default export', async () => {
    const Lazy = lazyPage(() => Promise.resolve({ default: Page }));
    renderLazy(Lazy);
    expect(await screen.findByRole('heading', { name: 'Browse' })).toBeInTheDocument();
  });

  it('renders a preloaded page at once, without its placeholder (as hydration needs)', async () => {
    const importer = jest.fn(() => Promise.resolve({ default: Page }));
    const Lazy = lazyPage(importer);
    await Lazy.preload();
    renderLazy(Lazy);
    expect(screen.getByRole('heading', { name: 'Browse' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).toBeNull();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('loads again after a failed preload', async () => {
    const importer = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    const Lazy = lazyPage(importer);
    onPreloadError(() => undefined);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    renderLazy(Lazy);
    expect(screen.getByRole('heading', { name: 'Browse' })).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('fires a cancelable vite:preloadError event carrying the error when the chunk fails', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const seen: PreloadErrorEvent[] = [];
    onPreloadError((event) => seen.push(event));
    renderLazy(lazyPage(() => Promise.reject(failure)));
    await screen.findByRole('alert');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.type).toBe('vite:preloadError');
    expect(seen[0]?.cancelable).toBe(true);
    expect(seen[0]?.payload).toBe(failure);
  });

  it('rethrows the load error when the event is not cancelled', async () => {
    renderLazy(lazyPage(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
  });

  it('does not rethrow when a listener cancels the event: the page stays on its placeholder', async () => {
    const handled = jest.fn();
    onPreloadError((event) => {
      event.preventDefault();
      handled();
    });
    renderLazy(lazyPage(() => Promise.reject(new Error('chunk gone'))));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(handled).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Loading page')).toBeInTheDocument();
  });

  it('does not fire the event a second time for an error the bundler already announced', async () => {
    const failure = new Error('chunk gone');
    const seen = jest.fn();
    const Lazy = lazyPage(async () => {
      // What Vite's preload helper does before rethrowing an uncancelled failure.
      dispatchPreloadError(failure);
      throw failure;
    });
    onPreloadError(seen);
    renderLazy(Lazy);
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk gone');
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('stays on the placeholder when the bundler resolved to nothing after a cancelled event', async () => {
    const Lazy = lazyPage(() => Promise.resolve(undefined as unknown as { default: typeof Page }));
    renderLazy(Lazy);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fails clearly when the module has no default export', async () => {
    renderLazy(lazyPage(() => Promise.resolve({} as { default: typeof Page })));
    expect(await screen.findByRole('alert')).toHaveTextContent('lazyPage: the loaded module has no default export');
  });
});

describe('dispatchPreloadError', () => {
  it('reports whether a listener cancelled the event', () => {
    expect(dispatchPreloadError(new Error('x'))).toBe(false);
    onPreloadError((event) => event.preventDefault());
    expect(dispatchPreloadError(new Error('y'))).toBe(true);
  });
});
