import type { FeedOffer } from '../offer';
import { slugify } from '../slug';
import { type SyntheticProduct, generateProducts } from './products';
import { Rng, mix32, permute } from './rng';

export const SYNTHETIC_RETAILERS = ['amazon', 'ebay', 'walmart', 'target', 'bestbuy', 'apple', 'playstation', 'newegg', 'costco'] as const;
export type SyntheticRetailer = (typeof SYNTHETIC_RETAILERS)[number];

/** A generated offer with its ground truth. */
export type SyntheticOffer = FeedOffer & {
  retailer: SyntheticRetailer;
  /** The product this offer is an instance of (`SyntheticProduct.productKey`). */
  productKey: string;
};

interface RetailerProfile {
  id: SyntheticRetailer;
  /** Chance of carrying an ordinary product. */
  weight: number;
  /** Price factor range around the manufacturer's price. */
  jitter: readonly [number, number];
  gtinShown: number;
  mpnShown: number;
  /** Order-value threshold for free shipping (cents) and the fee under it; undefined: always free. */
  freeOver?: number;
  fee?: number;
}

const PROFILES: Readonly<Record<SyntheticRetailer, RetailerProfile>> = {
  amazon: { id: 'amazon', weight: 0.92, jitter: [0.9, 1.02], gtinShown: 0.7, mpnShown: 0.85, freeOver: 3500, fee: 599 },
  walmart: { id: 'walmart', weight: 0.75, jitter: [0.9, 1.01], gtinShown: 0.95, mpnShown: 0.8, freeOver: 3500, fee: 699 },
  bestbuy: { id: 'bestbuy', weight: 0.6, jitter: [0.95, 1.0], gtinShown: 0.9, mpnShown: 0.95, freeOver: 3500, fee: 599 },
  ebay: { id: 'ebay', weight: 0.6, jitter: [0.78, 1.05], gtinShown: 0.55, mpnShown: 0.7 },
  target: { id: 'target', weight: 0.45, jitter: [0.95, 1.03], gtinShown: 0.9, mpnShown: 0.5, freeOver: 3500, fee: 599 },
  newegg: { id: 'newegg', weight: 0.35, jitter: [0.9, 1.03], gtinShown: 0.8, mpnShown: 0.95 },
  costco: { id: 'costco', weight: 0.25, jitter: [0.86, 0.97], gtinShown: 0.5, mpnShown: 0.6 },
  apple: { id: 'apple', weight: 0.97, jitter: [1, 1], gtinShown: 0, mpnShown: 1 },
  playstation: { id: 'playstation', weight: 0.95, jitter: [1, 1], gtinShown: 0, mpnShown: 0.8 },
};

const GENERAL: readonly SyntheticRetailer[] = ['amazon', 'walmart', 'bestbuy', 'ebay', 'target', 'newegg', 'costco'];
const COMPUTER_CATEGORIES = new Set(['laptops', 'monitors', 'storage', 'accessories', 'printers']);

/** Picks 2–8 retailers for a product, weighted, without repeats; own stores only for their brand. */
function chooseRetailers(product: SyntheticProduct, rng: Rng): SyntheticRetailer[] {
  const eligible = product.exclusiveStore ? [...GENERAL, product.exclusiveStore] : GENERAL;
  const keyed = eligible.map((id) => {
    let weight = PROFILES[id].weight;
    if (id === 'newegg' && COMPUTER_CATEGORIES.has(product.category)) weight = 0.8;
    if (id === 'costco' && product.msrpCents > 50000) weight = 0.45;
    return { id, key: Math.pow(rng.next(), 1 / weight) };
  });
  keyed.sort((a, b) => b.key - a.key);
  const max = Math.min(8, eligible.length);
  // From 2 to all eligible sellers, most often around the middle.
  const count = Math.min(max, 2 + Math.floor(((rng.next() + rng.next()) / 2) * (max - 1)));
  const chosen = keyed.slice(0, count).map((entry) => entry.id);
  if (product.exclusiveStore && !chosen.includes(product.exclusiveStore) && rng.chance(0.9)) chosen[chosen.length - 1] = product.exclusiveStore;
  return chosen;
}

function base36(n: number, width: number): string {
  return n.toString(36).toUpperCase().padStart(width, '0');
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Retailer id of a product's offer: distinct per product within each retailer, scattered like real ids. */
function retailerId(retailer: SyntheticRetailer, product: SyntheticProduct, seed: number): string {
  const n = product.index;
  const key = mix32(seed, retailer.charCodeAt(0) * 31 + retailer.length);
  switch (retailer) {
    case 'amazon':
      return `B0${ALNUM[mix32(key, n) % 36]}${base36(permute(n, 2 ** 32, key), 7)}`;
    case 'walmart':
      return String(100_000_000 + permute(n, 900_000_000, key));
    case 'bestbuy':
      return String(1_000_000 + permute(n, 9_000_000, key));
    case 'ebay':
      return String(110_000_000_000 + permute(n, 2 ** 32, key));
    case 'target':
      return String(10_000_000 + permute(n, 90_000_000, key));
    case 'newegg':
      return `N82E168${String(permute(n, 100_000_000, key)).padStart(8, '0')}`;
    case 'costco':
      return String(100_000_000 + permute(n, 900_000_000, key));
    case 'apple':
      return product.mpn;
    case 'playstation':
      return String(3_000_000 + permute(n, 7_000_000, key));
  }
}

function offerUrl(retailer: SyntheticRetailer, id: string, slug: string, product: SyntheticProduct): string {
  switch (retailer) {
    case 'amazon':
      return `https://www.amazon.com/${slug}/dp/${id}`;
    case 'walmart':
      return `https://www.walmart.com/ip/${slug}/${id}`;
    case 'bestbuy':
      return `https://www.bestbuy.com/site/${slug}/${id}.p?skuId=${id}`;
    case 'ebay':
      return `https://www.ebay.com/itm/${id}`;
    case 'target':
      return `https://www.target.com/p/${slug}/-/A-${id}`;
    case 'newegg':
      return `https://www.newegg.com/${slug}/p/${id}`;
    case 'costco':
      return `https://www.costco.com/${slug}.product.${id}.html`;
    case 'apple':
      // Apple's product pages carry the part number; its configurator pages (`/shop/buy-iphone/…`) carry none.
      return `https://www.apple.com/shop/product/${id}/${slugify(`${product.family} ${product.model}`, 60)}`;
    case 'playstation':
      return `https://direct.playstation.com/en-us/${product.noun === 'Console' ? 'consoles/console' : 'accessories/accessory'}/${slug}.${id}`;
  }
}

const ABBREVIATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bWireless\b/, 'Wrls'],
  [/\bNoise Canceling\b/, 'NC'],
  [/\bNoise Cancelling\b/, 'NC'],
  [/\bHeadphones\b/, 'Headphone'],
  [/\bBluetooth\b/, 'BT'],
  [/\bPortable\b/, 'Port.'],
  [/\bBlack\b/, 'Blk'],
  [/\bLaptop\b/, 'Notebook'],
  [/\bTelevision\b/, 'TV'],
];

const CONDITION_WORDS = { refurbished: ['Refurbished', 'Certified Refurbished', 'Renewed'], used: ['Used', 'Pre-Owned', 'Open Box'] } as const;

function sizeText(product: SyntheticProduct, style: number): string {
  if (product.size === undefined) return '';
  if (product.sizeUnit === 'mm') return style === 2 ? `${product.size} mm` : `${product.size}mm`;
  return [`${product.size}"`, `${product.size}-Inch`, `${product.size} in.`, `${product.size}" Class`][style] ?? `${product.size}"`;
}

function join(parts: Array<string | undefined | false>, sep = ' '): string {
  let out = '';
  for (const part of parts) {
    if (!part) continue;
    out = out ? out + sep + part : part;
  }
  return out;
}

/** The marketing phrases a title's words do not say already: no shop writes "Smart TV, Smart TV". */
function unsaid(head: string, phrases: readonly string[]): string[] {
  const said = ` ${head.toLowerCase()} `;
  return phrases.filter((phrase) => phrase && !said.includes(` ${phrase.toLowerCase()} `));
}

/** The retailer's own way of writing the product's title. */
function offerTitle(retailer: SyntheticRetailer, p: SyntheticProduct, rng: Rng, condition: FeedOffer['condition']): string {
  const family = join([p.family, p.name]);
  // A family that starts with the brand ("Apple Watch") is not written after it again.
  const brand = family.startsWith(`${p.brand} `) ? '' : p.brand;
  const codeInName = p.name === '';
  const model = codeInName || rng.chance(0.5) ? p.model : '';
  const noun = rng.chance(0.2) ? p.noun.replace('Canceling', 'Cancelling') : p.noun;
  switch (retailer) {
    case 'amazon': {
      const head = join([brand, family, model, sizeText(p, 0), noun]);
      const extras = unsaid(head, rng.chance(0.6) ? [p.marketing[0], p.marketing[1]] : [p.marketing[0]]);
      const title = join([head, ...extras, p.capacity, p.colour], ', ');
      return condition === 'refurbished' ? `${title} (Renewed)` : title;
    }
    case 'walmart': {
      const title = join([brand, family, model, sizeText(p, 1), noun, p.capacity && `, ${p.capacity}`, p.colour && `, ${p.colour}`]).replace(/ ,/g, ',');
      return condition === 'refurbished' ? `Restored ${title} (Refurbished)` : title;
    }
    case 'bestbuy':
      return join([brand, join([p.size !== undefined ? sizeText(p, 3) : '', family, p.model, p.capacity, noun]), p.colour], ' - ');
    case 'ebay': {
      let title = join([
        condition === 'new' ? (rng.chance(0.35) ? rng.pick(['NEW', 'Brand New', 'NEW SEALED']) : '') : rng.pick(CONDITION_WORDS[condition]),
        rng.chance(0.75) ? brand : '',
        family,
        p.model,
        sizeText(p, rng.int(3)),
        p.capacity,
        noun,
        p.colour,
        rng.chance(0.3) ? rng.pick(['Free Shipping', 'Fast Ship', 'US Seller', 'w/ Box']) : '',
      ]);
      for (const [pattern, short] of ABBREVIATIONS) if (rng.chance(0.3)) title = title.replace(pattern, short);
      return title.length > 80 ? title.slice(0, 80).replace(/\s+\S*$/, '') : title;
    }
    case 'target':
      return join([join([brand, family, model, sizeText(p, 1), p.capacity, noun]), p.colour], ' - ');
    case 'newegg':
      // Specifications, not Amazon's marketing phrase: two shops that wrote the same phrase were most of a product's
      // three shops, and their words its name ("… Gaming Keyboard Family Fun").
      return join([brand.toUpperCase(), family, p.model, sizeText(p, 0), noun, p.capacity, p.colour]);
    case 'costco':
      // A product sold alone (no bundle) is never called a bundle.
      return join([brand, family, sizeText(p, 3), model, p.capacity, noun, rng.chance(0.6) ? p.bundle : '', rng.chance(0.3) && p.bundle !== '' && !p.bundle.includes('Bundle') ? 'Bundle' : '']);
    case 'apple':
      return join([join([family, p.model, p.capacity]), p.colour], ' - ');
    case 'playstation':
      return join([family, p.noun, p.colour], ' – ');
  }
}

function roundPrice(cents: number, retailer: SyntheticRetailer, rng: Rng): number {
  const dollars = Math.max(1, Math.floor(cents / 100));
  if (retailer === 'apple' || retailer === 'playstation') return dollars * 100 - 1 + (rng.chance(0.3) ? 1 : 0);
  if (retailer === 'ebay') return dollars * 100 + rng.int(100);
  return dollars * 100 + (rng.chance(0.8) ? 99 : rng.pick([0, 49, 95, 97]));
}

function availabilityFor(rng: Rng): FeedOffer['availability'] {
  const r = rng.next();
  if (r < 0.87) return 'in_stock';
  if (r < 0.95) return 'out_of_stock';
  if (r < 0.98) return 'backorder';
  return 'preorder';
}

/** The offers of one product (2–8 retailers), deterministic in seed and product. */
export function productOffers(product: SyntheticProduct, seed: number): SyntheticOffer[] {
  const rng = new Rng(mix32(seed ^ 0x6f666672, product.index));
  const retailers = chooseRetailers(product, rng);
  const offers: SyntheticOffer[] = [];
  let description: string | undefined;
  for (const retailer of retailers) {
    const profile = PROFILES[retailer];
    let condition: FeedOffer['condition'] = 'new';
    if (retailer === 'ebay') {
      const r = rng.next();
      condition = r < 0.12 ? 'refurbished' : r < 0.2 ? 'used' : 'new';
    } else if (retailer === 'amazon' && rng.chance(0.03)) condition = 'refurbished';
    const title = offerTitle(retailer, product, rng, condition);
    const id = retailerId(retailer, product, seed);
    const [lo, hi] = profile.jitter;
    let factor = lo + rng.next() * (hi - lo);
    if (condition === 'refurbished') factor *= 0.78;
    if (condition === 'used') factor *= 0.65;
    const priceCents = roundPrice(product.msrpCents * factor, retailer, rng);
    let saleCents: number | undefined;
    if (retailer !== 'apple' && retailer !== 'playstation' && rng.chance(0.12)) {
      const sale = roundPrice(priceCents * (0.8 + rng.next() * 0.15), retailer, rng);
      if (sale < priceCents) saleCents = sale;
    }
    const offer: SyntheticOffer = {
      externalId: id,
      retailer,
      productKey: product.productKey,
      url: offerUrl(retailer, id, slugify(title, 90), product),
      title,
      brand: product.brand,
      priceCents,
      currency: 'USD',
      availability: availabilityFor(rng),
      condition,
      category: product.categoryPath,
      shippingCents: 0,
    };
    if (saleCents !== undefined) offer.salePriceCents = saleCents;
    if (profile.freeOver !== undefined) offer.shippingCents = (saleCents ?? priceCents) >= profile.freeOver ? 0 : (profile.fee ?? 0);
    else if (retailer === 'ebay' && !rng.chance(0.6)) offer.shippingCents = rng.pick([499, 799, 999, 1499, 1999]);
    if (rng.next() < profile.gtinShown) offer.gtin = product.gtin;
    if (rng.next() < profile.mpnShown) offer.mpn = product.mpn;
    if (retailer === 'bestbuy' || retailer === 'newegg') offer.sku = id;
    if (retailer === 'amazon' || retailer === 'bestbuy' || retailer === 'apple') {
      description ??= `${product.title}. ${product.marketing[0]}. ${product.marketing[1]}.`;
      offer.description = description;
    }
    offers.push(offer);
  }
  return offers;
}

export interface GenerateCatalogOptions {
  /** Number of offers to produce (the last product may contribute fewer than all its offers). */
  offers: number;
  seed: number;
}

/**
 * Deterministic synthetic catalog as a stream of offers: products from `generateProducts` with the
 * same seed, each offered by 2–8 of the nine retailers with the retailer's price level, shipping rule,
 * title style and URL shape. Memory stays flat however many offers are drawn. Titles, prices and ids
 * are invented; URLs have the real shapes but lead nowhere; GTINs are valid but in GS1's restricted
 * range (prefix 2), so they never name a real product.
 */
export function* generateCatalog(options: GenerateCatalogOptions): Generator<SyntheticOffer> {
  if (!Number.isInteger(options.offers) || options.offers < 0) throw new RangeError('offers must be a whole number, 0 or more');
  if (!Number.isInteger(options.seed)) throw new RangeError('seed must be a whole number');
  let left = options.offers;
  if (left === 0) return;
  for (const product of generateProducts({ seed: options.seed })) {
    for (const offer of productOffers(product, options.seed >>> 0)) {
      yield offer;
      if (--left === 0) return;
    }
  }
}
