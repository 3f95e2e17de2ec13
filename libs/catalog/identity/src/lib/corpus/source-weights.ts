/**
 * How often each reader is right about each field on the corpus of real pages: the measured confidences the page
 * reader's judge weighs candidates by (src/lib/reader/weights.ts holds the table this prints). Test and evaluation
 * code only: exported from the `testing` entry. `npm run eval:extraction -- --section reader-weights` prints it.
 */
import { normaliseGtin } from '@pricehunt/catalog-matching';
import { READERS, type Evidence, type JudgedField, type ReaderName } from '../reader/evidence';
import { readPage } from '../reader/page';
import { readEvidence } from '../reader/read';
import { statesMaker } from '../reader/brand';
import { cleanBrand } from '../reader/titles';
import { availabilityOf, cleanSku } from '../reader/values';
import { binaryAvailability, binaryOfItem, foldIdentifier, normaliseForCompare, readCorpusPage, type CorpusPage } from './page-corpus';

export interface SourceTally {
  right: number;
  said: number;
  /** Laplace-smoothed share of right answers: (right + 1) / (said + 2). */
  weight: number;
}

export type SourceWeights = Record<ReaderName, Partial<Record<JudgedField, SourceTally>>>;

const gtin = (v: string) => normaliseGtin(v) ?? normaliseGtin(v.padStart(12, '0'));

/** Whether a reader's value of a field is the page's; undefined where the corpus does not say (the field is not counted). */
function isRight(field: JudgedField, found: Evidence, page: CorpusPage, pageOf: ReturnType<typeof readPage>, reader: ReaderName): boolean | undefined {
  const e = page.expected;
  switch (field) {
    case 'brand': {
      const b = found.brand ? cleanBrand(found.brand, pageOf, statesMaker(reader)) : null;
      return b == null ? undefined : e.brand != null && normaliseForCompare(b) === normaliseForCompare(e.brand);
    }
    case 'gtin':
      return found.gtin ? e.gtin != null && gtin(found.gtin) === gtin(e.gtin) : undefined;
    case 'mpn':
      return found.mpn ? e.mpn != null && foldIdentifier(found.mpn) === foldIdentifier(e.mpn) : undefined;
    case 'sku': {
      const s = cleanSku(found.sku);
      return s ? [e.sku, ...(e.skuAlternatives ?? [])].some((x) => x != null && foldIdentifier(x) === foldIdentifier(s)) : undefined;
    }
    case 'price':
      return found.price != null ? e.price != null && Math.abs(found.price - e.price) < 0.005 : undefined;
    case 'currency':
      return found.currency ? e.currency != null && found.currency === e.currency : undefined;
    case 'availability':
      return found.availability ? binaryOfItem(availabilityOf(found.availability)) === binaryAvailability(e.availability) : undefined;
    case 'condition':
      return found.condition && e.condition != null ? found.condition === e.condition : undefined;
    default:
      return undefined;
  }
}

const MEASURED: JudgedField[] = ['brand', 'gtin', 'mpn', 'sku', 'price', 'currency', 'availability', 'condition'];

/** Each reader's right answers per field over the pages. */
export function measureSourceWeights(pages: readonly CorpusPage[]): SourceWeights {
  const out = Object.fromEntries(READERS.map((r) => [r, {}])) as SourceWeights;
  for (const page of pages) {
    const read = readPage(readCorpusPage(page), page.url ?? undefined);
    for (const [reader, found] of readEvidence(read)) {
      for (const field of MEASURED) {
        const right = isRight(field, found, page, read, reader);
        if (right === undefined) continue;
        const tally = (out[reader][field] ??= { right: 0, said: 0, weight: 0 });
        tally.said++;
        if (right) tally.right++;
        tally.weight = (tally.right + 1) / (tally.said + 2);
      }
    }
  }
  return out;
}
