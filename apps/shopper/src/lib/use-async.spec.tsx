import { act, render, screen } from '@testing-library/react';
import { RouteDataProvider } from './route-data';
import { useAsync } from './use-async';

function Probe({ id, load }: { id: string; load: (signal: AbortSignal) => Promise<string> }) {
  const state = useAsync(id, load);
  return <p>{state.status === 'success' ? state.data : state.status}</p>;
}

describe('useAsync with data the page was rendered with', () => {
  it('starts from the server’s data for its key and asks for nothing', async () => {
    const load = jest.fn(async () => 'fetched');
    render(
      <RouteDataProvider data={{ 'product-1': 'rendered' }}>
        <Probe id="product-1" load={load} />
      </RouteDataProvider>,
    );
    expect(screen.getByText('rendered')).toBeInTheDocument();
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads a key the server did not render, and a new key after it', async () => {
    const load = jest.fn(async () => 'fetched');
    const { rerender } = render(
      <RouteDataProvider data={{ 'product-1': 'rendered' }}>
        <Probe id="product-2" load={load} />
      </RouteDataProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('fetched')).toBeInTheDocument();
    rerender(
      <RouteDataProvider data={{ 'product-1': 'rendered' }}>
        <Probe id="product-3" load={load} />
      </RouteDataProvider>,
    );
    expect(await screen.findByText('fetched')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
