import { columnKey } from './column-feed';
import { parseDelimited, sniffDelimiter } from './delimited';
import type { FeedParseResult } from './offer';
import { type FeedFormat, type ReadFeedOptions, readFeedText } from './read-feed';
import { type ShopifyOptions, parseShopifyProducts } from './shopify';
import { FeedFormatError, collectRows } from './stream';

export type { FeedFormat } from './read-feed';

/**
 * Recognises a feed from its first characters: `<` starts XML (RSS or Atom), `{` or `[` starts Shopify JSON; a header
 * line with Awin's columns (`aw_deep_link`, `aw_product_id`, or `merchant_deep_link` with `search_price`) is an Awin
 * feed, one with impact.com's (`CatalogItemId`, or `CurrentPrice` with `StockAvailability`) an impact.com catalog,
 * whatever their delimiter; any other tabbed header line is a Merchant Center TSV. Undefined otherwise.
 */
export function detectFeedFormat(head: string): FeedFormat | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) return 'gmc-xml';
  if (text.startsWith('{') || text.startsWith('[')) return 'shopify';
  const firstLine = text.split(/\r?\n|\r/, 1)[0] ?? '';
  const columns = new Set((parseDelimited(firstLine, { delimiter: sniffDelimiter(firstLine) })[0]?.fields ?? []).map(columnKey));
  if (columns.has('awdeeplink') || columns.has('awproductid') || (columns.has('merchantdeeplink') && columns.has('searchprice'))) return 'awin-csv';
  if (columns.has('catalogitemid') || (columns.has('currentprice') && columns.has('stockavailability'))) return 'impact-csv';
  if (firstLine.includes('\t')) return 'gmc-tsv';
  return undefined;
}

export type ParseFeedOptions = ReadFeedOptions & {
  /** Forces the format instead of detecting it. */
  format?: FeedFormat;
  /** Needed for Shopify JSON: the store the products belong to. */
  store?: string;
  currency?: string;
};

/** Parses an uploaded feed held in memory, detecting its format unless `format` is given. */
export async function parseFeed(text: string, options: ParseFeedOptions = {}): Promise<FeedParseResult & { format: FeedFormat }> {
  const format = options.format ?? detectFeedFormat(text.slice(0, 4096));
  switch (format) {
    case 'gmc-tsv':
    case 'gmc-xml':
    case 'awin-csv':
    case 'impact-csv':
      return { format, ...(await collectRows(readFeedText(format, text, options))) };
    case 'shopify': {
      if (!options.store) throw new FeedFormatError('A Shopify products file needs the store it belongs to', 'store');
      const shopify: ShopifyOptions = { store: options.store, retailer: options.retailer, currency: options.currency ?? options.defaultCurrency };
      return { format, ...parseShopifyProducts(text, shopify) };
    }
    default:
      throw new FeedFormatError(
        'The file is not a recognised feed: expected a Merchant Center TSV (tab-separated header row), an RSS/Atom XML feed, a Shopify products.json, an Awin product feed or an impact.com catalog',
        'file',
      );
  }
}
