import type { SearchOffer } from '@pricehunt/contracts';
import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import { AVAILABILITY_TEXT } from './describe';
import { OfferLink } from './offer-link';

function shippingText(offer: SearchOffer): string {
  if (offer.shippingCents === null) return 'Shipping not listed';
  if (offer.shippingCents === 0) return 'Free shipping';
  return `+ ${formatMoney(offer.shippingCents, offer.currency)} shipping`;
}

function SavingText({ offer }: { offer: SearchOffer }) {
  if (offer.isSource) return <span className="ph-offer__saving ph-offer__saving--source">The offer you pasted</span>;
  if (offer.savingsCents === null || offer.savingsCents === 0) return null;
  if (offer.savingsCents > 0) {
    return <span className="ph-offer__saving">Save {formatMoney(offer.savingsCents, offer.currency)} vs. your link</span>;
  }
  return <span className="ph-offer__saving ph-offer__saving--more">{formatMoney(-offer.savingsCents, offer.currency)} more than your link</span>;
}

export interface OffersListProps {
  offers: SearchOffer[];
  productName: string | null;
  layout: 'full' | 'compact';
  /** The link the shopper pasted, if any: the source referrals name (see OfferLink). */
  comparedUrl?: string | null;
}

export interface OfferFilters {
  newOnly: boolean;
  inStockOnly: boolean;
}

/**
 * The offers a shopper asked to see, cheapest total first: new ones only, in stock only, or all. The pasted offer
 * always stays, as the reference the others are compared with.
 */
export function visibleOffers(offers: readonly SearchOffer[], filters: OfferFilters): SearchOffer[] {
  return offers.filter((offer) => offer.isSource || passes(offer, filters)).sort((a, b) => a.totalCents - b.totalCents);
}

const passes = (offer: SearchOffer, filters: OfferFilters) =>
  (!filters.newOnly || offer.condition === 'new') && (!filters.inStockOnly || offer.availability !== 'out_of_stock');

function FilterBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="ph-offer-filters__option">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

/**
 * Every offer, cheapest total first (the API's order), with the best price marked, the offers at the lowest price the
 * product had in 90 days (the API decides), and the saving against the pasted offer.
 */
export function OffersList({ offers, productName, layout, comparedUrl }: OffersListProps) {
  const [filters, setFilters] = useState<OfferFilters>({ newOnly: false, inStockOnly: false });
  const sorted = visibleOffers(offers, filters);
  // The best price among the offers the filters let through (the API marks the best of all of them): the cheapest one
  // can buy, or the cheapest when all are sold out. A pasted offer kept only as the reference is not among them.
  const filtered = filters.newOnly || filters.inStockOnly;
  const shown = sorted.filter((offer) => passes(offer, filters));
  const buyable = shown.filter((offer) => offer.availability !== 'out_of_stock');
  const pool = buyable.length > 0 ? buyable : shown;
  const best = pool.reduce((min, offer) => Math.min(min, offer.totalCents), Infinity);
  const isBest = (offer: SearchOffer) => (filtered ? pool.includes(offer) && offer.totalCents === best : offer.isBestPrice);
  const notNew = offers.some((offer) => offer.condition !== 'new');
  const outOfStock = offers.some((offer) => offer.availability === 'out_of_stock');
  return (
    <>
      {notNew || outOfStock ? (
        <div className="ph-offer-filters" role="group" aria-label="Filter offers">
          {notNew ? <FilterBox label="New only" checked={filters.newOnly} onChange={(newOnly) => setFilters({ ...filters, newOnly })} /> : null}
          {outOfStock ? <FilterBox label="In stock only" checked={filters.inStockOnly} onChange={(inStockOnly) => setFilters({ ...filters, inStockOnly })} /> : null}
          <span className="ph-offer-filters__count" role="status">
            {sorted.length === offers.length ? `All ${offers.length} offers shown` : `${sorted.length} of ${offers.length} offers shown`}
          </span>
        </div>
      ) : null}
      <ol className={`ph-offers ph-offers--${layout}`} aria-label="Offers, cheapest first">
        {sorted.map((offer) => (
          <li key={offer.id} className={['ph-offer', isBest(offer) ? 'ph-offer--best' : '', offer.isSource ? 'ph-offer--source' : ''].filter(Boolean).join(' ')}>
            <div className="ph-offer__retailer">
              <span className="ph-offer__retailer-name">{offer.retailer.name}</span>
              {isBest(offer) ? <span className="ph-badge ph-badge--best">Best price</span> : null}
              {offer.lowestIn90Days ? (
                <span className="ph-badge ph-badge--low" title="Its best price has not been lower in the last 90 days">
                  Lowest price in 90 days
                </span>
              ) : null}
              {offer.condition !== 'new' ? <span className="ph-badge">{offer.condition === 'refurbished' ? 'Refurbished' : 'Used'}</span> : null}
            </div>
            {layout === 'full' ? (
              <div className="ph-offer__title" id={`offer-${offer.id}-title`}>
                {offer.title}
              </div>
            ) : null}
            <div className="ph-offer__facts">
              <span className={`ph-offer__availability ph-offer__availability--${offer.availability}`}>{AVAILABILITY_TEXT[offer.availability]}</span>
              <span className="ph-offer__shipping">{shippingText(offer)}</span>
              <SavingText offer={offer} />
            </div>
            <div className="ph-offer__price">
              <span className="ph-offer__total" id={`offer-${offer.id}-total`}>
                {formatMoney(offer.totalCents, offer.currency)}
              </span>
              {offer.shippingCents ? <span className="ph-offer__base">{formatMoney(offer.priceCents, offer.currency)} + shipping</span> : null}
            </div>
            <OfferLink
              offer={offer}
              productName={productName}
              comparedUrl={comparedUrl}
              describedBy={layout === 'full' ? `offer-${offer.id}-total offer-${offer.id}-title` : `offer-${offer.id}-total`}
            />
          </li>
        ))}
      </ol>
    </>
  );
}
