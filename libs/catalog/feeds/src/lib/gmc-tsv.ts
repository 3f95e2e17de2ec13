import { readDelimited } from './delimited';
import { GMC_ATTRIBUTES, GMC_REQUIRED, type GmcOptions, currencyOf, pickShipping, splitShippingText } from './gmc-shared';
import { type FieldNames, type OfferDraft, buildOffer } from './normalise';
import { withWarnings } from './column-feed';
import type { FeedParseResult, FeedRow, RowError, StreamOptions } from './offer';
import { FeedFormatError, type TextSource, collectRows, withProgress } from './stream';

/** "g:Image Link" → "image_link". */
function attributeName(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/^g:/, '')
    .replace(/[\s-]+/g, '_');
}

/**
 * Streams a Google Merchant Center tab-separated feed: a header row of attribute names (with or without
 * `g:`, any case, spaces or underscores), then one product per line. Quoted fields, CRLF, a byte-order
 * mark and empty trailing columns are accepted. Unknown columns are ignored. `line` is the 1-based line
 * of the row in the file. A missing header or a missing required column (id, title, link, price) throws
 * `FeedFormatError`.
 */
export async function* readGmcTsv(source: TextSource, options: GmcOptions & StreamOptions = {}): AsyncGenerator<FeedRow> {
  yield* withProgress(gmcTsvRows(source, options), options);
}

async function* gmcTsvRows(source: TextSource, options: GmcOptions): AsyncGenerator<FeedRow> {
  const country = options.shippingCountry ?? 'US';
  let columns: Array<{ field: keyof OfferDraft; attribute: string } | undefined> | undefined;
  let names: FieldNames = {};
  const seen = new Map<string, number>();
  for await (const record of readDelimited(source, { delimiter: '\t' })) {
    if (!columns) {
      columns = record.fields.map((header) => {
        const attribute = attributeName(header);
        const field = GMC_ATTRIBUTES[attribute];
        return field ? { field, attribute: header.trim() } : undefined;
      });
      const present = new Set(record.fields.map(attributeName));
      const missing = GMC_REQUIRED.filter((name) => !present.has(name));
      if (missing.length > 0) {
        throw new FeedFormatError(
          `The header row lacks the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`,
          'header',
          record.line,
        );
      }
      names = Object.fromEntries(columns.filter((c) => c !== undefined).map((c) => [c.field, c.attribute]));
      continue;
    }
    if (record.unterminated) {
      yield { line: record.line, errors: [{ line: record.line, field: 'row', reason: 'has a quoted field that is never closed' }] };
      continue;
    }
    const extra = record.fields.slice(columns.length).filter((value) => value.trim() !== '');
    if (extra.length > 0) {
      yield {
        line: record.line,
        errors: [{ line: record.line, field: 'row', reason: `has ${record.fields.length} columns but the header has ${columns.length}` }],
      };
      continue;
    }
    const draft: OfferDraft = { retailer: options.retailer };
    columns.forEach((column, index) => {
      if (column) draft[column.field] = record.fields[index];
    });
    // A shipping text that is no country:region:service:price is left out with a warning, as every optional value is.
    const shippingWarnings: RowError[] = [];
    if (draft.shipping?.trim()) {
      const entries = splitShippingText(draft.shipping.trim());
      if (!entries) {
        shippingWarnings.push({
          line: record.line,
          field: names.shipping ?? 'shipping',
          reason: `"${draft.shipping}" left out: is not country:region:service:price`,
        });
        draft.shipping = undefined;
      } else {
        draft.shipping = pickShipping(entries, country, currencyOf(draft.price, options.defaultCurrency));
      }
    } else {
      draft.shipping = undefined;
    }
    // A bad optional value (a GTIN that is none, an image path) is left out with a warning: the row keeps its offer.
    const row = withWarnings(buildOffer(draft, record.line, names, { defaultCurrency: options.defaultCurrency }), shippingWarnings);
    const errors = row.errors ?? [];
    if (row.offer && errors.length === 0) {
      const first = seen.get(row.offer.externalId);
      if (first !== undefined) {
        yield { line: record.line, errors: [{ line: record.line, field: names.externalId ?? 'id', reason: `duplicates the id on line ${first}` }] };
        continue;
      }
      seen.set(row.offer.externalId, record.line);
      yield row;
    } else {
      yield { line: record.line, errors };
    }
  }
  if (!columns) throw new FeedFormatError('The feed is empty: expected a header row of attribute names', 'header', 1);
}

/** Reads a whole Google Merchant Center TSV feed into `{ offers, errors, total }`. */
export async function parseGmcTsv(source: TextSource, options: GmcOptions & StreamOptions = {}): Promise<FeedParseResult> {
  return collectRows(readGmcTsv(source, options));
}
