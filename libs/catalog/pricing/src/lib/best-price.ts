/**
 * Which offers of a product compare with which, in what order a shopper sees them, and which one is the product's best
 * price. Every place that shows, stores or ranks a price reads this module or a value it wrote (`products.best_*`,
 * `offers.price_group`).
 *
 * - An offer's group: `new` (new and the product alone), `second_hand` (used, refurbished, open box) or `bundle` (the
 *   product sold with something more, or several of it: `priceGroups`).
 * - The best price is the lowest total among in-stock offers of the `new` group, and an offer whose shipping is unknown
 *   never wins it while an offer with a known total is there; with no such offer, the cheapest in-stock offer of the
 *   `second_hand` group, told as such; else none (out-of-stock offers and bundles never make a best price).
 * - Offers are listed by section (`new`, `second_hand`, `bundle`, then every out-of-stock offer). Within a section the
 *   offers one can buy come in the best price's order (`buyTier`): in stock with a known total, in stock with shipping
 *   unknown, to order (pre-order, back-order, stock not stated) with a known total, then the rest; each tier cheapest
 *   first. So the first offer of the `new` section is the best price whenever there is one, and a cheaper back-order
 *   or an unknown shipping cost never tops the list above it.
 * - A saving is told only between two offers that can be bought, of the same group and currency.
 */

import { multipackCounts } from '@pricehunt/catalog-matching';
import { foldAccents } from '@pricehunt/contracts';

export type Availability = 'in_stock' | 'out_of_stock' | 'preorder' | 'backorder' | 'unknown';
export type Condition = 'new' | 'refurbished' | 'used';
/** Offers that compare with each other. */
export type PriceGroup = 'new' | 'second_hand' | 'bundle';
/** Where an offer is listed: its group while it can be bought, else with the other out-of-stock offers. */
export type OfferSection = PriceGroup | 'out_of_stock';

export const PRICE_GROUPS: readonly PriceGroup[] = ['new', 'second_hand', 'bundle'];
export const OFFER_SECTIONS: readonly OfferSection[] = ['new', 'second_hand', 'bundle', 'out_of_stock'];

/** What pricing needs of an offer. */
export interface PricedOffer {
  id: number;
  title: string;
  priceCents: number;
  /** Null: the shop did not say (shown as "+ shipping"). */
  shippingCents: number | null;
  currency: string;
  availability: Availability;
  condition: Condition;
  /** What the feed says: units in one item (`multipack`), and whether it is a bundle (`is_bundle`). */
  multipack?: number | null;
  isBundle?: boolean | null;
}

/** The total a shopper pays as far as it is known: the price plus shipping when the shop states it. */
export const knownTotalCents = (offer: Pick<PricedOffer, 'priceCents' | 'shippingCents'>): number => offer.priceCents + (offer.shippingCents ?? 0);

export const shippingKnown = (offer: Pick<PricedOffer, 'shippingCents'>): boolean => offer.shippingCents !== null;

/** An out-of-stock offer is no price one can pay; every other availability can be ordered. */
export const canBuy = (offer: Pick<PricedOffer, 'availability'>): boolean => offer.availability !== 'out_of_stock';

/** Words past a "with", "w/" or "+" that name something sold with the product rather than a feature of it. */
const EXTRA_NOUNS =
  'case|bag|backpack|cable|charger|card|battery|batteries|controller|mount|kit|plan|warranty|sleeve|mouse|keyboard|stylus|pen|cover|protector|strap|band|dock|bowl|attachment|shield|ink|paper|game|games|receiver|pad|heatsink|arm|soundbar|subscription|headset|headphones|tripod|lens|microsoft 365|office|applecare\\+?';
const WITH_EXTRA_RE = new RegExp(`(?:^|\\s)(?:with|w/|\\+)\\s+(?:[^\\s,;()]+\\s+){0,3}?(${EXTRA_NOUNS})(?![a-z])`, 'g');
const BUNDLE_WORD_RE = /(?<![a-z])(?:bundle|combo)(?![a-z])/;

/** What a title (and the feed's fields) says is sold together ("bundle", "pack:2", "with:case"), lower-case. */
export function bundleMarks(title: string, facts: Pick<PricedOffer, 'multipack' | 'isBundle'> = {}): Set<string> {
  const text = foldAccents(title);
  const marks = new Set<string>();
  if (BUNDLE_WORD_RE.test(text)) marks.add('bundle');
  for (const count of multipackCounts(title)) marks.add(`pack:${count}`);
  for (const match of text.matchAll(WITH_EXTRA_RE)) marks.add(`with:${match[1]}`);
  if (facts.isBundle) marks.add('bundle');
  if (facts.multipack && facts.multipack > 1) marks.add(`pack:${facts.multipack}`);
  return marks;
}

const SECOND_HAND: ReadonlySet<Condition> = new Set(['used', 'refurbished']);

/**
 * The group of each offer of one product. A mark of being sold together ("Bundle", "2-Pack", "with Carrying Case",
 * a feed's `is_bundle` or `multipack`) is the product's own when more than half of its offers carry it (the "AirTag
 * 4 Pack" is a product, each of its listings a single unit of it); an offer with a mark that most of the others lack
 * is a `bundle`. Else used and refurbished offers are `second_hand`, the rest `new`.
 */
export function priceGroups<T extends Pick<PricedOffer, 'id' | 'title' | 'condition' | 'multipack' | 'isBundle'>>(offers: readonly T[]): Map<number, PriceGroup> {
  const marks = offers.map((offer) => bundleMarks(offer.title, offer));
  const carried = new Map<string, number>();
  for (const set of marks) for (const mark of set) carried.set(mark, (carried.get(mark) ?? 0) + 1);
  const groups = new Map<number, PriceGroup>();
  offers.forEach((offer, index) => {
    const bundle = [...(marks[index] ?? [])].some((mark) => (carried.get(mark) ?? 0) * 2 <= offers.length);
    groups.set(offer.id, groupOf({ isBundle: bundle, condition: offer.condition }));
  });
  return groups;
}

/** The section an offer of `group` is listed in. */
export const sectionOf = (offer: Pick<PricedOffer, 'availability'>, group: PriceGroup): OfferSection => (canBuy(offer) ? group : 'out_of_stock');

/** Cheapest first: by the known total, a known total before an unknown one at the same amount, in stock before the rest, then by id. */
export function byPrice(a: PricedOffer, b: PricedOffer): number {
  return (
    knownTotalCents(a) - knownTotalCents(b) ||
    Number(!shippingKnown(a)) - Number(!shippingKnown(b)) ||
    Number(a.availability !== 'in_stock') - Number(b.availability !== 'in_stock') ||
    a.id - b.id
  );
}

/** The currency most of the offers are in (of those tied, the one of the cheapest offer); null with no offer. */
export function mainCurrency(offers: readonly PricedOffer[]): string | null {
  const counts = new Map<string, number>();
  for (const offer of offers) counts.set(offer.currency, (counts.get(offer.currency) ?? 0) + 1);
  let best: string | null = null;
  for (const offer of [...offers].sort(byPrice)) {
    if (best === null || (counts.get(offer.currency) ?? 0) > (counts.get(best) ?? 0)) best = offer.currency;
  }
  return best;
}

/** A product's best price: the offer it is, its total (the price alone when its shipping is unknown) and its kind. */
export interface BestPrice {
  offerId: number;
  cents: number;
  currency: string;
  condition: Condition;
  shippingKnown: boolean;
}

/**
 * How sure a shopper can be of an offer one can buy, best first: 0 in stock with a known total, 1 in stock with shipping
 * unknown, 2 to order (pre-order, back-order, stock not stated) with a known total, 3 the rest. The best price is the
 * cheapest offer of the lowest tier, and each section lists its offers tier by tier.
 */
export const buyTier = (offer: Pick<PricedOffer, 'availability' | 'shippingCents'>): number =>
  (offer.availability === 'in_stock' ? 0 : 2) + (shippingKnown(offer) ? 0 : 1);

/** The best price's order: by `buyTier`, then cheapest first (`byPrice`). */
export const byTierAndPrice = (a: PricedOffer, b: PricedOffer): number => buyTier(a) - buyTier(b) || byPrice(a, b);

/**
 * The offer whose total is the product's best price (see the module's comment); `groups` from `priceGroups` of the
 * same offers. Only offers in the product's main currency compete.
 */
export function bestPrice(offers: readonly PricedOffer[], groups: ReadonlyMap<number, PriceGroup> = priceGroups(offers)): BestPrice | null {
  const currency = mainCurrency(offers);
  const candidates = offers.filter((offer) => offer.currency === currency && canBuy(offer));
  const pick = (group: PriceGroup): PricedOffer | undefined => candidates.filter((o) => groups.get(o.id) === group).sort(byTierAndPrice)[0];
  const offer = pick('new') ?? pick('second_hand');
  if (!offer || currency === null) return null;
  return { offerId: offer.id, cents: knownTotalCents(offer), currency, condition: offer.condition, shippingKnown: shippingKnown(offer) };
}

/** A product's offers in the order shoppers see them, each with its group and section. */
export interface ListedOffer<T extends PricedOffer> {
  offer: T;
  group: PriceGroup;
  section: OfferSection;
  isBestPrice: boolean;
}

/** Everything pricing decides for one product's offers. */
export interface ProductPricing<T extends PricedOffer> {
  best: BestPrice | null;
  groups: Map<number, PriceGroup>;
  /** Section by section (`OFFER_SECTIONS`); those one can buy tier by tier (`byTierAndPrice`), the out-of-stock cheapest first (`byPrice`). */
  listed: ListedOffer<T>[];
}

export function priceProduct<T extends PricedOffer>(offers: readonly T[]): ProductPricing<T> {
  const groups = priceGroups(offers);
  const best = bestPrice(offers, groups);
  const listed = offers
    .map((offer) => {
      const group = groups.get(offer.id) ?? 'new';
      return { offer, group, section: sectionOf(offer, group), isBestPrice: offer.id === best?.offerId };
    })
    .sort((a, b) => OFFER_SECTIONS.indexOf(a.section) - OFFER_SECTIONS.indexOf(b.section) || (a.section === 'out_of_stock' ? byPrice(a.offer, b.offer) : byTierAndPrice(a.offer, b.offer)));
  return { best, groups, listed };
}

/**
 * How much less (positive) or more (negative) `offer` costs than `reference`, in cents; null when the two do not
 * compare: `offer` cannot be bought, they are of other groups or currencies, or `offer`'s shipping is unknown while the
 * reference's is known (it may cost anything more). Against a reference whose shipping is unknown, a known total's
 * saving is at least the one told.
 */
export function savingCents(
  reference: Pick<PricedOffer, 'priceCents' | 'shippingCents' | 'currency' | 'availability'> & { group: PriceGroup },
  offer: Pick<PricedOffer, 'priceCents' | 'shippingCents' | 'currency' | 'availability'> & { group: PriceGroup },
): number | null {
  if (!canBuy(offer) || reference.group !== offer.group || reference.currency !== offer.currency) return null;
  // An offer whose shipping is unknown may cost anything more: no saving is told against a known total.
  if (shippingKnown(reference) && !shippingKnown(offer)) return null;
  return knownTotalCents(reference) - knownTotalCents(offer);
}

/** The price group of an offer as its view tells it: a bundle, else by its condition. */
export const groupOf = (offer: { isBundle: boolean; condition: Condition }): PriceGroup => (offer.isBundle ? 'bundle' : SECOND_HAND.has(offer.condition) ? 'second_hand' : 'new');
