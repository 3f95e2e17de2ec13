import { formatMoney, type Comparison } from '../lib/comparison';

/** A comparison as the popup shows it: the other stores, cheapest first, each linked through /api/redirect. */
export function ComparisonCard({ comparison, onWatch, watchLabel }: { comparison: Comparison; onWatch: () => void; watchLabel: string }) {
  const { currency, best, savingCents, storeCount } = comparison;
  return (
    <section className="card" aria-label="Comparison">
      <h2 className="product">{comparison.title}</h2>
      <p className="stores">{storeCount === 0 ? 'No other store sells this now' : `Sold by ${storeCount} other ${storeCount === 1 ? 'store' : 'stores'}`}</p>
      {best && (
        <p className="best">
          Best: <strong>{formatMoney(best.totalCents, currency)}</strong> at {best.store}
          {best.shippingKnown ? '' : ' + shipping'}
        </p>
      )}
      {savingCents !== null && (
        <p className={savingCents > 0 ? 'saving' : 'saving none'}>
          {savingCents > 0 ? `Save ${formatMoney(savingCents, currency)} vs this page` : 'This page has the best price'}
        </p>
      )}
      {comparison.offers.length > 0 && (
        <ul className="offers">
          {comparison.offers.map((offer) => (
            <li key={offer.store}>
              <a href={offer.link} target="_blank" rel="noopener noreferrer">
                {offer.store}
              </a>
              <span>
                {formatMoney(offer.totalCents, currency)}
                {offer.shippingKnown ? '' : ' + shipping'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <a className="button primary" href={comparison.comparisonUrl} target="_blank" rel="noopener noreferrer">
          Compare all prices
        </a>
        <button type="button" className="button" onClick={onWatch}>
          {watchLabel}
        </button>
      </div>
    </section>
  );
}
