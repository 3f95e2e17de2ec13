/**
 * A corpus page scored against the values its source's own annotators published (`CorpusPage.annotations`), as
 * their benchmark scores a reader: price by decimal value, the shop's item id, brand and MPN after folding case and
 * spaces, the GTIN by its digits, availability as InStock/OutOfStock. Where the corpus's labels say what a shopper
 * reads on the page, these say what that benchmark's annotators wrote, gaps and all.
 */
import { normaliseGtin } from '@pricehunt/catalog-matching';
import type { MetricField, MetricValues } from './metric';
import { binaryOfItem, foldIdentifier, type CorpusPage, type ReadItem } from './page-corpus';

/** The fields `annotatedValues` scores: the benchmark's own. */
export const ANNOTATED_FIELDS: readonly MetricField[] = ['price', 'sku', 'availability', 'InStock', 'OutOfStock', 'brand', 'gtin', 'mpn'];

/** A decimal written as the annotators write it ("229.99 ", "23.450", "4386") with two places. */
const decimal = (text: string) => (Math.round(Number(text.trim()) * 100) / 100).toFixed(2);
const gtinKey = (text: string) => {
  const digits = text.replace(/\D/g, '');
  return normaliseGtin(digits) ?? normaliseGtin(digits.padStart(12, '0')) ?? foldIdentifier(text);
};

/** The annotated fields of a page and what the reader said, as the metric compares them; null for a page without annotations. */
export function annotatedValues(page: Pick<CorpusPage, 'annotations'>, item: ReadItem | null): MetricValues | null {
  const a = page.annotations;
  if (!a) return null;
  const listed = (values: string[] | undefined, key: (text: string) => string) => [...new Set((values ?? []).map(key))];
  const available = a.availability?.[0] === 'OutOfStock' ? 'OutOfStock' : 'InStock';
  const gotAvailability = binaryOfItem(item?.availability);
  return {
    price: { expected: listed(a.price, decimal), got: item?.priceCents != null ? decimal(String(item.priceCents / 100)) : null },
    sku: { expected: listed(a.sku, foldIdentifier), got: item?.sku ? foldIdentifier(item.sku) : null },
    availability: { expected: [available], got: gotAvailability },
    InStock: { expected: available === 'InStock' ? ['InStock'] : [], got: gotAvailability === 'InStock' ? 'InStock' : null },
    OutOfStock: { expected: available === 'OutOfStock' ? ['OutOfStock'] : [], got: gotAvailability === 'OutOfStock' ? 'OutOfStock' : null },
    brand: { expected: listed(a.brand, foldIdentifier), got: item?.brand ? foldIdentifier(item.brand) : null },
    gtin: { expected: listed(a.gtin, gtinKey), got: item?.gtin ? gtinKey(item.gtin) : null },
    mpn: { expected: listed(a.mpn, foldIdentifier), got: item?.model ? foldIdentifier(item.model) : null },
  };
}
