import { Button } from '@pricehunt/ui';
import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { useAccount } from '../account/account-context';
import type { WatchedProduct } from './watch-dialog';
import { useWatches } from './watches-context';

// The dialog (its form and the contracts it sends) loads when the shopper opens it.
const WatchDialog = lazy(() => import('./watch-dialog'));

/**
 * "Watch price" on a product: opens the watch dialog. A product the signed-in shopper already watches says
 * "Watching · edit" and opens the dialog on that watch.
 */
export function WatchButton({ product }: { product: WatchedProduct }) {
  const { status: account } = useAccount();
  const watches = useWatches({ load: true });
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const watch = hydrated ? watches.watchOf(product.id) : undefined;
  // Until the shopper's list has answered, the button cannot say which it is (a failed list leaves "Watch price").
  const waiting = !hydrated || account === 'loading' || (account === 'signed-in' && (watches.status === 'idle' || watches.status === 'loading'));
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={waiting} aria-haspopup="dialog">
        {watch ? 'Watching · edit' : 'Watch price'}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <WatchDialog product={product} watch={watch} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
