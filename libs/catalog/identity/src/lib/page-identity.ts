/**
 * Product identity from a product page's HTML. The page is parsed by a real HTML parser (../html) and walked once
 * (./reader/page); readers, one per source of evidence, say what they find (./reader/read): schema.org JSON-LD,
 * microdata, Open Graph and product meta tags, specification rows, the visible price and stock wording, a framework's
 * embedded state, Amazon's own page elements and the marketplace id of the link. A judge weighs their candidates per
 * field by how often each reader is right about that field on the corpus of real pages (./reader/judge, ./reader/weights);
 * the title is the best name the page gives the item, with the shop's own name removed. GTINs are returned as 14
 * digits after check-digit validation; prices as cents, with their currency from the markup or else from the page's
 * locale.
 */
import { readEvidence } from './reader/read';
import { judgeItem, type PageItem } from './reader/item';
import { readPage, type Page } from './reader/page';
import { chooseTitle, type IdentitySource } from './reader/titles';
import type { ReaderName } from './reader/evidence';

export type { Availability } from '@pricehunt/contracts';
export type { PageItem, PageShipping } from './reader/item';
export type { IdentitySource } from './reader/titles';
export type { ItemCondition, StockState } from './reader/values';
export { parseLenientJson } from './reader/json';
export { cleanTitleTag } from './reader/titles';
export { parseAvailability, parseCondition, parsePrice, parseStockState, stockStateOfWording, stockWording } from './reader/values';

export interface ExtractOptions {
  /** The page's URL: resolves relative image links, names the shop and its country. */
  url?: string;
}

/** The name each reader's title counts as. */
const TITLE_SOURCES: Partial<Record<ReaderName, IdentitySource>> = { 'json-ld': 'json-ld', microdata: 'microdata', amazon: 'page-elements', 'meta-tags': 'open-graph' };

/** The shop's own name as its page states it (og:site_name), when it does. */
function shopNameOf(page: Page): { shopName?: string } {
  const name = page.meta.get('og:site_name')?.[0]?.replace(/\s+/g, ' ').trim();
  // A template writing the item's title as the site's name names no shop.
  return name && name !== page.meta.get('og:title')?.[0]?.replace(/\s+/g, ' ').trim() ? { shopName: name } : {};
}

/**
 * The item a page names (prices in cents, as the catalog keeps them), or null when the page names no product at all.
 */
export function extractProductIdentity(html: string, options: ExtractOptions = {}): PageItem | null {
  if (typeof html !== 'string') throw new TypeError('html must be a string');
  const page = readPage(html, options.url);
  const evidence = readEvidence(page);
  const titles = evidence.flatMap(([reader, found]) => {
    const source = TITLE_SOURCES[reader];
    return source && found.title ? [{ title: found.title, source }] : [];
  });
  const named = chooseTitle(page, titles);
  if (!named) return null;
  return { title: named.title, ...judgeItem(page, evidence), source: named.source, ...shopNameOf(page) };
}
