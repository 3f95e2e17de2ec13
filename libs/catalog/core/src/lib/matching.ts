import {
  assignCluster,
  clusterEvidence,
  codesHeldBy,
  cutColourCompletions,
  extractModelCandidates,
  identifiersConflict,
  joinedModelSpans,
  restoreDecimals,
  getDefaultModel,
  gtinContradictions,
  GTIN_PRICE_RATIO,
  normaliseBrand,
  normaliseGtin,
  normaliseModel,
  pairEvidence,
  prepareOffer,
  scorePair,
  type ClusterCandidate,
  type ClusterEvidence,
  type ItemIdentity,
  type PreparedOffer,
  type QuantityKind,
} from '@pricehunt/catalog-matching';
import type { CatalogRepository, IndexHit, OfferItem, OfferRef, SearchIndexRepository } from './ports';
import { indexWords } from './words';
import { defaultRanking, wordsScore, type WordsCandidate, type WordsRanking } from './words-ranking';
import { perform, runAsync, type AsyncOps, type Step as StepOf } from './steps';
import { present } from '@pricehunt/contracts';

export interface RankedProduct {
  productId: number;
  /** Matcher confidence in [0, 1]. */
  score: number;
  /** Words only: true when the product's offers hold every one of the words between them. */
  holdsAllWords?: boolean;
  /** Words only: what the score was computed from (`wordsScore`). */
  words?: WordsCandidate;
}

/** Where candidate offers come from: the catalog's indexes, or a bulk import's in-memory copy of them. */
export interface CandidateLookup {
  /** Offers (with their product) that carry this GTIN. */
  offersWithGtin(gtin: string, limit: number): OfferRef[];
  /** Offers whose model key is `modelKey` or starts with it. */
  offersWithModelKey(modelKey: string, limit: number): OfferRef[];
  /** Products (and the brands their offers state) with an offer of exactly this model key. */
  productsWithModelKey(modelKey: string): Array<{ productId: number; brand: string | null }>;
  /** The first `limit` offers of a product (oldest first). */
  offerRefsOfProduct(productId: number, limit: number): OfferRef[];
}

export interface MatchOptions {
  /** Candidate source (default: the catalog's own indexes). */
  lookup?: CandidateLookup;
  /** Look for candidates in the full-text index too (search, and ingest outside the bulk path). */
  useIndex: boolean;
  /**
   * The item is an offer about to join a product (ingestion): a model number it states that the product's members do
   * not, while they state another, keeps it out even when it also shares a family name with them.
   */
  joining?: boolean;
  /** Offers never to count as candidates (the offer being matched itself). */
  excludeOfferId?: number;
  indexLimit?: number;
  /** Full-text candidates only from the offers carrying this many of the item's rarest words (`SearchIndex.candidates`). */
  indexRarest?: number;
  /** The item's model keys when the caller has them already (`modelKeysOf`). */
  modelKeys?: string[];
  /**
   * The item is only words (a URL slug or a typed query), not an offer: blend the matcher's score with how much of
   * the words' weight (rarer words weigh more) each candidate covers, since the pair model was trained on offers.
   */
  wordsOnly?: boolean;
  /**
   * The words were typed by a shopper (with `wordsOnly`): a word no offer carries counts against every candidate, as
   * much as an average one of the words. In a URL slug such words are mostly noise and weigh nothing.
   */
  typed?: boolean;
  /**
   * The words come from a URL of this retailer with a product id the catalog does not know (with `wordsOnly`). A
   * product the retailer already sells under another id is less likely the one the URL shows: among candidates the
   * words fit alike, those without an offer there come first.
   */
  unlistedAt?: string;
  /** Words only: ranking parameters other than the committed ones (`train:ranking` tries its candidates so). */
  ranking?: WordsRanking;
}

/** Members of one product scored against an item; a product scores as its best member. */
const MEMBERS_PER_PRODUCT = 3;

/** Members of a product whose words and stated attributes a words-only item is compared with. */
const MEMBERS_FOR_WORDS = 16;

/**
 * Words that do not ask for an accessory mean the product itself, not what is made for it: "canon powershot sd1100" is
 * the camera, not an "Underwater Housing Case for Canon PowerShot SD1100 SD1000 …" that holds every word. A product most
 * of whose listings read as accessories counts as evidence against (`accessoryProduct`) only when a product that is
 * none covers the words at least this share as well as the best: without such a rival (the words name a charger line)
 * nothing changes.
 */
const ACCESSORY_RIVAL = 0.5;
/** A word this long, of letters and digits, is a model number that `CODE_SUFFIX` may extend ("SD1100" of "SD1100ISP"). */
const MODEL_CODE_MIN = 5;
/** What a listing's model number may add to one the words state and still be it: a colour or region code of letters. */
const CODE_SUFFIX = /^\p{L}{1,4}$/u;
/** The leading words read as the product's name (`nameConflicts`). */
const NAME_WORDS = 4;
/** Leading words that say how an item is sold, not what it is. */
const NOT_NAME_WORDS: ReadonlySet<string> = new Set(['new', 'brand', 'sealed', 'open', 'box', 'used', 'pre', 'owned', 'refurbished', 'renewed', 'restored', 'certified']);

/** Full-text candidates (offers) a lone offer is compared with (`productForLoneOffer`). */
const LONE_OFFER_CANDIDATES = 10;
/** A lone offer's candidates carry this many of its rarest words (a cheap look: a million-offer catalog has thousands). */
const LONE_OFFER_RAREST = 3;
/** Products after the best that a lone offer's fit with is checked (`productForLoneOffer`). */
const LONE_OFFER_RIVALS = 3;

/**
 * An offer that disagrees with some member of a product on identifiers or variant attributes scores this share of its
 * score, and never more than this share of the threshold (joining: of `JOIN_CHECKED_SHARE` of it): it is not that
 * product.
 */
const CLUSTER_CONFLICT_FACTOR = 0.5;

/**
 * Joining: products down to this share of the threshold are checked for conflicts too (`demoteConflicting`), so that
 * `placeOffer` may take an uncontested one of them (`UNCONTESTED_SHARE` in place-offer.ts).
 */
export const JOIN_CHECKED_SHARE = 0.4;

/**
 * How much better an offer must fit a product's offers at other retailers than the product's offer at its own
 * retailer does, to take that one's place (`offerItDisplaces`).
 */
const DISPLACE_MARGIN = 0.1;

/**
 * True when some member sells within `GTIN_PRICE_RATIO` of the item's price, or either side states none: a fit under
 * the threshold stands only then ("Mighty Math Number Heroes" at $29.95 is not the one at $9.95, whatever the words).
 */
export function pricedAlike(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const price = item.price;
  if (price === null) return true;
  const priced = members.filter((member) => member.price !== null);
  return priced.length === 0 || priced.some((member) => present(member.price) >= price * GTIN_PRICE_RATIO[0] && present(member.price) <= price * GTIN_PRICE_RATIO[1]);
}

/**
 * True when the item fits a product's offers at other retailers (`others`) by more than `DISPLACE_MARGIN` better than
 * the product's offer at the item's retailer (`listed`) does: each scores as its best fit among them.
 */
export function fitsBetterThan(item: PreparedOffer, listed: PreparedOffer, others: readonly PreparedOffer[]): boolean {
  if (others.length === 0) return false;
  const fit = (offer: PreparedOffer) => Math.max(...others.map((other) => scorePair(offer, other).score));
  return fit(item) > fit(listed) + DISPLACE_MARGIN;
}

/**
 * What keeps an item out of a product whatever its score: its members state another GTIN or part number, model number
 * (joining: one the item lacks while it states one they lack; else none of the item's), colour, plain number or
 * measured quantity; and, joining, another platform, language, version, school grade or licence count.
 */
const conflicts = (evidence: ClusterEvidence, joining: boolean): boolean =>
  evidence.identifierConflict ||
  (joining ? evidence.modelMismatch || evidence.variantConflicts.length > 0 : evidence.modelConflict) ||
  evidence.colourConflict ||
  evidence.numberConflict ||
  evidence.quantityConflicts.length > 0;

/** Brands agree when one is the other or begins with it ("beats" and "beats by dr dre"). */
const brandsAgree = (a: string, b: string) => a === b || a.startsWith(`${b} `) || b.startsWith(`${a} `);

/** The item states a brand that no member of a product states, while some members state one. */
export function otherBrand(item: PreparedOffer, members: readonly PreparedOffer[]): boolean {
  const brand = item.brand;
  if (brand === null) return false;
  let stated = false;
  for (const member of members) {
    if (member.brand === null) continue;
    if (brandsAgree(brand, member.brand)) return false;
    stated = true;
  }
  return stated;
}

/** The match threshold of the matcher's model: at or above it two offers are the same product. */
export const matchThreshold = () => getDefaultModel().threshold;

/**
 * Normalised model numbers to look an item up by: the stated MPN first, then up to two model numbers from the
 * title: those mixing letters and digits, and part numbers of digits alone when they are long ("751679-0100",
 * "920-013804": seven digits or more; shorter runs are as often sizes or series). The first is the key the catalog
 * stores on the offer.
 */
export function modelKeysOf(item: { title: string; model?: string | null }): string[] {
  const keys: string[] = [];
  const stated = normaliseModel(item.model ?? null);
  if (stated && stated.length >= 3) keys.push(stated);
  const candidates = extractModelCandidates(item.title);
  // A title's first word is most often the brand: joined to the model number after it ("Sony KD-55X80K" read as
  // SONYKD55X80K) it is no key another retailer's title would give; the number alone is.
  const first = normaliseModel(item.title.trim().split(/\s+/)[0]);
  for (const candidate of candidates) {
    if (keys.length >= 3) break;
    const partNumber = /[A-Z]/.test(candidate) ? /\d/.test(candidate) : /^\d{7,}$/.test(candidate);
    if (partNumber && !keys.includes(candidate) && !brandJoined(candidate, first, candidates)) keys.push(candidate);
  }
  return keys;
}

/** A candidate that is the title's first word (letters only, most often the brand) joined to another candidate. */
function brandJoined(candidate: string, first: string | null, candidates: readonly string[]): boolean {
  return first !== null && /^[A-Z]+$/.test(first) && candidate.length > first.length && candidate.startsWith(first) && candidates.includes(candidate.slice(first.length));
}

/** The normalised model number the catalog keys offers by: the stated MPN, else the strongest model number in the title. */
export function modelKeyOf(item: { title: string; model?: string | null }): string | null {
  return modelKeysOf(item)[0] ?? null;
}

export const gtinOf = (value: string | null | undefined) => normaliseGtin(value ?? null);

/**
 * True when model number `short` is part of `long` ("14AD3557" of "14AD3557GA3", a regional suffix), but not when
 * a number of it merely continues in `long` ("WH1000XM5" against "WH1000XM552": another model).
 */
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

function partOf(short: string, long: string): boolean {
  const at = long.indexOf(short);
  if (at < 0) return false;
  if (isDigit(short[short.length - 1]) && isDigit(long[at + short.length])) return false;
  if (isDigit(short[0]) && isDigit(long[at - 1])) return false;
  return true;
}

/**
 * Two offers name different models when each carries a specific model number (letters and digits) that the other
 * has nowhere, not even as a part ("15FC5030" against "14AD3557", while both share the family name "ENVYX360").
 * Such a pair is never the same product, however alike the rest of the titles are; a shared family name must not
 * chain different models into one cluster.
 */
export function modelsConflict(a: PreparedOffer, b: PreparedOffer): boolean {
  return holdsOwnModel(a.strongModels, b.strongModels) && holdsOwnModel(b.strongModels, a.strongModels);
}

/** One side states a model number (five characters or more) that the other has nowhere, not even as a part. */
function holdsOwnModel(mine: ReadonlySet<string>, theirs: ReadonlySet<string>): boolean {
  for (const model of mine) {
    if (model.length < 5) continue;
    let shared = false;
    for (const other of theirs) {
      if (partOf(model, other) || partOf(other, model)) {
        shared = true;
        break;
      }
    }
    if (!shared) return true;
  }
  return false;
}

/**
 * What ranking reads from the catalog and its full-text index, in batches where it would loop (a bulk import's
 * in-memory `CandidateLookup` answers the GTIN, model-number and member look-ups itself).
 */
export interface MatcherReads {
  offersWithGtin(gtin: string, limit: number): OfferRef[];
  offersWithModelKey(modelKey: string, limit: number): OfferRef[];
  /** The first `limit` offers (oldest first) of each product. */
  offerRefsOfProducts(productIds: readonly number[], limit: number): Map<number, OfferRef[]>;
  /** The offers among `ids` that exist. */
  offerItems(ids: readonly number[]): Map<number, OfferItem>;
  offersAtAmong(retailerId: string, offerIds: readonly number[]): Set<number>;
  productsWithOfferAt(retailerId: string, productIds: readonly number[]): Set<number>;
  candidates(words: readonly string[], options: { limit?: number; rarest?: number }): IndexHit[];
  leadingCandidates(words: readonly string[], options: { limit?: number; elsewhereThan?: string }): IndexHit[];
  documentFrequencies(words: readonly string[]): Map<string, number>;
  documentCount(): number;
}

/** `MatcherReads` answered asynchronously (through the storage ports). */
export type AsyncMatcherReads = AsyncOps<MatcherReads>;

/** A ranking step: asks for reads of `MatcherReads`, one at a time, and answers T (see steps.ts). */
export type MatcherStep<T> = StepOf<MatcherReads, T>;
type Step<T> = MatcherStep<T>;

/** Asks for one read (`yield* read(...)` answers it). */
const read = <K extends keyof MatcherReads>(method: K, ...args: Parameters<MatcherReads[K]>) => perform<MatcherReads, K>(method, ...args);

/** `AsyncMatcherReads` through the catalog's storage ports. */
export function portReads(catalog: CatalogRepository, index: SearchIndexRepository): AsyncMatcherReads {
  return {
    offersWithGtin: (gtin, limit) => catalog.offersWithGtin(gtin, limit),
    offersWithModelKey: (modelKey, limit) => catalog.offersWithModelKey(modelKey, limit),
    offerRefsOfProducts: (productIds, limit) => catalog.offerRefsOfProducts(productIds, limit),
    offerItems: (ids) => catalog.offerItems(ids),
    offersAtAmong: (retailerId, offerIds) => catalog.offersAtAmong(retailerId, offerIds),
    productsWithOfferAt: (retailerId, productIds) => catalog.productsWithOfferAt(retailerId, productIds),
    candidates: (words, options) => index.candidates(words, options),
    leadingCandidates: (words, options) => index.leadingCandidates(words, options),
    documentFrequencies: (words) => index.offerCounts(words),
    documentCount: () => index.documentCount(),
  };
}

/**
 * Finds the product clusters an item may belong to and ranks them with the matcher:
 * GTIN lookups, then model-number lookups, then (optionally) full-text candidates; every candidate offer is
 * scored against the item by `scorePair`, a cluster scores as its best member (`assignCluster`).
 * The steps (`steps`) read through whatever answers them: an import's transaction on either engine (steps.ts); the
 * `…Async` methods read through the storage ports (`reads`: searches).
 */
export function createProductMatcher(reads: AsyncMatcherReads) {
  // Prepared forms of catalog offers, reused while they stay the same (bulk imports score the same members often,
  // searches the same popular products). Their index words are worked out on first use: only words-only searches
  // need them.
  // An entry remembered by a bulk import holds the item until first use: most offers are never a candidate.
  // `bare`: its prepared form without its model numbers, for words that state none (`withoutUnstatedModels`).
  type Entry = { updatedAt: string; item: ItemIdentity; prepared?: PreparedOffer; words?: readonly string[]; bare?: PreparedOffer };
  /** The words of an offer that words-only searches compare with. */
  const wordsOf = (entry: Entry) => (entry.words ??= indexWords([entry.item.title, entry.item.brand ?? '', entry.item.model ?? ''].join(' ')));
  const CACHE_LIMIT = 200_000;
  const entries = new Map<number, Entry>();
  const store = (id: number, entry: Entry) => {
    if (entries.size >= CACHE_LIMIT) {
      // Drop the oldest tenth (a Map iterates in insertion order).
      let drop = CACHE_LIMIT / 10;
      for (const key of entries.keys()) {
        entries.delete(key);
        if (--drop === 0) break;
      }
    }
    entries.delete(id);
    entries.set(id, entry);
  };
  /** The entry of each offer (null when it is gone), read in one batch for those not remembered as they are now. */
  type Entries = (ref: OfferRef) => Entry | null;
  function* entriesOf(refs: Iterable<OfferRef>): Step<Entries> {
    const found = new Map<number, Entry | null>();
    const missing: number[] = [];
    for (const ref of refs) {
      if (found.has(ref.id)) continue;
      const hit = entries.get(ref.id);
      if (hit && hit.updatedAt === ref.updatedAt) found.set(ref.id, hit);
      else {
        found.set(ref.id, null);
        missing.push(ref.id);
      }
    }
    if (missing.length > 0) {
      const rows = yield* read('offerItems', missing);
      for (const id of missing) {
        const row = rows.get(id);
        if (!row) continue;
        const entry: Entry = {
          updatedAt: row.updatedAt,
          item: { title: row.title, brand: row.brand, model: row.model, gtin: row.gtin, priceCents: row.priceCents },
        };
        store(row.id, entry);
        found.set(id, entry);
      }
    }
    return (ref) => found.get(ref.id) ?? null;
  }
  const preparedOf = (entry: Entry | null): PreparedOffer | null => (entry ? (entry.prepared ??= prepareOffer(entry.item)) : null);

  /**
   * A candidate as words that state no model number compare with it: without the model numbers of its title and its
   * part number. Such words say nothing against a listing that shows its part number ("Logitech MX Master 2S
   * 910-001821 Wireless Mouse Rose"), yet the code would dilute their likeness to its title and count as a model only
   * one side states, ranking a twin whose listings leave the code out above it.
   */
  const withoutUnstatedModels = (entry: Entry | null, offer: PreparedOffer, item: PreparedOffer): PreparedOffer => {
    // Words that hold one of its numbers after all (as plain digits, say) compare with the listing as it is.
    if (!entry || [...offer.models].some((model) => item.modelText.includes(model))) return offer;
    return (entry.bare ??= bareForm(entry.item, offer));
  };
  /** The listing without the words of its title that are its model numbers, and without its part number. */
  const bareForm = (item: ItemIdentity, offer: PreparedOffer): PreparedOffer => {
    const words = item.title.split(/\s+/);
    const kept = words.filter((word) => {
      const key = normaliseModel(word);
      return key === null || !offer.models.has(key);
    });
    // A title that is nothing but its model number stays as it is: without it nothing would be left to compare.
    if ((kept.length === words.length && !item.model) || kept.length === 0) return offer;
    return prepareOffer({ ...item, title: kept.join(' '), model: null });
  };

  /** The item the last `rank` call prepared, for `remember` to keep when it is that item's offer being written. */
  let lastRanked: { item: ItemIdentity; prepared: PreparedOffer } | null = null;

  /**
   * Per product: the share of the words' weight (log inverse document frequency) its members' texts hold together,
   * and whether they hold every word.
   */
  function* wordCoverage(text: string, byProduct: ReadonlyMap<number, readonly OfferRef[]>, typed: boolean): Step<Map<number, { share: number; all: boolean }>> {
    const documents = Math.max(1, yield* read('documentCount'));
    const words = indexWords(text);
    const frequencies = yield* read('documentFrequencies', words);
    const weights = new Map<string, number>();
    for (const word of words) {
      const df = frequencies.get(word) ?? 0;
      if (df > 0) weights.set(word, Math.log(1 + documents / df));
    }
    const known = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
    // Typed words no offer carries ("instant pot" where the catalog has only "Instant Ink" printers) weigh as much as
    // an average known word, so that no candidate covers the words by carrying the others.
    const unknown = typed && weights.size > 0 ? (words.length - weights.size) * (known / weights.size) : 0;
    const total = known + unknown;
    const result = new Map<number, { share: number; all: boolean }>();
    if (total === 0) return result;
    const entryOf = yield* entriesOf([...byProduct.values()].flat());
    // Model numbers among the words are held too by a longer one that only adds a colour or region code of letters.
    const codes = [...weights.keys()].filter((word) => word.length >= MODEL_CODE_MIN && /\p{L}/u.test(word) && /\p{N}/u.test(word));
    for (const [productId, members] of byProduct) {
      const seen = new Set<string>();
      for (const member of members) {
        const entry = entryOf(member);
        if (!entry) continue;
        for (const word of wordsOf(entry)) {
          if (weights.has(word)) seen.add(word);
          else for (const code of codes) if (word.length > code.length && word.startsWith(code) && CODE_SUFFIX.test(word.slice(code.length))) seen.add(code);
        }
      }
      let covered = 0;
      for (const word of seen) covered += present(weights.get(word));
      // Words the catalog does not know at all weigh nothing, but a product never holds them all.
      result.set(productId, { share: covered / total, all: seen.size === words.length });
    }
    return result;
  }

  /**
   * Words lose the punctuation inside model numbers ("870639-0100" arrives as "870639 0100"): runs of adjacent
   * words that the catalog knows as the start of a model key are joined again with dashes. Returns the rewritten
   * words and the keys found.
   */
  function* rejoinModelWords(text: string): Step<{ text: string; keys: string[] }> {
    const words = restoreDecimals(text.split(/\s+/).filter(Boolean));
    const joined = new Map<number, number>();
    const taken = new Set<number>();
    const keys: string[] = [];
    for (const span of joinedModelSpans(words)) {
      let free = true;
      for (let i = span.start; i < span.start + span.length; i++) if (taken.has(i)) free = false;
      if (!free || (yield* read('offersWithModelKey', span.key, 1)).length === 0) continue;
      for (let i = span.start; i < span.start + span.length; i++) taken.add(i);
      joined.set(span.start, span.length);
      keys.push(span.key);
    }
    if (keys.length === 0) return { text: words.join(' '), keys };
    const out: string[] = [];
    for (let i = 0; i < words.length; i++) {
      const length = joined.get(i);
      if (length) {
        out.push(words.slice(i, i + length).join('-'));
        i += length - 1;
      } else out.push(present(words[i]));
    }
    return { text: out.join(' '), keys };
  }

  /** Products' members (at most MEMBERS_FOR_WORDS each), without the offer being matched. */
  function* membersOfAll(lookup: CandidateLookup | undefined, productIds: readonly number[], excludeOfferId: number | undefined): Step<Map<number, OfferRef[]>> {
    const all = lookup
      ? new Map(productIds.map((id) => [id, lookup.offerRefsOfProduct(id, MEMBERS_FOR_WORDS)]))
      : yield* read('offerRefsOfProducts', productIds, MEMBERS_FOR_WORDS);
    const members = new Map<number, OfferRef[]>();
    for (const id of productIds) members.set(id, (all.get(id) ?? []).filter((ref) => ref.id !== excludeOfferId));
    return members;
  }
  function* preparedAll(refs: readonly OfferRef[]): Step<PreparedOffer[]> {
    const entryOf = yield* entriesOf(refs);
    return refs.map((ref) => preparedOf(entryOf(ref))).filter((offer): offer is PreparedOffer => offer !== null);
  }

  /**
   * Words of a retailer's URL are compared with each product's offers at other retailers (all of them when it has no
   * other): the retailer's own listings of other products share its title style ("Industry Leading Noise Canceling,
   * Hi-Res Audio"), which tells nothing of the product, while the product the URL names has most often no listing
   * there yet.
   */
  function* elsewhereThan(retailerId: string | undefined, byProduct: ReadonlyMap<number, readonly OfferRef[]>): Step<ReadonlyMap<number, readonly OfferRef[]>> {
    if (!retailerId) return byProduct;
    const at = yield* read('offersAtAmong', retailerId, [...byProduct.values()].flatMap((refs) => refs.map((ref) => ref.id)));
    const result = new Map<number, readonly OfferRef[]>();
    for (const [productId, refs] of byProduct) {
      const others = at.size > 0 ? refs.filter((ref) => !at.has(ref.id)) : refs;
      result.set(productId, others.length > 0 ? others : refs);
    }
    return result;
  }

  /**
   * A product the item would join must agree with all its members on identifiers, model numbers, colour and measured quantities,
   * not only with its most similar one: otherwise offers that state little chain variants together. A page read for a
   * search must also be of a brand some member has, when members state one: a retailer's listing of another brand's
   * product may share most of its wording ("…, Up to 30-Hour Battery Life, Industry Leading Noise Canceling, White").
   */
  function* demoteConflicting(item: PreparedOffer, ranked: RankedProduct[], members: (productIds: readonly number[]) => Step<Map<number, OfferRef[]>>, joining: boolean): Step<RankedProduct[]> {
    const threshold = matchThreshold();
    const above: RankedProduct[] = [];
    const checkedFrom = joining ? threshold * JOIN_CHECKED_SHARE : threshold;
    for (const entry of ranked) {
      if (entry.score < checkedFrom) break;
      above.push(entry);
    }
    if (above.length === 0) return ranked;
    const membersOf = yield* members(above.map((entry) => entry.productId));
    const entryOf = yield* entriesOf([...membersOf.values()].flat());
    let demoted = false;
    for (const entry of above) {
      const offers = (membersOf.get(entry.productId) ?? []).map((ref) => preparedOf(entryOf(ref))).filter((offer): offer is PreparedOffer => offer !== null);
      // Under the threshold, an uncontested join also needs a member priced alike and no other brand stated: "Corner
      // Kitchen Stand Mixer 5 qt" at $249 is no "Hearth Stand Mixer 5 qt HSM-500" at $249.
      const unlikeBelow = joining && entry.score < threshold && (!pricedAlike(item, offers) || otherBrand(item, offers));
      if (conflicts(clusterEvidence(item, offers), joining) || unlikeBelow || (!joining && otherBrand(item, offers))) {
        // Joining, below the products an uncontested join may take too (`checkedFrom`).
        entry.score = Math.min(entry.score * CLUSTER_CONFLICT_FACTOR, checkedFrom * CLUSTER_CONFLICT_FACTOR);
        demoted = true;
      }
    }
    return demoted ? ranked.sort((a, b) => b.score - a.score || a.productId - b.productId) : ranked;
  }

  /**
   * Words only: the matcher's score blended with the share of the words' weight the product's members hold together,
   * lowered for every attribute the words state and no member shares (colour, capacity or size, model number, variant
   * word, brand).
   */
  function* rankByWords(
    item: ItemIdentity,
    preparedItem: PreparedOffer,
    ranked: RankedProduct[],
    members: (productIds: readonly number[]) => Step<Map<number, OfferRef[]>>,
    options: Pick<MatchOptions, 'typed' | 'unlistedAt' | 'ranking' | 'excludeOfferId'>,
  ): Step<RankedProduct[]> {
    const typed = options.typed === true;
    const membersOf = yield* members(ranked.map((entry) => entry.productId));
    let listed: ReadonlySet<number> | null = null;
    if (options.unlistedAt && options.excludeOfferId === undefined) listed = yield* read('productsWithOfferAt', options.unlistedAt, ranked.map((entry) => entry.productId));
    else if (options.unlistedAt) {
      // The words are of an offer left out of the catalog (`train:ranking`'s cases): only its product's other members count.
      const at = yield* read('offersAtAmong', options.unlistedAt, [...membersOf.values()].flatMap((refs) => refs.map((ref) => ref.id)));
      listed = new Set([...membersOf].filter(([, refs]) => refs.some((ref) => at.has(ref.id))).map(([productId]) => productId));
    }
    const refs = new Map<number, readonly OfferRef[]>();
    for (const entry of ranked) refs.set(entry.productId, membersOf.get(entry.productId) ?? []);
    const coverage = yield* wordCoverage(item.title, yield* elsewhereThan(options.unlistedAt, refs), typed);
    const entryOf = yield* entriesOf([...refs.values()].flat());
    const prepared = new Map<number, PreparedOffer[]>();
    // Measured values some candidate states: only those tell candidates apart ("7,450MB/s" is no capacity).
    const comparableQuantities = new Map<QuantityKind, Set<number>>();
    // Words rarely say which part is the brand; when they begin with the brand of some candidate, that is the brand.
    const lead = indexWords(item.title).slice(0, 3).join(' ');
    let brand: string | null = null;
    for (const [productId, productRefs] of refs) {
      const offers = productRefs.map((ref) => preparedOf(entryOf(ref))).filter((offer): offer is PreparedOffer => offer !== null);
      prepared.set(productId, offers);
      for (const offer of offers) {
        for (const [kind, values] of offer.quantities) {
          let set = comparableQuantities.get(kind);
          if (!set) comparableQuantities.set(kind, (set = new Set()));
          for (const value of values) set.add(value);
        }
        if (offer.brand && (lead === offer.brand || lead.startsWith(`${offer.brand} `)) && (!brand || offer.brand.length > brand.length)) brand = offer.brand;
      }
    }
    const evidenceOf = new Map(
      ranked.map((entry) => [entry.productId, clusterEvidence(preparedItem, present(prepared.get(entry.productId)), { comparableQuantities, editionsNeedTheirLead: typed })]),
    );
    // When some product states every model number the words state, one that states another model number instead of
    // some of them ("Tab M23 TB328XU" for words naming the "Tab M23 TB119FU") is another model, not a loose fit.
    const modelsAllHeldSomewhere = [...evidenceOf.values()].some((evidence) => evidence.modelsAllHeld);
    // The name words (letters only: numbers are told apart as lines, sizes and models) each product's members hold.
    const nameWords = indexWords(item.title)
      .slice(0, NAME_WORDS)
      .filter((word) => /^\p{L}+$/u.test(word) && !NOT_NAME_WORDS.has(word));
    const namesHeld = new Map<number, Set<string>>();
    // Words most members of some product hold are its name; a word only some hold is one retailer's wording.
    const heldSomewhere = new Set<string>();
    for (const [productId, productRefs] of refs) {
      const counts = new Map<string, number>();
      for (const ref of productRefs) {
        const entry = entryOf(ref);
        if (entry) for (const word of wordsOf(entry)) if (nameWords.includes(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      namesHeld.set(productId, new Set(counts.keys()));
      for (const [word, count] of counts) if (count * 2 > productRefs.length) heldSomewhere.add(word);
    }
    const accessory = (productId: number) => {
      const offers = prepared.get(productId) ?? [];
      return offers.filter((offer) => offer.accessory).length * 2 > offers.length;
    };
    const bestCoverage = Math.max(0, ...ranked.map((entry) => coverage.get(entry.productId)?.share ?? 0));
    const accessoryRival = !preparedItem.accessory && ranked.some((entry) => !accessory(entry.productId) && (coverage.get(entry.productId)?.share ?? 0) >= bestCoverage * ACCESSORY_RIVAL);
    const ranking = options.ranking ?? defaultRanking()[typed ? 'typed' : 'slug'];
    const scored = ranked.map((entry) => {
      const offers = present(prepared.get(entry.productId));
      const evidence = present(evidenceOf.get(entry.productId));
      const held = namesHeld.get(entry.productId);
      const covered = coverage.get(entry.productId);
      const strongModelConflict = evidence.modelConflict || (evidence.modelMismatch && modelsAllHeldSomewhere);
      const isAccessory = accessory(entry.productId);
      const candidate: WordsCandidate = {
        matcher: entry.score,
        coverage: covered?.share ?? 0,
        evidence: {
          quantityConflicts: evidence.quantityConflicts.length,
          colourConflict: evidence.colourConflict ? 1 : 0,
          modelConflict: strongModelConflict ? 1 : 0,
          modelMismatch: !strongModelConflict && evidence.modelMismatch ? 1 : 0,
          editionConflict: evidence.editionConflict ? 1 : 0,
          lineConflict: evidence.lineConflict ? 1 : 0,
          numberConflict: evidence.numberConflict ? 1 : 0,
          listedAtRetailer: listed?.has(entry.productId) ? 1 : 0,
          nameConflicts: [...heldSomewhere].filter((word) => !held?.has(word)).length,
          brandConflict: brand && !offers.some((offer) => offer.brand === brand) ? 1 : 0,
          accessoryProduct: accessoryRival && isAccessory ? 1 : 0,
          accessoryWords: preparedItem.accessory && offers.length > 0 && !isAccessory ? 1 : 0,
          wordsMissing: covered?.all === true ? 0 : 1,
        },
      };
      return { productId: entry.productId, score: wordsScore(candidate, ranking), holdsAllWords: covered?.all === true, words: candidate };
    });
    return scored.sort((a, b) => b.score - a.score || a.productId - b.productId);
  }

  /**
   * Drops the candidate products a member of which (among those `demoteConflicting` checks) states another GTIN or
   * part number than the item.
   */
  function* leaveOutOtherIdentifiers(item: ItemIdentity, byProduct: Map<number, OfferRef[]>, lookup: CandidateLookup | undefined, excludeOfferId: number | undefined): Step<void> {
    const identifiers = { gtin: gtinOf(item.gtin), mpn: normaliseModel(item.model ?? null) };
    if (!identifiers.gtin && !identifiers.mpn) return;
    const entryOf = yield* entriesOf([...byProduct.values()].flat());
    const conflicting = new Map<number, OfferRef>();
    for (const [productId, refs] of byProduct) {
      const found = refs.find((ref) => {
        const entry = entryOf(ref);
        return entry !== null && identifiersConflict(identifiers, { gtin: gtinOf(entry.item.gtin), mpn: normaliseModel(entry.item.model ?? null) });
      });
      if (found) conflicting.set(productId, found);
    }
    if (conflicting.size === 0) return;
    const members = yield* membersOfAll(lookup, [...conflicting.keys()], excludeOfferId);
    for (const [productId, found] of conflicting) {
      if ((members.get(productId) ?? []).some((member) => member.id === found.id)) byProduct.delete(productId);
    }
  }

  /** Ranks candidate products for the item (its words already rejoined where they are known model numbers). */
  function* rankItem(item: ItemIdentity, joinedKeys: readonly string[], options: MatchOptions): Step<RankedProduct[]> {
    // Candidate offers, at most MEMBERS_PER_PRODUCT per product: a cluster scores as its best member.
    const byProduct = new Map<number, OfferRef[]>();
    const add = (refs: OfferRef[]) => {
      for (const ref of refs) {
        if (ref.productId == null || ref.id === options.excludeOfferId) continue;
        const members = byProduct.get(ref.productId);
        if (!members) byProduct.set(ref.productId, [ref]);
        else if (members.length < MEMBERS_PER_PRODUCT && !members.some((member) => member.id === ref.id)) members.push(ref);
      }
    };
    const lookup = options.lookup;
    const gtin = gtinOf(item.gtin);
    if (gtin) add(lookup ? lookup.offersWithGtin(gtin, 10) : yield* read('offersWithGtin', gtin, 10));
    for (const key of options.modelKeys ?? modelKeysOf(item)) add(lookup ? lookup.offersWithModelKey(key, 10) : yield* read('offersWithModelKey', key, 10));
    // A joined key is a model number without its variant suffix: its colours and capacities are all candidates.
    for (const key of joinedKeys) add(lookup ? lookup.offersWithModelKey(key, 30) : yield* read('offersWithModelKey', key, 30));
    if (options.useIndex) {
      const words = indexWords([item.title, item.brand ?? '', item.model ?? ''].join(' '));
      const hits = yield* read('candidates', words, { limit: options.indexLimit ?? 30, rarest: options.indexRarest });
      add(hits.map((hit) => ({ id: hit.offerId, productId: hit.productId, updatedAt: hit.updatedAt })));
      // Words name the product first: the offers that share the longest run of leading words are candidates too.
      if (options.wordsOnly) {
        const leading = yield* read('leadingCandidates', indexWords(item.title), { limit: options.indexLimit ?? 30, elsewhereThan: options.unlistedAt });
        add(leading.map((hit) => ({ id: hit.offerId, productId: hit.productId, updatedAt: hit.updatedAt })));
      }
    }
    // An offer never joins a product one of whose members states another GTIN or part number (`demoteConflicting`
    // lowers it below the threshold): such products are left out before their offers are prepared and scored.
    if (options.joining) yield* leaveOutOtherIdentifiers(item, byProduct, lookup, options.excludeOfferId);
    if (byProduct.size === 0) return [];

    // The item is prepared only now: most new offers of a bulk import have no candidate at all.
    const preparedItem = prepareOffer(item);
    lastRanked = { item, prepared: preparedItem };
    const candidates: ClusterCandidate[] = [];
    const statesNoModel = options.wordsOnly === true && preparedItem.models.size === 0;
    const compared = options.wordsOnly ? yield* elsewhereThan(options.unlistedAt, byProduct) : byProduct;
    const entryOf = yield* entriesOf([...compared.values()].flat());
    for (const [productId, members] of compared) {
      for (const member of members) {
        const entry = entryOf(member);
        const offer = preparedOf(entry);
        if (!offer || modelsConflict(preparedItem, offer)) continue;
        candidates.push({ clusterId: String(productId), offer: statesNoModel && offer.models.size > 0 ? withoutUnstatedModels(entry, offer, preparedItem) : offer });
      }
    }
    if (candidates.length === 0) return [];
    const assignment = assignCluster(preparedItem, candidates, { threshold: matchThreshold() });
    const ranked = assignment.ranked.map((cluster) => ({ productId: Number(cluster.clusterId), score: Math.max(0, Math.min(1, cluster.score)) }));
    const members = (productIds: readonly number[]) => membersOfAll(lookup, productIds, options.excludeOfferId);
    return options.wordsOnly ? yield* rankByWords(item, preparedItem, ranked, members, options) : yield* demoteConflicting(preparedItem, ranked, members, options.joining === true);
  }

  /** Words only: ranked with split model numbers joined again, or as plain words where that does better. */
  function* rankWords(input: ItemIdentity, options: MatchOptions): Step<RankedProduct[]> {
    const rejoined = yield* rejoinModelWords(input.title);
    const ranked = yield* rankItem({ ...input, title: rejoined.text }, rejoined.keys, options);
    if (rejoined.keys.length === 0 || (ranked[0]?.score ?? 0) >= matchThreshold()) return ranked;
    // Words joined into a model number the catalog knows only as the start of others' ("jbl flip 9" read as
    // JBLFLIP9…) rule out every candidate that states another model: without a match, the plain words may do better.
    const plain = yield* rankItem({ ...input, title: restoreDecimals(input.title.split(/\s+/).filter(Boolean)).join(' ') }, [], options);
    return (plain[0]?.score ?? 0) > (ranked[0]?.score ?? 0) ? plain : ranked;
  }

  /** Ranks candidate products for the item, best first. */
  function* rank(input: ItemIdentity, options: MatchOptions): Step<RankedProduct[]> {
    if (!options.wordsOnly) return yield* rankItem(input, [], options);
    const ranked = yield* rankWords(input, options);
    if (options.typed || (ranked[0]?.score ?? 0) >= matchThreshold()) return ranked;
    // A slug cut short may end inside a colour's name ("…-midnight" of Midnight Blue): the words are tried again
    // with each longer colour name their last word begins.
    let best = ranked;
    for (const completed of cutColourCompletions(input.title)) {
      const again = yield* rankWords({ ...input, title: completed }, options);
      if ((again[0]?.score ?? 0) > (best[0]?.score ?? 0)) best = again;
    }
    return best;
  }

  /**
   * True when two products may be one: no offer of either states another GTIN or part number, model number, colour,
   * plain number or measured quantity than the other's offers (the rule an offer must meet to join a product).
   */
  function* mayBeOneProduct(a: number, b: number): Step<boolean> {
    const refs = yield* read('offerRefsOfProducts', [a, b], MEMBERS_FOR_WORDS);
    const membersA = yield* preparedAll(refs.get(a) ?? []);
    const membersB = yield* preparedAll(refs.get(b) ?? []);
    if (membersA.length === 0 || membersB.length === 0) return false;
    const agrees = (item: PreparedOffer, members: PreparedOffer[]) => !conflicts(clusterEvidence(item, members), true);
    return membersA.every((item) => agrees(item, membersB)) && membersB.every((item) => agrees(item, membersA));
  }

  /** See `productForLoneOffer` below. */
  function* productForLoneOffer(offer: { id: number; productId: number; retailerId: string } & ItemIdentity): Step<number | null> {
    const threshold = matchThreshold();
    const ranked = (yield* rank(offer, { useIndex: true, excludeOfferId: offer.id, joining: true, indexLimit: LONE_OFFER_CANDIDATES, indexRarest: LONE_OFFER_RAREST })).filter(
      (entry) => entry.productId !== offer.productId,
    );
    const [best, ...others] = ranked;
    if (!best || best.score < threshold) return null;
    // Another product that fits the offer too (it passes the threshold after the conflicts of what the offer states)
    // and is not the same as the best (another lone offer of it): the words fit twins alike, no telling which.
    for (const other of others.slice(0, LONE_OFFER_RIVALS)) {
      if (other.score < threshold) break;
      if (!(yield* mayBeOneProduct(best.productId, other.productId))) return null;
    }
    if ((yield* read('productsWithOfferAt', offer.retailerId, [best.productId])).size > 0) return null;
    // Its words are all it has: a code among them that the product never states is another model's.
    const members = yield* preparedAll((yield* read('offerRefsOfProducts', [best.productId], MEMBERS_FOR_WORDS)).get(best.productId) ?? []);
    if (!codesHeldBy(prepareOffer(offer), members)) return null;
    return (yield* mayBeOneProduct(offer.productId, best.productId)) ? best.productId : null;
  }

  /** See `secondListing` below. */
  function* secondListing(item: ItemIdentity, productId: number, retailerId: string): Step<{ fit: number; displaces: number | null }> {
    const refs = (yield* read('offerRefsOfProducts', [productId], MEMBERS_FOR_WORDS)).get(productId) ?? [];
    const at = yield* read('offersAtAmong', retailerId, refs.map((ref) => ref.id));
    const others = yield* preparedAll(refs.filter((ref) => !at.has(ref.id)));
    if (others.length === 0) return { fit: 0, displaces: null };
    const prepared = prepareOffer(item);
    const fit = Math.max(...others.map((other) => scorePair(prepared, other).score));
    if (at.size !== 1) return { fit, displaces: null };
    const listedRef = present(refs.find((ref) => at.has(ref.id)));
    const [listed] = yield* preparedAll([listedRef]);
    return { fit, displaces: listed && fitsBetterThan(prepared, listed, others) ? listedRef.id : null };
  }

  /** Products whose offers share the item's words, best full-text rank first (see `related` below). */
  function* related(input: ItemIdentity, limit: number): Step<number[]> {
    const words = indexWords([input.title, input.brand ?? '', input.model ?? ''].join(' '));
    const ids: number[] = [];
    for (const hit of yield* read('candidates', words, { limit: limit * MEMBERS_PER_PRODUCT })) {
      if (hit.productId != null && !ids.includes(hit.productId)) ids.push(hit.productId);
      if (ids.length >= limit) break;
    }
    return ids;
  }

  return {
    prepare: (item: ItemIdentity) => prepareOffer(item),

    /**
     * Tells the matcher what an offer the caller is writing holds, so that scoring it as a candidate does not read
     * it back (a bulk import decides rows before their batch is written).
     */
    remember(id: number, updatedAt: string, item: ItemIdentity): void {
      // The item `rank` was last asked about is usually the one now written: its prepared form is kept with it.
      const prepared = lastRanked?.item === item ? lastRanked.prepared : undefined;
      lastRanked = null;
      store(id, prepared ? { updatedAt, item, prepared } : { updatedAt, item });
    },

    /**
     * Steps for an import's unit of work (run by the engine's transaction, see steps.ts):
     * - `mayBeOneProduct(a, b)`: true when two products may be one: no offer of either states another GTIN or part
     *   number, model number, colour, plain number or measured quantity than the other's offers (the rule an offer must
     *   meet to join a product).
     * - `productForLoneOffer(offer)`: the product a lone offer belongs to (one that began a product of its own, stating
     *   no model number and no GTIN another offer shares: a bulk import finds candidates by those alone), or null: the
     *   best other product the full-text index and the matcher find, when it passes the threshold and no other product
     *   that does is a different one (a title without colour or model code fits each of a product's twins alike), its
     *   retailer does not sell it yet, its offers state every code the lone offer states (`codesHeldBy`), and it may be
     *   one product with the offer's.
     * - `productWithGtin(gtin, excludeOfferId, lookup, item)`: the product of an offer with the same valid GTIN, from
     *   `lookup` when given, else from the catalog; given the item, only an offer that contradicts nothing of it
     *   (`gtinContradictions`: model numbers, quantities, prices more than 2x apart) counts.
     * - `rank(item, options)`: candidate products for the item, best first.
     * - `secondListing(item, productId, retailerId)`, for a product the retailer lists already: how well the item
     *   fits the product's offers at other retailers (`fit`: the best score among them, 0 without any; a retailer's
     *   own listings share its wording, which tells nothing), and the product's one offer at the retailer when the
     *   item fits them clearly better than it does (`displaces`, `fitsBetterThan`), else null.
     */
    steps: {
      secondListing,
      mayBeOneProduct,
      productForLoneOffer,
      *productWithGtin(gtin: string | null, excludeOfferId?: number, lookup?: CandidateLookup, item?: ItemIdentity): Step<number | null> {
        if (!gtin) return null;
        const offers = (lookup ? lookup.offersWithGtin(gtin, 3) : yield* read('offersWithGtin', gtin, 3)).filter((row) => row.id !== excludeOfferId && row.productId != null);
        if (!item || offers.length === 0) return offers[0]?.productId ?? null;
        // A GTIN is strong evidence, not a verdict: an offer that states another model number or size, or sells at
        // more than twice the price or half of it, is not the item whatever GTIN it states (feeds reuse GTINs).
        const prepared = prepareOffer(item);
        const entryOf = yield* entriesOf(offers);
        for (const row of offers) {
          const offer = preparedOf(entryOf(row));
          if (offer && gtinContradictions(pairEvidence(prepared, offer)).length === 0) return row.productId;
        }
        return null;
      },
      rank,
    },

    /**
     * Bulk-path shortcut: the one product whose offers state the same model number under the same brand. Null when
     * there is none or more than one (then the matcher has to decide).
     */
    productWithModel(modelKey: string | null, brand: string | null | undefined, lookup: CandidateLookup): number | null {
      if (!modelKey) return null;
      const wanted = normaliseBrand(brand ?? null);
      if (!wanted) return null;
      const products = new Set<number>();
      for (const hit of lookup.productsWithModelKey(modelKey)) {
        const other = normaliseBrand(hit.brand);
        if (other && other !== wanted) return null;
        products.add(hit.productId);
      }
      return products.size === 1 ? present([...products][0]) : null;
    },

    /** `rank` through the storage ports (searches). */
    rankAsync: (input: ItemIdentity, options: Omit<MatchOptions, 'lookup'>): Promise<RankedProduct[]> => runAsync(rank(input, options), reads),

    /**
     * Products whose offers share the item's words, best full-text rank first, whatever their model numbers: "products
     * like this" for a search that identified no product (another model of the same line is not the same item, but it
     * is what a shopper looks at next). Not scored by the matcher, so never a match.
     */
    relatedAsync: (input: ItemIdentity, limit: number): Promise<number[]> => runAsync(related(input, limit), reads),
  };
}

export type ProductMatcher = ReturnType<typeof createProductMatcher>;
