/**
 * The brand candidates of a page: the shop's own name counts as the brand only where the product's own markup names
 * it the maker (a Product's JSON-LD or microdata brand, a brand row of the specification table), never where it comes
 * from places that name the site (og:site_name, a title's " | Shop" suffix, the logo, a breadcrumb).
 */
import type { Evidence, ReaderName } from './evidence';
import { candidatesOf, type Candidate } from './judge';
import type { Page } from './page';
import { cleanBrand } from './titles';

/** The readers whose brand is the product's own statement of its maker (its markup, or its name: `own-name`). */
const PRODUCT_MARKUP: ReadonlySet<ReaderName> = new Set(['json-ld', 'microdata', 'spec-table', 'own-name']);

/** Whether a reader's brand may be the shop's own name. */
export const statesMaker = (reader: ReaderName): boolean => PRODUCT_MARKUP.has(reader);

export function brandCandidates(page: Page, evidence: [ReaderName, Evidence][]): Candidate<string>[] {
  return evidence.flatMap(([reader, found]) => candidatesOf([[reader, found]], 'brand', (b) => cleanBrand(b, page, statesMaker(reader))));
}
