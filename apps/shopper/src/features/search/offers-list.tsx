import { OFFER_SECTIONS, type OfferSection, type SearchOffer } from '@pricehunt/contracts';
import { useId, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { useAddressParams } from '../../lib/use-address-params';
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
  /** The filters, when the page holds them (`useOfferFilters`); else the list keeps its own. */
  filters?: OfferFilters;
  onFiltersChange?: (filters: OfferFilters) => void;
}

export interface OfferFilters {
  /** Used and refurbished offers (their own section, after the new ones) are shown. */
  includeUsed: boolean;
  inStockOnly: boolean;
  freeShippingOnly: boolean;
  /** Only this store's offers (a retailer id), or every store's. */
  store: string | null;
}

export const NO_OFFER_FILTERS: OfferFilters = { includeUsed: false, inStockOnly: false, freeShippingOnly: false, store: null };

/** Each filter's name in the page's address: `used=1`, `inStock=1`, `freeShipping=1`, `store=<id>`. */
const FLAG_PARAMS = { includeUsed: 'used', inStockOnly: 'inStock', freeShippingOnly: 'freeShipping' } as const;

/** The offer filters an address holds. */
export function offerFiltersOf(params: URLSearchParams): OfferFilters {
  const on = (name: string) => params.get(name) === '1' || params.get(name) === 'true';
  return {
    includeUsed: on(FLAG_PARAMS.includeUsed),
    inStockOnly: on(FLAG_PARAMS.inStockOnly),
    freeShippingOnly: on(FLAG_PARAMS.freeShippingOnly),
    store: params.get('store')?.trim() || null,
  };
}

/**
 * The filters a shopper chose for the offers of an answer or a product, kept in the page's address (a shared or
 * reloaded link shows the same offers): a page holds them so that the offers' heading can say the order the list is in
 * (`offersOrderText`). Used and refurbished offers are shown from the start when `usedFirst` (the shopper typed
 * "used" or "refurbished" with the words); turned off, the address says so (`used=0`).
 */
export function useOfferFilters(usedFirst = false): [OfferFilters, (filters: OfferFilters) => void] {
  const [params, setParams] = useAddressParams();
  const set = (next: OfferFilters) => {
    const updated = new URLSearchParams(params);
    for (const [key, name] of Object.entries(FLAG_PARAMS) as Array<[keyof typeof FLAG_PARAMS, string]>) {
      if (next[key]) updated.set(name, '1');
      else updated.delete(name);
    }
    if (usedFirst && !next.includeUsed) updated.set(FLAG_PARAMS.includeUsed, '0');
    if (next.store) updated.set('store', next.store);
    else updated.delete('store');
    setParams(updated, { replace: true, preventScrollReset: true });
  };
  const filters = offerFiltersOf(params);
  return [usedFirst && !params.has(FLAG_PARAMS.includeUsed) ? { ...filters, includeUsed: true } : filters, set];
}

const listed = (words: readonly string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** What each section after the new offers is called, in the list and in the heading's words. */
const SECTION_TEXT: Record<Exclude<OfferSection, 'new'>, { label: string; words: string }> = {
  second_hand: { label: 'Used and refurbished', words: 'used and refurbished' },
  bundle: { label: 'Bundles and multipacks', words: 'bundles' },
  out_of_stock: { label: 'Not available now', words: 'out of stock' },
};

/**
 * What puts an offer above a cheaper one of its section, in the API's order (the best price's: in stock before those
 * to order, then a stated shipping cost before an unlisted one), each with its words for the heading.
 */
const BEFORE_CHEAPER: ReadonlyArray<[string, (first: SearchOffer, later: SearchOffer) => boolean]> = [
  ['in stock', (first, later) => first.availability === 'in_stock' && later.availability !== 'in_stock'],
  ['shipping listed', (first, later) => (first.availability === 'in_stock') === (later.availability === 'in_stock') && first.shippingCents !== null && later.shippingCents === null],
];

/** Whether, in the order shown, `before` puts an offer one can buy above a cheaper one of its section. */
function putsDearerFirst(shown: readonly SearchOffer[], before: (first: SearchOffer, later: SearchOffer) => boolean): boolean {
  const buyable = shown.filter((offer) => offer.section !== 'out_of_stock');
  return buyable.some((first, i) => buyable.slice(i + 1).some((later) => later.section === first.section && first.totalCents > later.totalCents && before(first, later)));
}

/**
 * The order `visibleOffers` lists `offers` in, in words for the heading above them: "cheapest total first" when they
 * are all new offers of the product alone one can buy; else the sections that follow those. Within a section the API
 * lists offers in the best price's order: in stock before those to order, and a stated shipping cost before an unlisted
 * one, then cheapest total first; the words say so where that puts a dearer offer above a cheaper one.
 */
export function offersOrderText(offers: readonly SearchOffer[], filters: OfferFilters): string {
  const shown = visibleOffers(offers, filters);
  const after = OFFER_SECTIONS.filter((section) => section !== 'new' && shown.some((offer) => offer.section === section)).map(
    (section) => SECTION_TEXT[section as Exclude<OfferSection, 'new'>].words,
  );
  const order = BEFORE_CHEAPER.filter(([, before]) => putsDearerFirst(shown, before)).map(([words]) => words);
  const words = order.length === 0 ? 'cheapest total first' : `${order.join(' and ')} first, then cheapest total`;
  if (after.length === 0) return words;
  return `new first, ${words}; then ${listed(after)}`;
}

/**
 * The offers a shopper asked to see, in the API's order (section by section, each in the best price's order): used and
 * refurbished ones only when asked for, out-of-stock ones unless "In stock only"; the pasted offer always stays, as
 * the reference the others are compared with.
 */
export function visibleOffers(offers: readonly SearchOffer[], filters: OfferFilters): SearchOffer[] {
  return offers.filter((offer) => offer.isSource || passes(offer, filters));
}

const passes = (offer: SearchOffer, filters: OfferFilters) =>
  (filters.includeUsed || offer.condition === 'new') &&
  (!filters.inStockOnly || offer.section !== 'out_of_stock') &&
  (!filters.freeShippingOnly || offer.shippingCents === 0) &&
  (filters.store === null || offer.retailer.id === filters.store);

function FilterBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="ph-offer-filters__option">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

interface OfferFilterBarProps {
  offers: SearchOffer[];
  /** How many of the offers the filters let through. */
  shown: number;
  filters: OfferFilters;
  setFilters(filters: OfferFilters): void;
  storeId: string;
}

/**
 * The filters above the offers, each shown when it can change what is listed (none, and no bar, when none can), and how
 * many offers they let through.
 */
function OfferFilterBar({ offers, shown, filters, setFilters, storeId }: OfferFilterBarProps) {
  const notNew = offers.some((offer) => offer.condition !== 'new');
  const outOfStock = offers.some((offer) => offer.section === 'out_of_stock');
  const usedCount = offers.filter((offer) => offer.condition !== 'new').length;
  const freeShipping = offers.some((offer) => offer.shippingCents === 0) && offers.some((offer) => offer.shippingCents !== 0);
  const stores = [...new Map(offers.map((offer) => [offer.retailer.id, offer.retailer.name])).entries()].sort((a, b) => a[1].localeCompare(b[1]));
  if (!(notNew || outOfStock || freeShipping || stores.length > 1 || filters.store)) return null;
  return (
    <div className="ph-offer-filters" role="group" aria-label="Filter offers">
      {notNew ? (
        <FilterBox
          label={`Include used and refurbished (${usedCount})`}
          checked={filters.includeUsed}
          onChange={(includeUsed) => setFilters({ ...filters, includeUsed })}
        />
      ) : null}
      {outOfStock ? <FilterBox label="In stock only" checked={filters.inStockOnly} onChange={(inStockOnly) => setFilters({ ...filters, inStockOnly })} /> : null}
      {freeShipping || filters.freeShippingOnly ? (
        <FilterBox label="Free shipping" checked={filters.freeShippingOnly} onChange={(freeShippingOnly) => setFilters({ ...filters, freeShippingOnly })} />
      ) : null}
      {stores.length > 1 || filters.store ? (
        <span className="ph-offer-filters__store">
          <label htmlFor={storeId}>Store</label>
          <select id={storeId} value={filters.store ?? ''} onChange={(event) => setFilters({ ...filters, store: event.target.value || null })}>
            <option value="">All stores</option>
            {filters.store && !stores.some(([id]) => id === filters.store) ? <option value={filters.store}>{filters.store}</option> : null}
            {stores.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      <span className="ph-offer-filters__count" role="status">
        {shownCount(shown, offers.length)}
      </span>
    </div>
  );
}

/** How many of the offers the filters leave: "All 4 offers shown", "3 of 4 offers shown", "1 offer shown", "0 of 1 offer shown". */
export function shownCount(shown: number, total: number): string {
  const offers = total === 1 ? 'offer' : 'offers';
  if (shown < total) return `${shown} of ${total} ${offers} shown`;
  return total === 1 ? '1 offer shown' : `All ${total} offers shown`;
}

interface OfferItemProps {
  offer: SearchOffer;
  /** The offer listed before this one, if any: a new section starts with its name. */
  previous: SearchOffer | undefined;
  layout: OffersListProps['layout'];
  productName: string | null;
  comparedUrl?: string | null;
}

/** One offer of the list: its store and marks, facts, price and link. */
function OfferItem({ offer, previous, layout, productName, comparedUrl }: OfferItemProps) {
  return (
    <li
      className={['ph-offer', offer.isBestPrice ? 'ph-offer--best' : '', offer.isSource ? 'ph-offer--source' : '', `ph-offer--${offer.section}`].filter(Boolean).join(' ')}
    >
      {offer.section !== 'new' && previous?.section !== offer.section ? (
        <span className="ph-offer__section">{SECTION_TEXT[offer.section].label}</span>
      ) : null}
      <div className="ph-offer__retailer">
        <span className="ph-offer__retailer-name">{offer.retailer.name}</span>
        {offer.isBestPrice ? <span className="ph-badge ph-badge--best">Best price</span> : null}
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
        <SavingText offer={offer} savingsCents={offer.savingsCents} />
      </div>
      <div className="ph-offer__price">
        <span className="ph-offer__total" id={`offer-${offer.id}-total`}>
          {formatMoney(offer.totalCents, offer.currency)}
        </span>
        {offer.condition !== 'new' ? <span className="ph-offer__condition">{CONDITION_TEXT[offer.condition]}</span> : null}
        {offer.isBundle ? <span className="ph-offer__condition">Bundle</span> : null}
        {offer.shippingCents === null ? (
          <span className="ph-offer__base">+ shipping</span>
        ) : offer.shippingCents > 0 ? (
          <span className="ph-offer__base">{formatMoney(offer.priceCents, offer.currency)} + shipping</span>
        ) : null}
      </div>
      <OfferLink
        offer={offer}
        productName={productName}
        comparedUrl={comparedUrl}
        describedBy={layout === 'full' ? `offer-${offer.id}-total offer-${offer.id}-title` : `offer-${offer.id}-total`}
      />
    </li>
  );
}

/**
 * The offers in the sections the API lists them in (new ones of the product alone, used and refurbished ones when the
 * shopper asks for them, bundles, then out-of-stock ones), each cheapest total first, with the best price marked, the
 * offers at the lowest price the product had in 90 days, the saving against the pasted offer (the API tells it only
 * between alike offers one can buy), and the condition of a used or refurbished offer and a bundle's mark.
 */
export function OffersList({ offers, productName, layout, comparedUrl, filters: given, onFiltersChange }: OffersListProps) {
  const [own, setOwn] = useState<OfferFilters>(NO_OFFER_FILTERS);
  const filters = given ?? own;
  const setFilters = onFiltersChange ?? setOwn;
  const sorted = visibleOffers(offers, filters);
  const storeId = useId();
  return (
    <>
      <OfferFilterBar offers={offers} shown={sorted.length} filters={filters} setFilters={setFilters} storeId={storeId} />
      <ol className={`ph-offers ph-offers--${layout}`} aria-label="Offers, cheapest first">
        {sorted.map((offer, index) => (
          <OfferItem
            key={offer.id}
            offer={offer}
            previous={sorted[index - 1]}
            layout={layout}
            productName={productName}
            comparedUrl={comparedUrl}
          />
        ))}
      </ol>
    </>
  );
}
