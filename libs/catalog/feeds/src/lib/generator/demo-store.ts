import { slugify } from '../slug';
import type { CategoryId } from './catalog-data';
import { type DemoImages, type DemoProduct, demoProductImage, demoProducts, generateDemoCatalog } from './demo-catalog';
import type { SyntheticOffer } from './offers';
import { mix32 } from './rng';

/** The demo merchant's Shopify-like store (`npm start`): its public domain and its name. */
export const DEMO_STORE = { domain: 'demo-store.localhost', name: 'Demo Store' } as const;

/** One product of the Demo Store, in the fields of `@pricehunt/shop-server`'s `ShopProduct` (plain data). */
export interface DemoStoreProduct {
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  /** The part number, else the model number ('' when the data has neither). */
  sku: string;
  /** The GTIN, or ''. */
  barcode: string;
  /** "59.00" */
  price: string;
  description?: string;
  /** The list price, when the store sells for at least 5% less. */
  compareAtPrice?: string;
  /** The product's pictures (absolute URLs), as the store's `images`. */
  images?: string[];
}

/** The Demo Store's range: an audio and wearables specialist with a few accessories and memory products. */
const RANGE: ReadonlyArray<{ category: CategoryId; count: number; fits?: (product: DemoProduct) => boolean }> = [
  { category: 'headphones', count: 14 },
  { category: 'speakers', count: 10 },
  { category: 'smartwatches', count: 8 },
  { category: 'accessories', count: 2, fits: (product) => /charg|power ?bank|tracker/i.test(product.title) },
  { category: 'storage', count: 2, fits: (product) => /microsd|portable ssd/i.test(product.title) },
];

/** The store's price is the median of the catalog's offers times a factor in this range. */
export const DEMO_STORE_PRICE_FACTOR = { min: 0.93, max: 1.05 } as const;

/** One product of the range with what it was chosen and priced from. */
export interface DemoStoreEntry {
  product: DemoProduct;
  /** The product's offers in `generateDemoCatalog({ seed })`. */
  offers: SyntheticOffer[];
  /** Median of those offers' selling prices, in cents. */
  medianCents: number;
  item: DemoStoreProduct;
}

const sellingCents = (offer: SyntheticOffer) => Math.min(offer.priceCents, offer.salePriceCents ?? offer.priceCents);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

const centsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A 32-bit draw from the seed and a text. */
function draw(seed: number, salt: number, text: string): number {
  let hash = mix32(seed, salt);
  for (let i = 0; i < text.length; i++) hash = mix32(hash, text.charCodeAt(i));
  return hash >>> 0;
}

/** Title as a Shopify shop writes it: the product, then ` - ` and the colour (`… Headphones - Black`). */
function shopTitle(product: DemoProduct): string {
  const colour = product.colour;
  if (!colour || !product.title.endsWith(` ${colour}`)) return product.title;
  return `${product.title.slice(0, -colour.length - 1)} - ${colour}`;
}

function description(product: DemoProduct): string {
  const what = product.noun ? `${product.noun} from ${product.brand}` : shopTitle(product);
  const claims = product.marketing.map((claim) => `${claim.charAt(0).toUpperCase()}${claim.slice(1)}.`);
  return [`${what}${product.colour ? `, in ${product.colour}` : ''}.`, ...claims].join(' ');
}

/**
 * The Demo Store's range with how each product was chosen: for each category of `RANGE`, variants of the demo's
 * products (`demoProducts`) that at least two retailers of `generateDemoCatalog({ seed })` offer, those with a GTIN or
 * part number first (the catalog's matcher places them surely: a GTIN before a part number), one variant of each product line before a second,
 * lines in an order drawn from the seed. A product with a published picture (`REAL_PRODUCT_IMAGES`, or `images`) shows it. Priced at the median of the catalog's offers times a factor drawn in
 * `DEMO_STORE_PRICE_FACTOR`, so the store is the cheapest for some products and not for others.
 */
export function demoStoreRange(seed: number, images?: DemoImages): DemoStoreEntry[] {
  if (!Number.isInteger(seed)) throw new RangeError('seed must be a whole number');
  const products = demoProducts(seed >>> 0);
  const offersByKey = new Map<string, SyntheticOffer[]>();
  for (const offer of generateDemoCatalog({ seed, images })) {
    const list = offersByKey.get(offer.productKey);
    if (list) list.push(offer);
    else offersByKey.set(offer.productKey, [offer]);
  }
  const retailers = (product: DemoProduct) => new Set((offersByKey.get(product.productKey) ?? []).map((offer) => offer.retailer)).size;
  // A GTIN places an offer surest, then a part number.
  const identified = (product: DemoProduct) => (product.gtin ? 0 : product.mpn ? 1 : 2);

  const entries: DemoStoreEntry[] = [];
  const handles = new Set<string>();
  for (const { category, count, fits } of RANGE) {
    const candidates = products.filter((product) => product.category === category && (fits?.(product) ?? true) && retailers(product) >= 2);
    // Rank each variant within its line: identified ones first, then by a draw.
    const lines = new Map<DemoProduct['real'], DemoProduct[]>();
    for (const product of candidates) lines.set(product.real, [...(lines.get(product.real) ?? []), product]);
    const rank = new Map<DemoProduct, number>();
    for (const variants of lines.values()) {
      variants
        .sort((a, b) => identified(a) - identified(b) || draw(seed, 1, a.productKey) - draw(seed, 1, b.productKey))
        .forEach((product, index) => rank.set(product, index));
    }
    const chosen = candidates
      .sort(
        (a, b) =>
          identified(a) - identified(b) ||
          (rank.get(a) as number) - (rank.get(b) as number) ||
          draw(seed, 2, a.real.family + a.real.name + a.real.model) - draw(seed, 2, b.real.family + b.real.name + b.real.model),
      )
      .slice(0, count)
      .sort((a, b) => a.index - b.index);

    for (const product of chosen) {
      const offers = offersByKey.get(product.productKey) as SyntheticOffer[];
      const medianCents = median(offers.map(sellingCents));
      const { min, max } = DEMO_STORE_PRICE_FACTOR;
      const factor = min + ((max - min) * draw(seed, 3, product.productKey)) / 2 ** 32;
      const priceCents = Math.min(Math.floor(medianCents * max), Math.max(Math.ceil(medianCents * min), Math.round(medianCents * factor)));
      const title = shopTitle(product);
      let handle = slugify(title, 120);
      for (let n = 2; handles.has(handle); n++) handle = `${slugify(title, 114)}-${n}`;
      handles.add(handle);
      const item: DemoStoreProduct = {
        handle,
        title,
        vendor: product.brand,
        productType: product.categoryLabel,
        sku: product.mpn || product.model,
        barcode: product.gtin,
        price: centsText(priceCents),
        description: description(product),
      };
      if (product.msrpCents >= Math.ceil(priceCents / 0.95)) item.compareAtPrice = centsText(product.msrpCents);
      const image = demoProductImage(product, images);
      if (image) item.images = [image];
      entries.push({ product, offers, medianCents, item });
    }
  }
  return entries;
}

/** The Demo Store's products (about 36: headphones, speakers, smartwatches, a few accessories and memory cards), deterministic in `seed`. */
export function demoStoreProducts(seed: number, images?: DemoImages): DemoStoreProduct[] {
  return demoStoreRange(seed, images).map((entry) => entry.item);
}
