import { type GmcOptions } from './gmc-shared';
import { parseGmcTsv } from './gmc-tsv';
import { parseGmcXml } from './gmc-xml';
import type { FeedParseResult, StreamOptions } from './offer';
import { type ShopifyOptions, parseShopifyProducts } from './shopify';
import { FeedFormatError } from './stream';

export type FeedFormat = 'gmc-tsv' | 'gmc-xml' | 'shopify-json';

/**
 * Recognises an uploaded feed from its first characters: `<` starts XML (RSS or Atom), `{` or `[`
 * starts Shopify JSON, and a first line with tabs is a Merchant Center TSV header. Undefined otherwise.
 */
export function detectFeedFormat(head: string): FeedFormat | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) return 'gmc-xml';
  if (text.startsWith('{') || text.startsWith('[')) return 'shopify-json';
  const firstLine = text.split(/\r?\n|\r/, 1)[0] ?? '';
  if (firstLine.includes('\t')) return 'gmc-tsv';
  return undefined;
}

export type ParseFeedOptions = GmcOptions &
  StreamOptions & {
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
      return { format, ...(await parseGmcTsv(text, options)) };
    case 'gmc-xml':
      return { format, ...(await parseGmcXml(text, options)) };
    case 'shopify-json': {
      if (!options.store) throw new FeedFormatError('A Shopify products file needs the store it belongs to', 'store');
      const shopify: ShopifyOptions = { store: options.store, retailer: options.retailer, currency: options.currency ?? options.defaultCurrency };
      return { format, ...parseShopifyProducts(text, shopify) };
    }
    default:
      throw new FeedFormatError(
        'The file is not a recognised feed: expected a Merchant Center TSV (tab-separated header row), an RSS/Atom XML feed or a Shopify products.json',
        'file',
      );
  }
}
