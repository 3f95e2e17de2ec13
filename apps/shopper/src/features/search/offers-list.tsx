import { bestPriceOffers, isNewAlone, type SearchOffer } from '@pricehunt/contracts';
import { useState } from 'react';
import { formatMoney } from '../../lib/format';
import { AVAILABILITY_TEXT } from './describe';
import { OfferLink } from './offer-link';

function shippingText(offer: SearchOffer): string {
  if (offer.shippingCents === null) return 'Shipping not listed';
  if (offer.shippingCents === 0) return 'Free shipping';
  return `+ ${formatMoney(offer.shippingCents, offer.currency)} shipping`;
}

/** How much cheaper (positive) or dearer than the pasted offer; null when nothing was priced or the two are not alike. */
function SavingText({ offer, savingsCents }: { offer: SearchOffer; savingsCents: number | null }) {
  if (offer.isSource) return <span className="ph-offer__saving ph-offer__saving--source">The offer you pasted</span>;
  if (savingsCents === null || savingsCents === 0) return null;
  if (savingsCents > 0) {
    return <span className="ph-offer__saving">Save {formatMoney(savingsCents, offer.currency)} vs. your link</span>;
  }
  return <span className="ph-offer__saving ph-offer__saving--more">{formatMoney(-savingsCents, offer.currency)} more than your link</span>;
}

const CONDITION_TEXT = { refurbished: 'Refurbished', used: 'Used' } as const;

export interface OffersListProps {
  offers: SearchOffer[];
  productName: string | null;
  layout: 'full' | 'compact';
  /** The link the shopper pasted, if any: the source referrals name (see OfferLink). */
  comparedUrl?: string | null;
  /**
   * The pasted offer's total, if any: the saving of a used or refurbished offer, which the API tells only against a
   * like one, once the shopper includes those.
   */
  sourceTotalCents?: number | null;
  /** The filters, when the page holds them (`useOfferFilters`); else the list keeps its own. */
  filters?: OfferFilters;
  onFiltersChange?: (filters: OfferFilters) => void;
}

export interface OfferFilters {
  /** Used and refurbished offers are ranked, marked best price and compared with the pasted one like new ones. */
  includeUsed: boolean;
  inStockOnly: boolean;
}

export const NO_OFFER_FILTERS: OfferFilters = { includeUsed: false, inStockOnly: false };

/**
 * The filters a shopper chose for the offers of one answer or product (`key`): a page holds them so that the offers'
 * heading can say the order the list is in (`offersOrderText`); another key starts again without filters.
 */
export function useOfferFilters(key: string | number | null): [OfferFilters, (filters: OfferFilters) => void] {
  const [chosen, setChosen] = useState<{ key: string | number | null; filters: OfferFilters }>({ key, filters: NO_OFFER_FILTERS });
  const filters = chosen.key === key ? chosen.filters : NO_OFFER_FILTERS;
  return [filters, (next) => setChosen({ key, filters: next })];
}

const listed = (words: readonly string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/**
 * The order `visibleOffers` lists `offers` in, in words for the heading above them: "cheapest total first" when they
 * are all new and the product alone; else new ones of the product alone first, then the used, refurbished and bundled
 * ones (used and refurbished ones rank among the new when the shopper includes them).
 */
export function offersOrderText(offers: readonly SearchOffer[], filters: Pick<OfferFilters, 'includeUsed'>): string {
  const after = [
    ...(filters.includeUsed ? [] : (['used', 'refurbished'] as const).filter((condition) => offers.some((offer) => offer.condition === condition))),
    ...(offers.some((offer) => offer.isBundle) ? ['bundles'] : []),
  ];
  if (after.length === 0) return 'cheapest total first';
  return `${filters.includeUsed ? 'cheapest total first' : 'new first, cheapest total first'}; then ${listed(after)}`;
}

/** An offer ranked with new ones: new and the product alone, or used or refurbished when the shopper includes those. */
const rankedWithNew = (offer: SearchOffer, filters: OfferFilters) => (filters.includeUsed ? !offer.isBundle : isNewAlone(offer));

/**
 * The offers a shopper asked to see (in stock only, or all; the pasted offer always stays, as the reference the others
 * are compared with), cheapest total first: new offers of the product alone before used, refurbished and bundled ones,
 * unless the shopper includes used and refurbished ones, which then rank among the new by their total.
 */
export function visibleOffers(offers: readonly SearchOffer[], filters: OfferFilters): SearchOffer[] {
  const group = (offer: SearchOffer) => (rankedWithNew(offer, filters) ? 0 : 1);
  return offers.filter((offer) => offer.isSource || passes(offer, filters)).sort((a, b) => group(a) - group(b) || a.totalCents - b.totalCents);
}

const passes = (offer: SearchOffer, filters: OfferFilters) => !filters.inStockOnly || offer.availability !== 'out_of_stock';

function FilterBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="ph-offer-filters__option">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

/**
 * Every offer, cheapest total first with new ones of the product alone ahead (see `visibleOffers`), with the best
 * price marked, the offers at the lowest price the product had in 90 days (the API decides), the saving against the
 * pasted offer, and the condition of a used or refurbished offer and a bundle's mark beside its price.
 */
export function OffersList({ offers, productName, layout, comparedUrl, sourceTotalCents = null, filters: given, onFiltersChange }: OffersListProps) {
  const [own, setOwn] = useState<OfferFilters>(NO_OFFER_FILTERS);
  const filters = given ?? own;
  const setFilters = onFiltersChange ?? setOwn;
  const sorted = visibleOffers(offers, filters);
  // The best price among the offers the filters let through: the cheapest new one of the product alone (or, when the
  // shopper includes them, used and refurbished ones too) that one can buy. A pasted offer kept only as the reference
  // is not among them.
  const best = bestPriceOffers(
    sorted.filter((offer) => passes(offer, filters)),
    { includeUsed: filters.includeUsed },
  );
  const savingsOf = (offer: SearchOffer): number | null =>
    offer.savingsCents ?? (filters.includeUsed && !offer.isBundle && sourceTotalCents !== null ? sourceTotalCents - offer.totalCents : null);
  const notNew = offers.some((offer) => offer.condition !== 'new');
  const outOfStock = offers.some((offer) => offer.availability === 'out_of_stock');
  return (
    <>
      {notNew || outOfStock ? (
        <div className="ph-offer-filters" role="group" aria-label="Filter offers">
          {notNew ? (
            <FilterBox label="Include used and refurbished" checked={filters.includeUsed} onChange={(includeUsed) => setFilters({ ...filters, includeUsed })} />
          ) : null}
          {outOfStock ? <FilterBox label="In stock only" checked={filters.inStockOnly} onChange={(inStockOnly) => setFilters({ ...filters, inStockOnly })} /> : null}
          <span className="ph-offer-filters__count" role="status">
            {sorted.length === offers.length ? `All ${offers.length} offers shown` : `${sorted.length} of ${offers.length} offers shown`}
          </span>
        </div>
      ) : null}
      <ol className={`ph-offers ph-offers--${layout}`} aria-label="Offers, cheapest first">
        {sorted.map((offer) => (
          <li key={offer.id} className={['ph-offer', best.has(offer) ? 'ph-offer--best' : '', offer.isSource ? 'ph-offer--source' : ''].filter(Boolean).join(' ')}>
            <div className="ph-offer__retailer">
              <span className="ph-offer__retailer-name">{offer.retailer.name}</span>
              {best.has(offer) ? <span className="ph-badge ph-badge--best">Best price</span> : null}
              {offer.lowestIn90Days ? (
                <span className="ph-badge ph-badge--low" title="Its best price has not been lower in the last 90 days">
                  Lowest price in 90 days
                </span>
              ) : null}
            </div>
            {layout === 'full' ? (
              <div className="ph-offer__title" id={`offer-${offer.id}-title`}>
                {offer.title}
              </div>
            ) : null}
            <div className="ph-offer__facts">
              <span className={`ph-offer__availability ph-offer__availability--${offer.availability}`}>{AVAILABILITY_TEXT[offer.availability]}</span>
              <span className="ph-offer__shipping">{shippingText(offer)}</span>
              <SavingText offer={offer} savingsCents={savingsOf(offer)} />
            </div>
            <div className="ph-offer__price">
              <span className="ph-offer__total" id={`offer-${offer.id}-total`}>
                {formatMoney(offer.totalCents, offer.currency)}
              </span>
              {offer.condition !== 'new' ? <span className="ph-offer__condition">{CONDITION_TEXT[offer.condition]}</span> : null}
              {offer.isBundle ? <span className="ph-offer__condition">Bundle</span> : null}
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
