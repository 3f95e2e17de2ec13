/**
 * impact.com's product catalogs as a partner downloads them (CSV or tab-separated). The columns are the attributes of
 * impact.com's catalog item object, as its API reference documents them ("The (catalog) item object",
 * integrations.impact.com, Brand and Partner references): `CatalogItemId, Name, Description, Manufacturer, Url,
 * ImageUrl, AdditionalImageUrls, CurrentPrice, OriginalPrice, Currency, StockAvailability (InStock, OutofStock, BackOrder, PreOrder,
 * LimitedAvailability), ShippingRate, Gtin, Mpn, Sku, Category, SubCategory, Condition`, … (the others are ignored).
 * Names are compared without case, spaces or underscores (`Current Price`, `current_price`).
 *
 * How a row becomes an offer:
 * - id `CatalogItemId`; title `Name`; brand `Manufacturer`; part number `Mpn`; `Sku`;
 * - url `Url`, the item's store listing; when a catalog gives an impact.com tracking link there
 *   (`goto.walmart.com/c/…?u=<page>`, `*.sjv.io/c/…`), the page it leads to;
 * - price `CurrentPrice` (else `OriginalPrice`) in `Currency`; `OriginalPrice` above it is the compare-at price;
 *   `ShippingRate` the shipping (one that is no price is left out with a warning);
 * - `Gtin` that is no valid GTIN is left out with a warning; category `Category > SubCategory`;
 * - `StockAvailability`: LimitedAvailability is in stock; a value that does not read is `unknown`, with a warning.
 */
import { parseDeepLink, unwrapDeepLink } from '@pricehunt/marketplace';
import { type AffiliateFeedOptions, conditionWord, currencyCode, optionalPrice } from './affiliate-shared';
import { type ColumnHeader, readColumnFeed, withWarnings } from './column-feed';
import { type FieldNames, type OfferDraft, buildOffer, normaliseAvailability } from './normalise';
import type { Availability, FeedParseResult, FeedRow, RowError } from './offer';
import { parsePrice } from './price';
import { type TextSource, collectRows, withProgress } from './stream';

export type ImpactOptions = AffiliateFeedOptions;

/** impact.com's StockAvailability values (compared without case or spaces). */
const IMPACT_STOCK: Readonly<Record<string, Availability>> = {
  instock: 'in_stock',
  outofstock: 'out_of_stock',
  backorder: 'backorder',
  preorder: 'preorder',
  limitedavailability: 'in_stock',
};

/** The page a listing URL leads to: an affiliate network's tracking link is unwrapped, any other URL kept as written. */
function listingUrl(value: string | undefined): string | undefined {
  if (value === undefined || !parseDeepLink(value)) return value;
  return unwrapDeepLink(value) ?? value;
}

function impactRow(header: ColumnHeader, fields: readonly string[], line: number, options: ImpactOptions): FeedRow {
  const pick = (...keys: string[]) => header.pick(fields, ...keys);
  const warnings: RowError[] = [];
  const currency = currencyCode(pick('currency')?.value) ?? options.defaultCurrency;

  const price = pick('currentprice', 'originalprice');
  const parsedPrice = price ? parsePrice(price.value, currency) : undefined;
  const priceCurrency = parsedPrice?.ok ? parsedPrice.value.currency : currency;
  let compareAt = price?.column === header.column('originalprice') ? undefined : optionalPrice(pick('originalprice'), priceCurrency, line, warnings);
  if (compareAt && parsedPrice?.ok && compareAt.cents <= parsedPrice.value.cents) compareAt = undefined;
  const shipping = optionalPrice(pick('shippingrate'), priceCurrency, line, warnings);

  let availability: Availability = 'unknown';
  const stock = pick('stockavailability');
  if (stock) {
    const word = IMPACT_STOCK[stock.value.toLowerCase().replace(/[^a-z]/g, '')] ?? normaliseAvailability(stock.value);
    if (word) availability = word;
    else warnings.push({ line, field: stock.column.name, reason: `"${stock.value}" is no stock state: availability unknown` });
  }
  const category = [pick('category')?.value, pick('subcategory')?.value].filter(Boolean).join(' > ');

  const draft: OfferDraft = {
    externalId: pick('catalogitemid')?.value,
    retailer: options.retailer,
    url: listingUrl(pick('url')?.value),
    title: pick('name')?.value,
    description: pick('description')?.value,
    brand: pick('manufacturer')?.value,
    mpn: pick('mpn')?.value,
    sku: pick('sku')?.value,
    gtin: pick('gtin')?.value,
    price: price?.value,
    compareAtPrice: compareAt?.text,
    shipping: shipping?.text,
    availability,
    condition: conditionWord(pick('condition')?.value),
    imageUrl: pick('imageurl')?.value,
    additionalImageUrls: pick('additionalimageurls')?.value,
    category: category || undefined,
  };
  const names: FieldNames = {
    externalId: header.nameOf('catalogitemid'),
    url: header.nameOf('url'),
    title: header.nameOf('name'),
    description: header.nameOf('description'),
    brand: header.nameOf('manufacturer'),
    mpn: header.nameOf('mpn'),
    sku: header.nameOf('sku'),
    gtin: header.nameOf('gtin'),
    price: price?.column.name ?? header.nameOf('currentprice'),
    compareAtPrice: header.nameOf('originalprice'),
    shipping: header.nameOf('shippingrate'),
    availability: header.nameOf('stockavailability'),
    condition: header.nameOf('condition'),
    imageUrl: header.nameOf('imageurl'),
    additionalImageUrls: header.nameOf('additionalimageurls'),
    category: header.nameOf('category'),
  };
  return withWarnings(buildOffer(draft, line, names, { defaultCurrency: currency }), warnings);
}

/**
 * Streams an impact.com catalog export (CSV or TSV; see the module comment for the columns read). `line` is the row's
 * line in the file. A header without `CatalogItemId`, `Name`, `Url` or `CurrentPrice` throws `FeedFormatError`.
 */
export async function* readImpactCsv(source: TextSource, options: ImpactOptions = {}): AsyncGenerator<FeedRow> {
  const rows = readColumnFeed(source, {
    name: 'impact.com catalog',
    required: [
      { keys: ['catalogitemid'], label: 'CatalogItemId' },
      { keys: ['name'], label: 'Name' },
      { keys: ['url'], label: 'Url' },
      { keys: ['currentprice'], label: 'CurrentPrice' },
    ],
    idColumn: (header) => header.nameOf('catalogitemid'),
    row: (header, fields, line) => impactRow(header, fields, line, options),
  });
  yield* withProgress(rows, options);
}

/** Reads a whole impact.com catalog export into `{ offers, errors, total }`. */
export async function parseImpactCsv(source: TextSource, options: ImpactOptions = {}): Promise<FeedParseResult> {
  return collectRows(readImpactCsv(source, options));
}
