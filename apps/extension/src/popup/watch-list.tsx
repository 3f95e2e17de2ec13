import type { Watch } from '@pricehunt/contracts';
import { formatMoney } from '../lib/comparison';

/** The signed-in shopper's watches, each with its price now and its target. */
export function WatchList({ watches, siteUrl }: { watches: Watch[]; siteUrl: string }) {
  if (watches.length === 0) return <p className="muted">You watch nothing yet: press Watch on a product.</p>;
  const money = (cents: number | null, currency: string | null) => (cents === null ? '–' : formatMoney(cents, currency ?? 'USD'));
  return (
    <ul className="watches" aria-label="Your watches">
      {watches.slice(0, 8).map((watch) => (
        <li key={watch.id}>
          <span className="watch-title">{watch.title}</span>
          <span className="watch-price">
            {money(watch.currentPriceCents, watch.currency)}
            {watch.targetPriceCents !== null && <> · target {money(watch.targetPriceCents, watch.currency)}</>}
            {watch.status === 'pending' && ' · waiting for confirmation'}
          </span>
        </li>
      ))}
      {watches.length > 8 && (
        <li>
          <a href={`${siteUrl}/watches`} target="_blank" rel="noopener noreferrer">
            All {watches.length} watches
          </a>
        </li>
      )}
    </ul>
  );
}
