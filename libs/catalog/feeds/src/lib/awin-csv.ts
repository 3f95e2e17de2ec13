/**
 * Awin's product feed, as a publisher downloads it from Create-a-Feed (`productdata.awin.com/datafeed/download/…/
 * format/csv/…`). The columns are the publisher download's, as Awin's column descriptions name them
 * (help.awin.com "Hosting and column descriptions" and the feed column descriptions linked from "Product Feed Publisher
 * Guide"): the default columns `aw_deep_link, product_name, aw_product_id, merchant_product_id, merchant_image_url,
 * description, merchant_category, search_price, merchant_name, merchant_id, category_name, category_id, aw_image_url,
 * currency, store_price, delivery_cost, merchant_deep_link, language, last_updated, display_price, data_feed_id`, and
 * among the optional ones `brand_name, product_short_description, condition, model_number, rrp_price,
 * product_price_old, in_stock, is_for_sale, pre_order, stock_status, large_image, ean, isbn, upc, mpn, product_GTIN`.
 * Vertical columns (`Fashion:size`) and the others are ignored. Create-a-Feed writes commas by default and may be
 * told to use tabs, pipes or semicolons: the header line tells which.
 *
 * How a row becomes an offer:
 * - id: `merchant_product_id` (the merchant's own id, as in its Merchant Center feed), else `aw_product_id`;
 * - url: `merchant_deep_link`, the merchant's product page; `aw_deep_link` is Awin's tracking link
 *   (`awin1.com/cread.php?…&ued=<page>`), used only for the page it leads to when the merchant's link is empty;
 * - price: `search_price` (Awin's current price of the product), else `store_price`, else `display_price`
 *   ("GBP12.99"), in the row's `currency`; `rrp_price` (else `product_price_old`) above it is the compare-at price;
 * - `delivery_cost` is the shipping ("Free…" is 0); one that is no price is left out with a warning;
 * - GTIN: the first of `product_GTIN, ean, upc, isbn` that is a valid GTIN; when none is, the offer keeps no GTIN and
 *   carries a warning;
 * - availability: `stock_status` when it reads ("in stock", "out of stock", "preorder"…), else `pre_order` 1 is a
 *   preorder, `is_for_sale` 0 out of stock, `in_stock` 1/0 in or out of stock; nothing readable is `unknown`;
 * - brand `brand_name`, part number `mpn` (else `model_number`), category `merchant_category` (else `category_name`),
 *   image `merchant_image_url` (else `aw_image_url`, `large_image`), further images `alternate_image`,
 *   `alternate_image_two`, `_three`, `_four`, condition `condition` ("Used - good" is used).
 */
import { type AffiliateFeedOptions, conditionWord, currencyCode, optionalPrice } from './affiliate-shared';
import { type ColumnHeader, flag, readColumnFeed, withWarnings } from './column-feed';
import { type FieldNames, type OfferDraft, buildOffer, normaliseAvailability } from './normalise';
import { type FeedParseResult, type FeedRow, type RowError, isValidGtin } from './offer';
import { parsePrice } from './price';
import { type TextSource, collectRows, withProgress } from './stream';

export type AwinOptions = AffiliateFeedOptions;

/** The page an Awin tracking link (`https://www.awin1.com/cread.php?awinmid=…&awinaffid=…&ued=<page>`) leads to. */
export function awinDestination(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (!/(^|\.)awin1\.com$/i.test(url.hostname)) return undefined;
  const target = url.searchParams.get('ued') ?? url.searchParams.get('p');
  return target && /^https?:\/\//i.test(target) ? target : undefined;
}

const GTIN_COLUMNS = ['productgtin', 'ean', 'upc', 'isbn'];
const ALTERNATE_IMAGES = ['alternateimage', 'alternateimagetwo', 'alternateimagethree', 'alternateimagefour'];

function awinRow(header: ColumnHeader, fields: readonly string[], line: number, options: AwinOptions): FeedRow {
  const pick = (...keys: string[]) => header.pick(fields, ...keys);
  const warnings: RowError[] = [];
  const currency = currencyCode(pick('currency')?.value) ?? options.defaultCurrency;

  const id = pick('merchantproductid', 'awproductid');
  const merchantLink = pick('merchantdeeplink');
  const trackingLink = merchantLink ? undefined : pick('awdeeplink');
  const trackedPage = trackingLink ? awinDestination(trackingLink.value) : undefined;
  const price = pick('searchprice', 'storeprice', 'displayprice');
  const parsedPrice = price ? parsePrice(price.value, currency) : undefined;
  const priceCurrency = parsedPrice?.ok ? parsedPrice.value.currency : currency;

  let compareAt = optionalPrice(pick('rrpprice', 'productpriceold'), priceCurrency, line, warnings);
  if (compareAt && parsedPrice?.ok && compareAt.cents <= parsedPrice.value.cents) compareAt = undefined;
  const shipping = optionalPrice(pick('deliverycost'), priceCurrency, line, warnings);

  const gtins = GTIN_COLUMNS.map((key) => pick(key)).filter((found) => found !== undefined);
  const gtin = gtins.find((found) => isValidGtin(found.value.replace(/\s+/g, ''))) ?? gtins[0];

  const draft: OfferDraft = {
    externalId: id?.value,
    retailer: options.retailer,
    url: merchantLink?.value ?? trackedPage,
    title: pick('productname')?.value,
    description: pick('description', 'productshortdescription')?.value,
    brand: pick('brandname')?.value,
    mpn: pick('mpn', 'modelnumber')?.value,
    gtin: gtin?.value,
    price: price?.value,
    compareAtPrice: compareAt?.text,
    shipping: shipping?.text,
    availability: awinAvailability(header, fields, line, warnings),
    condition: conditionWord(pick('condition')?.value),
    imageUrl: pick('merchantimageurl', 'awimageurl', 'largeimage')?.value,
    additionalImageUrls: ALTERNATE_IMAGES.map((key) => pick(key)?.value ?? ''),
    category: pick('merchantcategory', 'categoryname')?.value,
  };
  const names: FieldNames = {
    externalId: id?.column.name ?? header.nameOf('merchantproductid', 'awproductid'),
    url: trackedPage && trackingLink ? trackingLink.column.name : header.nameOf('merchantdeeplink', 'awdeeplink'),
    title: header.nameOf('productname'),
    description: header.nameOf('description', 'productshortdescription'),
    brand: header.nameOf('brandname'),
    mpn: header.nameOf('mpn', 'modelnumber'),
    gtin: gtin?.column.name ?? 'product_GTIN',
    price: price?.column.name ?? header.nameOf('searchprice', 'storeprice', 'displayprice'),
    compareAtPrice: header.nameOf('rrpprice', 'productpriceold'),
    shipping: header.nameOf('deliverycost'),
    availability: header.nameOf('stockstatus', 'instock'),
    condition: header.nameOf('condition'),
    imageUrl: header.nameOf('merchantimageurl', 'awimageurl', 'largeimage'),
    additionalImageUrls: header.nameOf('alternateimage'),
    category: header.nameOf('merchantcategory', 'categoryname'),
  };
  return withWarnings(buildOffer(draft, line, names, { defaultCurrency: currency }), warnings);
}

/** The offer's availability word from Awin's stock columns; `unknown` (with a warning for a stock text that does not read) when none says. */
function awinAvailability(header: ColumnHeader, fields: readonly string[], line: number, warnings: RowError[]): string {
  const status = header.pick(fields, 'stockstatus');
  if (status) {
    const word = normaliseAvailability(status.value);
    if (word && word !== 'unknown') return word;
    const yesNo = flag(status.value);
    if (yesNo !== undefined) return yesNo ? 'in_stock' : 'out_of_stock';
  }
  if (flag(header.pick(fields, 'preorder')?.value) === true) return 'preorder';
  if (flag(header.pick(fields, 'isforsale')?.value) === false) return 'out_of_stock';
  const inStock = flag(header.pick(fields, 'instock')?.value);
  if (inStock !== undefined) return inStock ? 'in_stock' : 'out_of_stock';
  if (status && normaliseAvailability(status.value) === undefined) {
    warnings.push({ line, field: status.column.name, reason: `"${status.value}" is no stock state: availability unknown` });
  }
  return 'unknown';
}

/**
 * Streams an Awin product feed (CSV from Create-a-Feed; see the module comment for the columns read). `line` is the
 * row's line in the file. A header without an id, `product_name`, a link or a price column throws `FeedFormatError`.
 */
export async function* readAwinCsv(source: TextSource, options: AwinOptions = {}): AsyncGenerator<FeedRow> {
  const rows = readColumnFeed(source, {
    name: 'Awin product feed',
    required: [
      { keys: ['merchantproductid', 'awproductid'], label: 'merchant_product_id (or aw_product_id)' },
      { keys: ['productname'], label: 'product_name' },
      { keys: ['merchantdeeplink', 'awdeeplink'], label: 'merchant_deep_link (or aw_deep_link)' },
      { keys: ['searchprice', 'storeprice', 'displayprice'], label: 'search_price (or store_price, display_price)' },
    ],
    idColumn: (header) => header.nameOf('merchantproductid', 'awproductid'),
    row: (header, fields, line) => awinRow(header, fields, line, options),
  });
  yield* withProgress(rows, options);
}

/** Reads a whole Awin product feed into `{ offers, errors, total }`. */
export async function parseAwinCsv(source: TextSource, options: AwinOptions = {}): Promise<FeedParseResult> {
  return collectRows(readAwinCsv(source, options));
}
