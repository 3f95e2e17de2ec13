import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ErrorBoundary, ErrorFallback } from './error-boundary';

let failing = true;
function Flaky() {
  if (failing) throw new Error('price table exploded');
  return <p>Prices loaded</p>;
}

beforeEach(() => {
  failing = true;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('ErrorBoundary', () => {
  it('renders its children while nothing fails', () => {
    failing = false;
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Prices loaded')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the exact fallback texts when a child throws', () => {
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(alert).toHaveTextContent("We're having trouble loading this page. Please try refreshing.");
  });

  it('reloads the page from the Refresh Page button', async () => {
    const onReload = jest.fn();
    render(
      <ErrorBoundary onReload={onReload}>
        <Flaky />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('keeps the error details collapsed until "Error details" is opened', async () => {
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    const summary = screen.getByText('Error details');
    const details = summary.closest('details');
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('price table exploded');
    await userEvent.click(summary);
    expect(details).toHaveAttribute('open');
  });

  it('reports the error to onError', () => {
    const onError = jest.fn();
    render(
      <ErrorBoundary onError={onError}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'price table exploded' }), expect.anything());
  });

  it('renders the children again when a reset key changes', async () => {
    function Harness() {
      const [path, setPath] = useState('/a');
      return (
        <>
          <button onClick={() => setPath('/b')}>Go to b</button>
          <ErrorBoundary resetKeys={[path]}>
            <Flaky />
          </ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Go to b' }));
    expect(screen.getByText('Prices loaded')).toBeInTheDocument();
  });

  it('keeps the fallback when the reset keys stay the same', async () => {
    function Harness() {
      const [count, setCount] = useState(0);
      return (
        <>
          <button onClick={() => setCount(count + 1)}>Rerender {count}</button>
          <ErrorBoundary resetKeys={['/a']}>
            <Flaky />
          </ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: /Rerender/ }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('uses a custom fallback function that can reset', async () => {
    render(
      <ErrorBoundary
        fallback={({ error, reset }) => (
          <button onClick={reset}>Retry after {(error as Error).message}</button>
        )}
      >
        <Flaky />
      </ErrorBoundary>,
    );
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry after price table exploded' }));
    expect(screen.getByText('Prices loaded')).toBeInTheDocument();
  });

  it('uses a custom fallback element', () => {
    render(
      <ErrorBoundary fallback={<p>Activity is unavailable</p>}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Activity is unavailable')).toBeInTheDocument();
  });
});

describe('ErrorFallback', () => {
  it('describes a thrown value that is not an Error', () => {
    render(<ErrorFallback error={{ reason: 'bad' }} onReload={() => undefined} />);
    expect(screen.getByText('Error details').closest('details')).toHaveTextContent('{"reason":"bad"}');
  });

  it('reloads the window by default', async () => {
    // jsdom cannot navigate; it reports the reload attempt as "Not implemented: navigation".
    const reported = console.error as jest.Mock;
    render(<ErrorFallback error={new Error('x')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    const messages = reported.mock.calls.map((args: unknown[]) => String((args[0] as Error)?.message ?? args[0]));
    expect(messages.some((message) => message.includes('Not implemented: navigation'))).toBe(true);
  });
});
