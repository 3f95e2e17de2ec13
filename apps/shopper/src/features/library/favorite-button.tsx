import type { ProductSummary } from '@pricehunt/contracts';
import { Button, handleAsync } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';
import { useState } from 'react';
import { errorMessage } from '../../lib/use-async';
import { useHydrated } from '../../lib/use-hydrated';
import { useLibrary } from './library-context';

/** "Add to favorites" / "Remove from favorites" for one product, with a toast for the outcome. */
export function FavoriteButton({ product }: { product: Pick<ProductSummary, 'id' | 'title' | 'brand' | 'imageUrl' | 'bestPriceCents' | 'currency'> }) {
  const { isFavorite, addFavorite, removeFavorite, status } = useLibrary();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // The favorites a browser keeps are unknown to the server: a page it rendered says "Add" until hydrated.
  const saved = useHydrated() && isFavorite(product.id);

  async function toggle() {
    setBusy(true);
    try {
      if (saved) {
        await removeFavorite(product.id);
        toast.info('Removed from favorites');
      } else {
        await addFavorite({
          productId: product.id,
          title: product.title,
          brand: product.brand,
          imageUrl: product.imageUrl,
          savedPriceCents: product.bestPriceCents,
          currency: product.currency,
        });
        toast.success(`Added to favorites: ${product.title}`);
      }
    } catch (caught) {
      toast.error(`${saved ? 'Could not remove the favorite' : 'Could not add the favorite'}: ${errorMessage(caught)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={saved ? 'secondary' : 'primary'} onClick={handleAsync(toggle)} loading={busy} disabled={status === 'loading'}>
      {saved ? 'Remove from favorites' : 'Add to favorites'}
    </Button>
  );
}
