import { readAwinCsv } from './awin-csv';
import type { GmcOptions } from './gmc-shared';
import { readGmcTsv } from './gmc-tsv';
import { readGmcXml } from './gmc-xml';
import { readImpactCsv } from './impact-csv';
import type { FeedRow, StreamOptions } from './offer';
import { FeedFormatError, type TextSource } from './stream';

/**
 * The formats a feed is read in: Google Merchant Center (tab-separated, RSS/Atom XML), a Shopify store's
 * `/products.json` pages, an Awin product feed and an impact.com catalog export.
 */
export const FEED_FORMATS = ['gmc-tsv', 'gmc-xml', 'shopify', 'awin-csv', 'impact-csv'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** The formats that are one text document (all but Shopify, which is fetched page by page: `fetchShopifyPages`). */
export const TEXT_FEED_FORMATS = ['gmc-tsv', 'gmc-xml', 'awin-csv', 'impact-csv'] as const;
export type TextFeedFormat = (typeof TEXT_FEED_FORMATS)[number];

export function isFeedFormat(value: unknown): value is FeedFormat {
  return typeof value === 'string' && (FEED_FORMATS as readonly string[]).includes(value);
}

export function isTextFeedFormat(value: unknown): value is TextFeedFormat {
  return typeof value === 'string' && (TEXT_FEED_FORMATS as readonly string[]).includes(value);
}

/** What every text format's reader takes (`shippingCountry` matters to Merchant Center feeds only). */
export type ReadFeedOptions = GmcOptions & StreamOptions;

/**
 * Streams the rows of a feed in a text format, by its reader. Throws `FeedFormatError` (field `format`) at once for a
 * format that is not a text format; a reader's own `FeedFormatError` (no header, missing columns, not RSS/Atom)
 * comes with the first row.
 */
export function readFeedText(format: TextFeedFormat, source: TextSource, options: ReadFeedOptions = {}): AsyncGenerator<FeedRow> {
  switch (format) {
    case 'gmc-tsv':
      return readGmcTsv(source, options);
    case 'gmc-xml':
      return readGmcXml(source, options);
    case 'awin-csv':
      return readAwinCsv(source, options);
    case 'impact-csv':
      return readImpactCsv(source, options);
    default:
      throw new FeedFormatError(`"${String(format)}" is not a text feed format: expected one of ${TEXT_FEED_FORMATS.join(', ')}`, 'format');
  }
}
