import { render, screen } from '@testing-library/react';
import { lazyPage } from './lazy-page';
import { PageSuspense } from './page-suspense';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Dashboard() {
  return <h1>Dashboard</h1>;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('PageSuspense', () => {
  it('shows the skeleton of the requested variant while the page loads, then the page', async () => {
    const load = deferred<{ default: typeof Dashboard }>();
    const Lazy = lazyPage(() => load.promise);
    render(
      <PageSuspense variant="landing">
        <Lazy />
      </PageSuspense>,
    );
    const skeleton = screen.getByRole('status', { name: 'Loading…' });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton).toHaveAttribute('data-variant', 'landing');
    load.resolve({ default: Dashboard });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('uses the default skeleton variant when none is given', () => {
    const Lazy = lazyPage(() => new Promise<{ default: typeof Dashboard }>(() => undefined));
    render(
      <PageSuspense>
        <Lazy />
      </PageSuspense>,
    );
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveAttribute('data-variant', 'default');
  });

  it('shows the error fallback when the page fails to load', async () => {
    const Lazy = lazyPage(() => Promise.reject(new Error('chunk missing')));
    render(
      <PageSuspense>
        <Lazy />
      </PageSuspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
