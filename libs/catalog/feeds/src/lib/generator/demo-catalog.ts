import { slugify } from '../slug';
import { CATEGORIES, type CategoryId } from './catalog-data';
import { productOffers, type SyntheticOffer } from './offers';
import type { SyntheticProduct } from './products';
import { REAL_PRODUCT_IMAGES, type RealProductImage } from './real-product-images';
import { REAL_PRODUCTS, type RealProduct, type RealVariant } from './real-products';
import { Rng, mix32 } from './rng';

/**
 * Retailer ids of the demo's products are drawn from the generator's id spaces at indexes from here on: the synthetic
 * catalog's products take the indexes from 0 (a million-offer catalog holds about 250,000 products), so under one
 * seed the demo's ids never meet a synthetic offer's, and both catalogs can be imported into one database.
 */
const DEMO_INDEX_BASE = 6_000_000;

/**
 * What shops add to the titles of the demo's products, per category: plain claims true of every product of the
 * category that states no `claims` of its own (the synthetic catalog's phrases name features some real products lack,
 * "Alexa Built-in").
 */
const DEMO_MARKETING: Readonly<Record<CategoryId, readonly string[]>> = {
  headphones: ['Bluetooth', 'with Mic for Phone Calls', 'Long Battery Life', 'Wireless'],
  tvs: ['4K Ultra HD', 'Smart TV', 'HDR', 'Dolby Vision'],
  laptops: ['Thin and Light', 'Backlit Keyboard', 'USB-C', 'Long Battery Life'],
  cameras: ['4K Video', 'Wi-Fi & Bluetooth', 'Image Stabilization', 'Content Creation'],
  phones: ['Unlocked', '5G', 'Long Battery Life', 'US Version'],
  tablets: ['All-Day Battery', 'Wi-Fi', 'Stunning Display', 'Lightweight'],
  monitors: ['HDMI', 'Adjustable Stand', 'Eye Care', 'Low Blue Light'],
  speakers: ['Bluetooth', 'Rich Sound', 'Portable', 'Deep Bass'],
  kitchen: ['Dishwasher-Safe Parts', 'Easy to Clean', 'Countertop', 'Home Kitchen'],
  gaming: ['Gaming', 'Next-Gen', 'Immersive Play', 'Family Fun'],
  smartwatches: ['Fitness Tracker', 'Heart Rate Monitor', 'GPS', 'Sleep Tracking'],
  vacuums: ['Powerful Suction', 'Pet Hair', 'Whole-Home Cleaning', 'HEPA Filtration'],
  storage: ['High Speed', 'Reliable Storage', 'Fast Transfers', 'Compact'],
  accessories: ['Compact Design', 'Easy Setup'],
  printers: ['Print, Copy, Scan', 'Wireless Printing', 'Mobile Printing', 'Home Office'],
};

/** One sellable product of the demo: a variant of a real product, shaped as the generator's products are. */
export interface DemoProduct extends SyntheticProduct {
  /** The real product it is a variant of. */
  real: RealProduct;
  variant: RealVariant;
}

function variantWords(product: RealProduct, variant: RealVariant): string {
  const size = variant.size !== undefined ? `${variant.size}${product.sizeUnit === 'mm' ? 'mm' : '-inch'}` : '';
  return [size, variant.capacity ?? '', variant.colour ?? ''].filter(Boolean).join(' ');
}

/** A stable key of a demo product: brand, line, model and variant (`real-sony-wh-1000xm5-black`). */
export function demoProductKey(product: RealProduct, variant: RealVariant): string {
  return `real-${slugify([product.brand, product.family, product.name, variant.model ?? product.model, variantWords(product, variant)].filter(Boolean).join(' '), 200)}`;
}

/** The key of a demo product without its variant's words (`real-sony-wh-1000xm5`): the line every variant of it shares. */
export function demoLineKey(product: RealProduct, variant: RealVariant): string {
  return `real-${slugify([product.brand, product.family, product.name, variant.model ?? product.model].filter(Boolean).join(' '), 200)}`;
}

/** Image links by demo product key (`REAL_PRODUCT_IMAGES`'s shape). */
export type DemoImages = Readonly<Record<string, RealProductImage>>;

/** A demo product's picture: its variant's own (`demoProductKey`), else its line's (`demoLineKey`); undefined when the table has neither. */
export function demoProductImage(product: DemoProduct, images: DemoImages = REAL_PRODUCT_IMAGES): string | undefined {
  return (images[product.productKey] ?? images[demoLineKey(product.real, product.variant)])?.image;
}

/**
 * The demo's products: every variant of every real product (`REAL_PRODUCTS`), in the data's order, with its own key,
 * model number, part number and GTIN as the data gives them ('' where it gives none), and its list price.
 */
export function demoProducts(seed: number): DemoProduct[] {
  const out: DemoProduct[] = [];
  const keys = new Set<string>();
  for (const real of REAL_PRODUCTS) {
    for (const variant of real.variants) {
      const index = DEMO_INDEX_BASE + out.length;
      const category = CATEGORIES[real.category];
      const marketing = real.claims ?? DEMO_MARKETING[real.category];
      const rng = new Rng(mix32(seed ^ 0x64656d6f, index));
      const m1 = rng.int(marketing.length);
      const m2 = (m1 + 1 + rng.int(marketing.length - 1)) % marketing.length;
      const model = variant.model ?? real.model;
      const productKey = demoProductKey(real, variant);
      if (keys.has(productKey)) throw new Error(`two demo products share the key ${productKey}`);
      keys.add(productKey);
      const brand = real.family.startsWith(`${real.brand} `) ? '' : real.brand;
      const size = variant.size !== undefined ? `${variant.size}${real.sizeUnit === 'mm' ? 'mm' : '"'}` : '';
      const product: DemoProduct = {
        productKey,
        index,
        brand: real.brand,
        category: real.category,
        categoryLabel: category.label,
        categoryPath: category.path,
        family: real.family,
        name: real.name,
        model,
        mpn: variant.mpn ?? '',
        gtin: variant.gtin ?? '',
        noun: real.noun,
        colour: variant.colour ?? '',
        msrpCents: Math.round(variant.price * 100),
        marketing: [marketing[m1] as string, marketing[m2] as string],
        bundle: rng.pick(real.bundles ?? category.bundles) ?? '',
        title: [brand, real.family, real.name, model, size, variant.capacity ?? '', real.noun, variant.colour ?? ''].filter(Boolean).join(' '),
        real,
        variant,
      };
      if (variant.size !== undefined) {
        product.size = variant.size;
        product.sizeUnit = real.sizeUnit ?? 'inch';
      }
      if (variant.capacity) product.capacity = variant.capacity;
      if (real.brand === 'Apple') product.exclusiveStore = 'apple';
      if (real.playstation) product.exclusiveStore = 'playstation';
      out.push(product);
    }
  }
  return out;
}

/**
 * Apple's own listing of a demo product: its configurator page for the variant (`/shop/buy-iphone/iphone-15/…`) when
 * the product is sold through one, else its product page under its part number; null when Apple lists neither.
 */
function appleListing(product: DemoProduct): { externalId: string; url: string } | null {
  const configurator = product.real.appleConfigurator;
  if (configurator) {
    const path = `${configurator}/${slugify([product.family, product.model, variantWords(product.real, product.variant)].join(' '), 120)}`;
    return { externalId: path, url: `https://www.apple.com/shop/${path}` };
  }
  if (!product.mpn) return null;
  return { externalId: product.mpn, url: `https://www.apple.com/shop/product/${product.mpn}/${slugify(`${product.family} ${product.model}`, 60)}` };
}

const join = (parts: Array<string | undefined>, separator = ' ') => parts.filter(Boolean).join(separator);

/** Apple's own title of one of its products: the name with the variant's size and capacity, then the colour. */
function appleTitle(product: DemoProduct): string {
  const size = product.size !== undefined ? `${product.size}${product.sizeUnit === 'mm' ? 'mm' : '-inch'}` : '';
  return join([join([product.family, product.name, product.model, size, product.capacity]), product.colour], ' - ');
}

/**
 * PlayStation Direct's title and page of one of Sony's PlayStation products: the name (with an edition such as
 * "Slim", never a code), the edition of its capacity, what it is and its colour (`PlayStation 5 Slim – Disc Edition –
 * Console`).
 */
function playstationListing(product: DemoProduct, id: string): { title: string; url: string } {
  const edition = /\d/.test(product.model) ? '' : product.model;
  const title = join([join([product.family, product.name, edition]), product.capacity, product.noun, product.colour], ' – ');
  const section = product.noun === 'Console' ? 'consoles/console' : 'accessories/accessory';
  return { title, url: `https://direct.playstation.com/en-us/${section}/${slugify(title, 90)}.${id}` };
}

/**
 * The demo catalog of real products as a feed of offers: each variant (`demoProducts`) at 2–8 of the nine retailers
 * (Apple's store for Apple's products only, PlayStation Direct for Sony's PlayStation products only), with the
 * synthetic generator's per-retailer wording of titles, URL shapes, shipping rules and prices around the list price.
 * Every offer of a product with a published picture (`REAL_PRODUCT_IMAGES`, or `images`) carries it as its image.
 * Deterministic in `seed`; the retailers' ids are made up (in their real shapes), GTINs and part numbers are the
 * products' own where the data has them, shown at some retailers and left out at others.
 */
export function generateDemoCatalog(options: { seed: number; images?: DemoImages }): SyntheticOffer[] {
  if (!Number.isInteger(options.seed)) throw new RangeError('seed must be a whole number');
  const seed = options.seed >>> 0;
  const offers: SyntheticOffer[] = [];
  for (const product of demoProducts(seed)) {
    const image = demoProductImage(product, options.images);
    for (const offer of productOffers(product, seed)) {
      if (image) offer.imageUrl = image;
      if (!offer.gtin) delete offer.gtin;
      if (!offer.mpn) delete offer.mpn;
      if (offer.retailer === 'apple') {
        const listing = appleListing(product);
        if (!listing) continue;
        offer.externalId = listing.externalId;
        offer.url = listing.url;
        offer.title = appleTitle(product);
      } else if (offer.retailer === 'playstation') {
        Object.assign(offer, playstationListing(product, offer.externalId));
      }
      offers.push(offer);
    }
  }
  return offers;
}
