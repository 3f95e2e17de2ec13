import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useAddressParams } from './use-address-params';

/** A part of the page that cannot draw the new address yet: its code or data is still on its way. */
function Slow({ pending }: { pending: Promise<void> }) {
  const { search } = useLocation();
  // A thrown promise (what `lazy` and `use` do) holds the page's redraw for the new address back.
  if (search.includes('used=1') && !(pending as { done?: boolean }).done) throw pending;
  return <p>{search || 'no filter'}</p>;
}

function Filter() {
  const [params, setParams] = useAddressParams();
  const on = params.get('used') === '1';
  return (
    <label>
      <input type="checkbox" checked={on} onChange={(event) => setParams(new URLSearchParams(event.target.checked ? 'used=1' : ''))} /> Include used
    </label>
  );
}

describe('useAddressParams', () => {
  it('shows a change at once, while the page for the new address is still held back, and the address follows', async () => {
    let finish = () => undefined as void;
    const pending = Object.assign(new Promise<void>((resolve) => (finish = resolve)), { done: false });
    render(
      <MemoryRouter>
        <Filter />
        <Suspense fallback={<p>loading</p>}>
          <Slow pending={pending} />
        </Suspense>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include used' }));
    expect(screen.getByRole('checkbox', { name: 'Include used' })).toBeChecked();
    // The old page stays on screen meanwhile (a transition), not a skeleton.
    expect(screen.getByText('no filter')).toBeInTheDocument();

    await act(async () => {
      pending.done = true;
      finish();
      await pending;
    });
    expect(screen.getByText('?used=1')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Include used' })).toBeChecked();
  });
});
