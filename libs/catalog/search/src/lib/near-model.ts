/**
 * A model number typed that no product states ("sony kd-55x85k" where the catalog sells the KD-55X80K): the products
 * of the nearest models the catalog has, those whose model number begins as the typed one does for longest, so that
 * the answer shows the model next to the one sought rather than whatever else shares the maker's name.
 */
import type { CatalogRepository, SearchIndexRepository } from '@pricehunt/catalog-core';
import { normaliseModel } from '@pricehunt/catalog-matching';
import { lineVariants } from './line-order';
import { codesTried } from './loose-code';
import { namedBy } from './model-code';

/** Fewest characters a nearest model's number shares with the typed one from its start. */
const SHARED_MIN = 5;
/**
 * Fewest characters a word of a listing's title shares with the typed model number from its start, when no offer
 * states a model number that does: shops write a phone's "SM-S928U" in its title, split at the dash ("s928" of the
 * typed "SM-S928B", the region's letter aside).
 */
const TITLE_SHARED_MIN = 4;
/** And at least this share of the typed number: "KD55X8" of "KD55X85K", not "KD5" of it. */
const SHARED_SHARE = 0.6;
/** Offers read for each beginning: the products of a model's colours and sizes. */
const OFFERS_READ = 40;

/** What the nearest models are read from: the catalog, and the full-text index for their lines' other versions. */
export interface NearReads {
  catalog: Pick<CatalogRepository, 'productsWithModelKeyPrefix' | 'getProducts'>;
  index?: Pick<SearchIndexRepository, 'productsCarrying'>;
}

/**
 * Products whose offers' model numbers begin with the longest beginning of a typed model number that any does (five
 * characters and three fifths of it, a digit among them), most offers first, then the other sizes and colours of the
 * first one's line (`lineVariants`: the KD-55X80K's 43" to 75"); only those whose name or brand holds every other word
 * typed (`namedBy`: "samsung kd55x85k" finds no Sony TV); else those whose listings' titles hold a word that begins
 * so (`TITLE_SHARED_MIN`); none when the words hold no model number.
 */
export async function nearestModels(reads: NearReads, query: string, limit: number): Promise<number[]> {
  const { catalog, index } = reads;
  const codes = codesTried(withoutVariantMark(query)).filter(({ code }) => /\p{L}/u.test(code) && /\p{N}/u.test(code));
  for (const { code, rest } of codes) {
    const key = normaliseModel(code);
    if (!key) continue;
    const near = (await nearestBy(reads, key, SHARED_MIN, rest, (prefix) => catalog.productsWithModelKeyPrefix(prefix, OFFERS_READ))) ??
      (index ? await nearestBy(reads, key, TITLE_SHARED_MIN, rest, (prefix) => index.productsCarrying([], prefix.toLowerCase(), OFFERS_READ)) : null);
    if (near) return near.slice(0, limit);
  }
  return [];
}

/**
 * The words without the letters a model number's variant is marked with after a slash: a region's or a dual SIM's
 * ("SM-S921B/DS", "MU963LL/A"), which no nearer model states and no other typed word is.
 */
export const withoutVariantMark = (query: string) => query.replace(/(?<=[\p{L}\p{N}])\/\p{L}{1,3}(?![\p{L}\p{N}])/gu, '');

/**
 * The products of the longest beginning of a model number (`key`, at least `shortest` characters and three fifths of
 * it, a digit among them) that `find` finds, named by the other words typed, most offers first, then the other sizes
 * and colours of the first one's line; null when no beginning finds any.
 */
async function nearestBy(reads: NearReads, key: string, shortest: number, rest: readonly string[], find: (prefix: string) => Promise<Array<{ productId: number }>>): Promise<number[] | null> {
  const { catalog, index } = reads;
  for (let length = key.length - 1; length >= Math.max(shortest, Math.ceil(key.length * SHARED_SHARE)); length--) {
    const prefix = key.slice(0, length);
    if (!/\d/.test(prefix)) break;
    const found = await find(prefix);
    if (found.length === 0) continue;
    const products = await catalog.getProducts([...new Set(found.map((candidate) => candidate.productId))]);
    const named = [...products.values()].filter((product) => product.offerCount > 0 && namedBy(rest, product)).sort((a, b) => b.offerCount - a.offerCount || a.id - b.id);
    const first = named[0];
    if (first === undefined) continue;
    const line = index ? (await lineVariants({ index, catalog }, first)).map((variant) => variant.product.id) : [];
    return [...new Set([...named.map((product) => product.id), ...line])];
  }
  return null;
}
