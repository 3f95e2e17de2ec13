/**
 * Real products for the demo catalog (`npm start`): brands, product names, model numbers and manufacturer part numbers
 * as the makers and the big US retailers list them, with their variants (colours, capacities, screen sizes; a TV of
 * each size is its own model number) and a list price in US dollars. Written down by hand from the makers' and
 * retailers' listings; GTINs only where checked against several independent listings (their check digits are
 * checked by the generator's spec), never made up: most products carry none. Prices are plausible list prices, not
 * quotes. The offers, their retailers' ids and prices, and their price history are generated from these
 * (`demo-catalog.ts`); the synthetic benchmark catalog (`catalog-data.ts`) keeps its invented models.
 *
 * The products are data, in `real-products.json` (one product a line, grouped by category); this module gives them
 * their types and checks each field as it loads them.
 */
import { CATEGORIES, type CategoryId } from './catalog-data';
import realProductsJson from './real-products.json';

/** One variant a retailer lists under its own id: a colour, a capacity, a screen size. */
export interface RealVariant {
  /** List price in US dollars. */
  price: number;
  /** Colour as the maker names it; none for what comes in one look. */
  colour?: string;
  /** Capacity or configuration ("256GB", "16GB RAM 512GB SSD", "Body Only"). */
  capacity?: string;
  /** Screen size in inches (TVs, monitors) or case size in mm (watches). */
  size?: number;
  /** The variant's own model number when it has one (TVs by size: "QN65QN90C"); else the product's. */
  model?: string;
  /** Manufacturer part number. */
  mpn?: string;
  /** GTIN (UPC or EAN), only where checked. */
  gtin?: string;
}

export interface RealProduct {
  brand: string;
  category: CategoryId;
  /** Product line ("QuietComfort", "iPhone", "BRAVIA 8"); may be empty. */
  family: string;
  /** Name within the line when the model number is a separate code ("Ultra" of Bose's 880066-0100); else empty. */
  name: string;
  /** Model number as shops write it in titles ("WH-1000XM5", "15" of the iPhone 15); may be empty. */
  model: string;
  /** What it is, as shops say it after the name ("Wireless Noise Canceling Over-Ear Headphones"). */
  noun: string;
  /**
   * What shops add to this product's titles ("Compatible with Mac and PC", "HDR10+"), where some of its category's
   * phrases (`DEMO_MARKETING`) are not true of it: a tracker is no Mac accessory, a Samsung TV has no Dolby Vision.
   * Two or more, each true of every variant.
   */
  claims?: readonly string[];
  /**
   * What a warehouse club sells this product with ("with Extra Filter"), where its category's bundles (`CATEGORIES`) are
   * not true of it: a stylus comes with no mouse pad, a hard drive with no heatsink. Empty: sold alone.
   */
  bundles?: readonly string[];
  variants: readonly RealVariant[];
  /** Size unit of the variants' sizes. */
  sizeUnit?: 'inch' | 'mm';
  /** Sold at PlayStation Direct too (Sony's PlayStation products). Apple's own products are sold at Apple's store. */
  playstation?: true;
  /**
   * Apple's configurator page of the product (`buy-iphone/iphone-15`), under which each variant has its own path;
   * without it Apple sells each variant under its part number (`/shop/product/<part>/…`).
   */
  appleConfigurator?: string;
}

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isPrice = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
const isCategory = (value: unknown): value is CategoryId => isString(value) && Object.hasOwn(CATEGORIES, value);
/** Distinct phrases, each trimmed and not empty. */
const phrases = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((phrase) => isString(phrase) && phrase.trim() === phrase && phrase.length > 0) && new Set(value).size === value.length;

/** Each field a record may hold, with the check its value must pass. */
const VARIANT_FIELDS: Readonly<Record<keyof RealVariant, (value: unknown) => boolean>> = {
  price: isPrice,
  colour: isString,
  capacity: isString,
  size: isPrice,
  model: isString,
  mpn: isString,
  gtin: (value) => isString(value) && /^\d{8,14}$/.test(value),
};
const PRODUCT_FIELDS: Readonly<Record<keyof RealProduct, (value: unknown) => boolean>> = {
  brand: (value) => isString(value) && value.length > 0,
  category: isCategory,
  family: isString,
  name: isString,
  model: isString,
  noun: isString,
  claims: (value) => phrases(value) && value.length >= 2,
  bundles: phrases,
  variants: (value) => Array.isArray(value) && value.length > 0,
  sizeUnit: (value) => value === 'inch' || value === 'mm',
  playstation: (value) => value === true,
  appleConfigurator: isString,
};
const REQUIRED_VARIANT: ReadonlySet<string> = new Set(['price']);
const REQUIRED_PRODUCT: ReadonlySet<string> = new Set(['brand', 'category', 'family', 'name', 'model', 'noun', 'variants']);

/** The first field of `value` that is missing, unknown or of the wrong kind, or null when every field is right. */
function wrongField(value: Fields, checks: Readonly<Record<string, (value: unknown) => boolean>>, required: ReadonlySet<string>): string | null {
  for (const field of required) if (!(field in value)) return field;
  for (const [field, fieldValue] of Object.entries(value)) {
    const check = checks[field];
    if (!check || !check(fieldValue)) return field;
  }
  return null;
}

/** What is wrong with a product of the file (naming the field, or the variant and its field), or null when nothing is. */
function problemOf(product: unknown): string | null {
  if (!isRecord(product)) return 'not an object';
  const field = wrongField(product, PRODUCT_FIELDS, REQUIRED_PRODUCT);
  if (field !== null) return `field ${field} is missing or wrong`;
  const variants = product['variants'];
  if (!Array.isArray(variants)) return 'field variants is not a list';
  for (const [index, variant] of variants.entries()) {
    const wrong = isRecord(variant) ? wrongField(variant, VARIANT_FIELDS, REQUIRED_VARIANT) : 'all of it';
    if (wrong !== null) return `variant ${index + 1}: field ${wrong} is missing or wrong`;
  }
  return null;
}

const isRealProduct = (product: unknown): product is RealProduct => problemOf(product) === null;

/** The products of `real-products.json`, each field checked; an error names the product and what is wrong with it. */
export function realProductsFrom(json: { products: readonly unknown[] }): RealProduct[] {
  return json.products.map((product, index) => {
    if (isRealProduct(product)) return product;
    throw new Error(`real-products.json: product ${index + 1}: ${problemOf(product)}`);
  });
}

export const REAL_PRODUCTS: readonly RealProduct[] = realProductsFrom(realProductsJson);
