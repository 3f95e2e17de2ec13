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
import { compact, readPage, type Page } from './reader/page';
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

/** How a title parts the item's name from the shop's: "… | SKC", "SKC | Computer Store - …", "… - I-CS GmbH Onlineshop". */
const TITLE_PARTS = /\s+[|–—-]\s+|\s*::\s*/;

/**
 * The shop's own name as its page states it: og:site_name unless it is an address, else the most words opening a part
 * of its title that spell the host's name ("SKC" in "SKC | Computer & Multimedia Store - Iiyama …" on skc.at, "I-CS" in
 * "… - I-CS GmbH Computer Onlineshop" on i-cs.at, "Example Shop" on shop.example), as the shop writes it. Not the part
 * that is the item's own name.
 */
function shopNameOf(page: Page, itemTitle: string): { shopName?: string } {
  const name = page.meta.get('og:site_name')?.[0]?.replace(/\s+/g, ' ').trim();
  // A template writing the item's title as the site's name names no shop; an address there ("https://www.coolblue.nl")
  // is no name a shopper reads, and the title may hold the name ("GoPro HERO 7 Black - Coolblue - …").
  if (name && !/^(?:https?:\/\/|www\.)/i.test(name)) return name !== page.meta.get('og:title')?.[0]?.replace(/\s+/g, ' ').trim() ? { shopName: name } : {};
  const item = compact(itemTitle);
  const hostNames = new Set(page.siteNames);
  for (const part of (page.titleTag ?? '').split(TITLE_PARTS)) {
    if (item.startsWith(compact(part)) || compact(part).startsWith(item)) continue;
    const words = part.trim().split(/\s+/);
    for (let k = Math.min(3, words.length); k >= 1; k--) {
      // Without the punctuation a title sets around it ("Amazon.com: …", "… | - Shop").
      const lead = words.slice(0, k).join(' ').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}®]+$/gu, '');
      if (lead.length >= 2 && hostNames.has(compact(lead))) return { shopName: lead };
    }
  }
  return {};
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
  return { title: named.title, ...judgeItem(page, evidence), source: named.source, ...shopNameOf(page, named.title) };
}
