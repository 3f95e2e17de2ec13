/**
 * Words only: the matcher's ranking of products for a URL's slug or typed words, blended with how much of the words'
 * weight each product's offers hold and lowered for every attribute the words state and no offer shares.
 */
import { clusterEvidence, type ClusterEvidence, type ItemIdentity, type PreparedOffer, type QuantityKind, readsAsAccessory } from '@pricehunt/catalog-matching';
import { present } from '@pricehunt/contracts';
import type { OfferRef } from '../ports';
import { indexWords } from '../words';
import { defaultRanking, wordsScore, type WordsCandidate, type WordsRanking } from '../words-ranking';
import type { Entries, OfferCache } from './offer-cache';
import type { MatchOptions, RankedProduct } from './options';
import { read, type MatcherStep } from './reads';
import { elsewhereThan, wordCoverage, type Coverage } from './word-coverage';

/**
 * Words that do not ask for an accessory mean the product itself, not what is made for it: "canon powershot sd1100" is
 * the camera, not an "Underwater Housing Case for Canon PowerShot SD1100 SD1000 …" that holds every word. A product most
 * of whose listings read as accessories counts as evidence against (`accessoryProduct`) only when a product that is
 * none covers the words at least this share as well as the best: without such a rival (the words name a charger line)
 * nothing changes.
 */
const ACCESSORY_RIVAL = 0.5;
/** The leading words read as the product's name (`nameConflicts`). */
const NAME_WORDS = 4;
/** Leading words that say how an item is sold, not what it is. */
const NOT_NAME_WORDS: ReadonlySet<string> = new Set(['new', 'brand', 'sealed', 'open', 'box', 'used', 'pre', 'owned', 'refurbished', 'renewed', 'restored', 'certified']);

/** Products' members, read for the products given. */
export type MembersOf = (productIds: readonly number[]) => MatcherStep<Map<number, OfferRef[]>>;

type WordsOptions = Pick<MatchOptions, 'typed' | 'unlistedAt' | 'ranking' | 'excludeOfferId'>;

/** What the words' candidates are scored with, beside each one's own evidence. */
interface WordsContext {
  preparedItem: PreparedOffer;
  prepared: ReadonlyMap<number, PreparedOffer[]>;
  evidenceOf: ReadonlyMap<number, ClusterEvidence>;
  coverage: ReadonlyMap<number, Coverage>;
  listed: ReadonlySet<number> | null;
  namesHeld: ReadonlyMap<number, ReadonlySet<string>>;
  heldSomewhere: ReadonlySet<string>;
  brand: string | null;
  modelsAllHeldSomewhere: boolean;
  accessoryRival: boolean;
  accessory: (productId: number, made?: boolean) => boolean;
  ranking: WordsRanking;
}

/**
 * Words only: the matcher's score blended with the share of the words' weight the product's members hold together,
 * lowered for every attribute the words state and no member shares (colour, capacity or size, model number, variant
 * word, brand).
 */
export function* rankByWords(cache: OfferCache, item: ItemIdentity, preparedItem: PreparedOffer, ranked: RankedProduct[], members: MembersOf, options: WordsOptions): MatcherStep<RankedProduct[]> {
  const typed = options.typed === true;
  const membersOf = yield* members(ranked.map((entry) => entry.productId));
  const listed = yield* listedAt(options, ranked, membersOf);
  const refs = new Map<number, readonly OfferRef[]>();
  for (const entry of ranked) refs.set(entry.productId, membersOf.get(entry.productId) ?? []);
  const coverage = yield* wordCoverage(cache, item.title, yield* elsewhereThan(options.unlistedAt, refs), typed);
  const entryOf = yield* cache.entriesOf([...refs.values()].flat());
  const { prepared, comparableQuantities, brand } = preparedProducts(cache, item.title, refs, entryOf);
  const evidenceOf = new Map(
    ranked.map((entry) => [entry.productId, clusterEvidence(preparedItem, present(prepared.get(entry.productId)), { comparableQuantities, editionsNeedTheirLead: typed })]),
  );
  // When some product states every model number the words state, one that states another model number instead of
  // some of them ("Tab M23 TB328XU" for words naming the "Tab M23 TB119FU") is another model, not a loose fit.
  const modelsAllHeldSomewhere = [...evidenceOf.values()].some((evidence) => evidence.modelsAllHeld);
  const { namesHeld, heldSomewhere } = nameWordsHeld(cache, item.title, refs, entryOf);
  // Most of a product's listings name an accessory (`PreparedOffer.accessory`); `made`: still do once what they say
  // their item comes with is left out (`readsAsAccessory`), as an accessory made for something else does. A "Memory
  // Card with Adapter" is no adapter, though its listings name one as words that ask for an adapter would.
  // Read once per product: both are asked of every product ranked, the rival's check and its score.
  const accessoryReads = new Map<number, { names: boolean; made: boolean }>();
  const accessory = (productId: number, made = false) => {
    let read = accessoryReads.get(productId);
    if (read === undefined) {
      const offers = prepared.get(productId) ?? [];
      const naming = offers.filter((offer) => offer.accessory);
      read = { names: naming.length * 2 > offers.length, made: naming.filter((offer) => readsAsAccessory(offer.title)).length * 2 > offers.length };
      accessoryReads.set(productId, read);
    }
    return made ? read.made : read.names;
  };
  const bestCoverage = Math.max(0, ...ranked.map((entry) => coverage.get(entry.productId)?.share ?? 0));
  const accessoryRival = !preparedItem.accessory && ranked.some((entry) => !accessory(entry.productId, true) && (coverage.get(entry.productId)?.share ?? 0) >= bestCoverage * ACCESSORY_RIVAL);
  const ranking = options.ranking ?? defaultRanking()[typed ? 'typed' : 'slug'];
  const context: WordsContext = { preparedItem, prepared, evidenceOf, coverage, listed, namesHeld, heldSomewhere, brand, modelsAllHeldSomewhere, accessoryRival, accessory, ranking };
  const scored = ranked.map((entry) => scoreWords(entry, context));
  return scored.sort((a, b) => b.score - a.score || a.productId - b.productId);
}

/** The products among `ranked` the URL's retailer lists already (null when the words are of no retailer's URL). */
function* listedAt(options: WordsOptions, ranked: readonly RankedProduct[], membersOf: ReadonlyMap<number, OfferRef[]>): MatcherStep<ReadonlySet<number> | null> {
  if (options.unlistedAt && options.excludeOfferId === undefined) return yield* read('productsWithOfferAt', options.unlistedAt, ranked.map((entry) => entry.productId));
  if (!options.unlistedAt) return null;
  // The words are of an offer left out of the catalog (`train:ranking`'s cases): only its product's other members count.
  const at = yield* read('offersAtAmong', options.unlistedAt, [...membersOf.values()].flatMap((refs) => refs.map((ref) => ref.id)));
  return new Set([...membersOf].filter(([, refs]) => refs.some((ref) => at.has(ref.id))).map(([productId]) => productId));
}

/**
 * Each product's members prepared, the measured values some candidate states (only those tell candidates apart:
 * "7,450MB/s" is no capacity), and the brand the words begin with.
 */
function preparedProducts(cache: OfferCache, title: string, refs: ReadonlyMap<number, readonly OfferRef[]>, entryOf: Entries) {
  const prepared = new Map<number, PreparedOffer[]>();
  const comparableQuantities = new Map<QuantityKind, Set<number>>();
  // Words rarely say which part is the brand; when they begin with the brand of some candidate, that is the brand.
  const lead = indexWords(title).slice(0, 3).join(' ');
  let brand: string | null = null;
  for (const [productId, productRefs] of refs) {
    const offers = cache.preparedFrom(entryOf, productRefs);
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
  return { prepared, comparableQuantities, brand };
}

/**
 * The name words (letters only: numbers are told apart as lines, sizes and models) each product's members hold, and
 * those most members of some product hold: that is its name; a word only some hold is one retailer's wording.
 */
function nameWordsHeld(cache: OfferCache, title: string, refs: ReadonlyMap<number, readonly OfferRef[]>, entryOf: Entries) {
  const nameWords = indexWords(title)
    .slice(0, NAME_WORDS)
    .filter((word) => /^\p{L}+$/u.test(word) && !NOT_NAME_WORDS.has(word));
  const namesHeld = new Map<number, Set<string>>();
  const heldSomewhere = new Set<string>();
  for (const [productId, productRefs] of refs) {
    const counts = new Map<string, number>();
    for (const ref of productRefs) {
      const entry = entryOf(ref);
      if (entry) for (const word of cache.wordsOf(entry)) if (nameWords.includes(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    namesHeld.set(productId, new Set(counts.keys()));
    for (const [word, count] of counts) if (count * 2 > productRefs.length) heldSomewhere.add(word);
  }
  return { namesHeld, heldSomewhere };
}

/** One product's words score (`wordsScore`) from its matcher score, its coverage and its evidence. */
function scoreWords(entry: RankedProduct, context: WordsContext): RankedProduct {
  const offers = present(context.prepared.get(entry.productId));
  const evidence = present(context.evidenceOf.get(entry.productId));
  const held = context.namesHeld.get(entry.productId);
  const covered = context.coverage.get(entry.productId);
  const strongModelConflict = evidence.modelConflict || (evidence.modelMismatch && context.modelsAllHeldSomewhere);
  const madeAsAccessory = context.accessory(entry.productId, true);
  const brand = context.brand;
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
      listedAtRetailer: context.listed?.has(entry.productId) ? 1 : 0,
      nameConflicts: [...context.heldSomewhere].filter((word) => !held?.has(word)).length,
      brandConflict: brand && !offers.some((offer) => offer.brand === brand) ? 1 : 0,
      accessoryProduct: context.accessoryRival && madeAsAccessory ? 1 : 0,
      accessoryWords: context.preparedItem.accessory && offers.length > 0 && !context.accessory(entry.productId) ? 1 : 0,
      wordsMissing: covered?.all === true ? 0 : 1,
    },
  };
  return { productId: entry.productId, score: wordsScore(candidate, context.ranking), holdsAllWords: covered?.all === true, words: candidate };
}
