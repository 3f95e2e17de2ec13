import { foldText, textWords, type CatalogRepository, type SearchIndexRepository } from '@pricehunt/catalog-core';
import { VARIANT_EDITIONS } from '@pricehunt/catalog-matching';
import { everydayKind, listingKind } from './unknown-words';
import { otherNumbers } from './word-number';

/** Offers (newest first) read for the products whose listings hold the typed words as a phrase. */
const PHRASE_OFFERS = 200;

/** The shortest last word read as a prefix. */
const PREFIX_MIN = 3;

/** Offers of each listed product whose titles are read for one that begins with the typed words. */
const OFFERS_READ = 16;

/** What the order of listed products reads: the index for phrases, the catalog for the listings' titles. */
export interface PhraseReads {
  index: Pick<SearchIndexRepository, 'productsCarrying'>;
  catalog: Pick<CatalogRepository, 'offerRefsOfProducts' | 'offerItems'>;
}

/**
 * Products listed for typed words, those with a listing that holds the words as typed (together and in their order,
 * the last one, of three characters or more, as a prefix) first, the order otherwise kept: "adobe creative suite cs3
 * web" lists the Web editions' products before a "Creative Suite CS3 Premium" that holds every word apart. Before
 * those, the products with a listing whose title begins with the words, and before them those with a listing whose
 * title is the words: a shopper types a name from its start, and words a listing is called or leads with name its
 * item ("age of empires iii"), while one that holds them further on names something else after them ("Destineer Age
 * of Empires III: The WarChiefs Expansion Pack"). Products the words fit equally well (`scores`) are listed with
 * the one more shops list first: it has the more prices to compare; before that, those a listing names by the kind
 * typed (`listingKind`). Two words or more; one word is no phrase.
 */
export async function phraseFirst(reads: PhraseReads, words: string, ids: readonly number[], scores: ReadonlyMap<number, number>): Promise<number[]> {
  const typed = textWords(words);
  // A short last word is left out of the index's phrase: as a prefix it would match a great many words ("1" of every
  // number from 1). A listing begins with the words only with that word whole.
  const phrase = (typed.at(-1)?.length ?? 0) < PREFIX_MIN ? typed.slice(0, -1) : typed;
  if (ids.length < 2 || typed.length < 2) return [...ids];
  const holding = phrase.length < 2 ? new Set<number>() : new Set((await reads.index.productsCarrying([], phrase.join(' '), PHRASE_OFFERS)).map((found) => found.productId));
  const { named, listings, kinds } = await namedBy(reads.catalog, typed, ids);
  const tier = (id: number) => named.get(id) ?? (holding.has(id) ? 2 : 3);
  // Of a tier, the products a listing names by the kind typed come first: "apple keyboard" lists the Magic Keyboard
  // before the MacBooks whose listings give a "Backlit Keyboard" among their features.
  const kind = everydayKind(words);
  const forms = kind === null ? [] : [kind, ...otherNumbers(kind)];
  const ofKind = (id: number) => (kind === null || (kinds.get(id) ?? []).some((each) => forms.includes(each)) ? 0 : 1);
  // Products of one score make a group, at the place of its first (the order given is the best fit first).
  const group = new Map<number, number>();
  ids.forEach((id, at) => {
    const first = ids.findIndex((other) => scores.has(id) && scores.get(other) === scores.get(id));
    group.set(id, first >= 0 ? first : at);
  });
  const key = (id: number) => [tier(id), ofKind(id), group.get(id) ?? 0, -(listings.get(id) ?? 0)];
  // Array.prototype.sort is stable: what the keys do not tell apart keeps the order given.
  return [...ids].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka.reduce((found, value, at) => found || value - (kb[at] ?? 0), 0);
  });
}

/**
 * Whether a listing that begins with the typed words goes on with an edition they lack ("Galaxy S25 Ultra", "Galaxy
 * S24+" for "galaxy s25", "galaxy s24"): it names another edition, not what the words call.
 */
function anotherEdition(title: string, typed: readonly string[], length: number): boolean {
  const folded = foldText(title);
  const words = [...folded.matchAll(/[\p{L}\p{N}]+/gu)];
  const last = words[length - 1];
  const next = words[length]?.[0];
  if (last?.index !== undefined && folded[last.index + last[0].length] === '+' && !typed.includes('plus')) return true;
  return next !== undefined && VARIANT_EDITIONS.has(next) && !typed.includes(next);
}

/**
 * Per product, how many of its listings were read, and whether one is called the typed words (0) or begins with them
 * (1, the last word as a prefix when it is not short) and goes on neither with an edition they lack (`anotherEdition`)
 * nor with a word before the one another product's listings go on with (`insertsName`).
 */
async function namedBy(catalog: PhraseReads['catalog'], typed: readonly string[], ids: readonly number[]) {
  const refs = await catalog.offerRefsOfProducts(ids, OFFERS_READ);
  const items = await catalog.offerItems([...refs.values()].flat().map((ref) => ref.id));
  const titlesOf = new Map(ids.map((id) => [id, (refs.get(id) ?? []).map((ref) => items.get(ref.id)?.title ?? '')]));
  /** The words after the typed ones of a listing that begins with them and goes on with no edition they lack, else null. */
  const goesOn = (title: string): string[] | null => {
    const words = textWords(title);
    const last = typed.length - 1;
    const begins = typed.every((word, at) => (at === last && word.length >= PREFIX_MIN ? (words[at] ?? '').startsWith(word) : words[at] === word));
    return begins && !anotherEdition(title, typed, typed.length) ? words.slice(typed.length) : null;
  };
  const restOf = new Map([...titlesOf.values()].flat().map((title) => [title, goesOn(title)]));
  const nextOf = new Map(ids.map((id) => [id, new Set((titlesOf.get(id) ?? []).flatMap((title) => restOf.get(title)?.[0] ?? []))]));
  const tierOf = (id: number, title: string): number | undefined => {
    const words = textWords(title);
    if (words.length === typed.length && typed.every((word, at) => words[at] === word)) return 0;
    const rest = restOf.get(title);
    return rest && !insertsName(rest, id, nextOf) ? 1 : undefined;
  };
  const named = new Map<number, number>();
  const listings = new Map<number, number>();
  const kinds = new Map<number, string[]>();
  for (const id of ids) {
    const titles = titlesOf.get(id) ?? [];
    listings.set(id, titles.length);
    kinds.set(id, titles.flatMap((title) => listingKind(title) ?? []));
    const best = Math.min(...titles.map((title) => tierOf(id, title) ?? Infinity));
    if (best < Infinity) named.set(id, best);
  }
  return { named, listings, kinds };
}

/**
 * Whether the words a listing goes on with after the typed ones put a word before the one another product's listings
 * go on with ("Samsung T7 Shield Portable SSD" beside "Samsung T7 Portable SSD" for "samsung t7"): that word names a
 * line of its own, as an edition does, and the words call the product without it. Words of letters only: a listing
 * that leaves its kind out goes on with its size ("Samsung T7 1TB"), which names nothing.
 */
function insertsName(rest: readonly string[], id: number, nextOf: ReadonlyMap<number, ReadonlySet<string>>): boolean {
  const [first, ...after] = rest;
  for (const [other, next] of nextOf) {
    if (other === id) continue;
    for (const word of next) if (word !== first && /^\p{L}+$/u.test(word) && after.includes(word)) return true;
  }
  return false;
}
