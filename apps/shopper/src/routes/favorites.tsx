import type { Favorite } from '@pricehunt/contracts';
import { startTextSearch } from '@pricehunt/direct-url';
import { Button } from '@pricehunt/ui';
import { useToast } from '@pricehunt/ui-toast';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { useLibrary } from '../features/library/library-context';
import { LibraryItem, LibraryPage, type LibraryEmptyText } from '../features/library/library-page';
import { PriceAlert } from '../features/library/price-alert';
import { getProduct } from '../features/search/api';
import { formatDate, formatMoney } from '../lib/format';
import { errorMessage, useAsync, type AsyncState } from '../lib/use-async';
import { usePageTitle } from '../lib/use-page-title';

type Prices = Record<number, { cents: number | null; offers: number } | undefined>;

/** Current best prices of favorites kept in the browser (the account's favorites come with them from the API). */
async function currentPrices(favorites: Favorite[], signal: AbortSignal): Promise<Prices> {
  const entries = await Promise.all(
    favorites.map(async (favorite) => {
      try {
        const detail = await getProduct(favorite.productId, signal);
        return [favorite.productId, { cents: detail.product.bestPriceCents, offers: detail.product.offerCount }] as const;
      } catch {
        return [favorite.productId, undefined] as const;
      }
    }),
  );
  return Object.fromEntries(entries);
}

/** A change as a share of the price when saved: whole percent, "under 1%" for less. */
function percentOf(change: number, saved: number): string {
  const value = Math.round((Math.abs(change) * 100) / saved);
  return value === 0 ? 'under 1%' : `${value}%`;
}

/**
 * The change of the best price since the favorite was saved: down in green, up in red, with an arrow (hidden from
 * screen readers, which hear "Price down … since you saved it").
 */
export function PriceChange({ saved, current, currency }: { saved: number | null; current: number | null; currency: string | null }) {
  if (current === null) return <span className="ph-muted">No current offers</span>;
  if (saved === null) return null;
  const change = current - saved;
  if (change === 0) return <span className="ph-change ph-change--same">Same price as when saved</span>;
  const down = change < 0;
  const amount = formatMoney(Math.abs(change), currency);
  const share = saved > 0 ? percentOf(change, saved) : null;
  return (
    <span className={`ph-change ph-change--${down ? 'down' : 'up'}`}>
      <span aria-hidden="true">{down ? '▼' : '▲'} </span>
      <span className="ph-visually-hidden">Price </span>
      {down ? 'Down' : 'Up'} {amount}
      {share ? ` (${share})` : ''} since saved
      <span className="ph-visually-hidden"> at {formatMoney(saved, currency)}</span>
    </span>
  );
}

/** A favorite's best price now and its number of offers, and whether they are still being asked for. */
function priceNow(favorite: Favorite, storage: 'local' | 'account', prices: AsyncState<Prices>) {
  const live = storage === 'local' ? (prices.status === 'success' ? prices.data[favorite.productId] : undefined) : undefined;
  const current = storage === 'local' ? (live ? live.cents : null) : favorite.currentPriceCents;
  const offers = storage === 'local' ? (live?.offers ?? null) : favorite.offerCount;
  const loadingPrice = storage === 'local' && prices.status === 'loading';
  return { current, offers, loadingPrice };
}

interface FavoriteItemProps {
  favorite: Favorite;
  storage: 'local' | 'account';
  /** The best prices now of favorites kept in the browser. */
  prices: AsyncState<Prices>;
  remove(favorite: Favorite): Promise<void>;
}

/** A favorite: the price when saved, now and the change, its price alert, and "Compare prices" and "Remove". */
function FavoriteItem({ favorite, storage, prices, remove }: FavoriteItemProps) {
  const navigate = useNavigate();
  const { current, offers, loadingPrice } = priceNow(favorite, storage, prices);
  const actions = (
    <div className="ph-list__actions">
      <Button
        size="sm"
        aria-label={`Compare prices for ${favorite.title}`}
        onClick={() => startTextSearch(favorite.title, (to, options) => { navigate(to, { state: options?.state }); })}
      >
        Compare prices
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Remove ${favorite.title} from favorites`} onClick={() => void remove(favorite)}>
        Remove
      </Button>
    </div>
  );
  return (
    <LibraryItem imageUrl={favorite.imageUrl} name={favorite.title} actions={actions}>
      <h2 className="ph-list__title">
        <Link to={paths.product(favorite.productId, favorite.title)}>{favorite.title}</Link>
      </h2>
      <p className="ph-list__meta">
        {favorite.brand ? <span>{favorite.brand}</span> : null}
        <span>saved {formatDate(favorite.savedAt)}</span>
      </p>
      <p className="ph-list__price">
        {favorite.savedPriceCents !== null ? (
          <span>
            When saved <strong>{formatMoney(favorite.savedPriceCents, favorite.currency)}</strong>
          </span>
        ) : null}
        {loadingPrice ? (
          <span className="ph-muted">Checking today's price…</span>
        ) : (
          <>
            {current !== null ? (
              <span>
                Now <strong>{formatMoney(current, favorite.currency)}</strong>
                {offers !== null ? ` · ${offers === 1 ? '1 offer' : `${offers} offers`}` : ''}
              </span>
            ) : null}
            <PriceChange saved={favorite.savedPriceCents} current={current} currency={favorite.currency} />
          </>
        )}
      </p>
      <PriceAlert favorite={favorite} current={current} signedOutNote={false} />
    </LibraryItem>
  );
}

const FAVORITES_EMPTY: LibraryEmptyText = {
  title: 'No favorites yet',
  description: "Use “Add to favorites” on a comparison to keep an eye on a product's best price.",
  action: 'Find a product',
};

/** /favorites: saved products with their best price now, the change since they were saved, and their price alerts. */
export default function FavoritesPage() {
  const { favorites, status, storage, removeFavorite } = useLibrary();
  const toast = useToast();
  usePageTitle('Favorites');
  const needsPrices = status === 'ready' && storage === 'local' && favorites.length > 0;
  const prices = useAsync(needsPrices ? `prices:${favorites.map((f) => f.productId).join(',')}` : null, (signal) => currentPrices(favorites, signal));

  const remove = async (favorite: Favorite) => {
    try {
      await removeFavorite(favorite.productId);
      toast.info('Removed from favorites');
    } catch (caught) {
      toast.error(`Could not remove the favorite: ${errorMessage(caught)}`);
    }
  };

  return (
    <LibraryPage
      title="Favorites"
      alerts
      items={favorites}
      renderItem={(favorite) => <FavoriteItem key={favorite.productId} favorite={favorite} storage={storage} prices={prices} remove={remove} />}
      loadingLabel="Loading favorites"
      empty={FAVORITES_EMPTY}
    />
  );
}
