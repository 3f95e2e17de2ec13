import { type ItemIdentity, prepareOffer } from '@pricehunt/catalog-matching';
import { type CatalogRepository, indexWords, isCommonWord, matchThreshold, type ProductMatcher, type RankedProduct, type SearchIndexRepository } from '@pricehunt/catalog-core';
import { holdsWhatWordsName, namesAnotherModel, typesEdition, typesNumber, typesOrdinal, type WordsHeld, wordsHeldBy } from './held-words';
import type { LooseCodeLookup } from './loose-code';
import { shown } from './listed-products';
import { phraseFirst } from './phrase';
import { kindOnlyAsPurpose } from './kind-word';
import { codedAnswer, findsNothing, fitsSeveral, MATCH_LIMIT, MATCH_POOL, MODEL_CODE_CONFIDENCE, type WordsAnswer } from './search-words';

/** What typed words are looked up in: the catalog, the matcher, model numbers (as typed and typed loosely), the index. */
export interface WordsDeps {
  catalog: Pick<CatalogRepository, 'getProducts' | 'productIdByExactTitle' | 'offerRefsOfProducts' | 'offerItems'>;
  matcher: Pick<ProductMatcher, 'rankAsync'>;
  productsByModelCode: (words: string) => Promise<number[]>;
  looseCodes: LooseCodeLookup | null;
  index?: Pick<SearchIndexRepository, 'productsCarrying' | 'offerCounts'>;
}

type Picked = Pick<WordsAnswer, 'productId' | 'confidence' | 'matchIds'>;

/**
 * What typed words find: the product they name (its exact name, a clear best fit or a model number its offers
 * state), or the products they fit about equally (`matchIds`), with the ranking they were chosen from.
 */
export async function answerWords(deps: WordsDeps, words: string): Promise<WordsAnswer> {
  return withoutOtherKinds(deps, words, await answerWithPlus(deps, words));
}

/**
 * What words found, without the products whose listings hold the kind the words seek only as what they are for or
 * come with (`kind-word.ts`: "sony phone" names no headphones "with Mic for Phone Calls"): the words find little then,
 * and other spellings of them are tried.
 */
async function withoutOtherKinds(deps: WordsDeps, words: string, answer: WordsAnswer): Promise<WordsAnswer> {
  const named = answer.productId !== null ? [answer.productId] : [];
  const other = await kindOnlyAsPurpose(deps.catalog, words, [...named, ...answer.matchIds]);
  if (other.size === 0) return answer;
  const productId = answer.productId !== null && other.has(answer.productId) ? null : answer.productId;
  return { ...answer, productId, confidence: productId === null ? 0 : answer.confidence, matchIds: answer.matchIds.filter((id) => !other.has(id)) };
}

/** What typed words find, a plus sign typed as the word "plus" read as listings write it (`answerWords`). */
async function answerWithPlus(deps: WordsDeps, words: string): Promise<WordsAnswer> {
  const answer = await answerAsTyped(deps, words);
  const typed = indexWords(words);
  if (!findsNothing(answer) || !typed.includes('plus')) return answer;
  // "galaxy s24 plus" for the Galaxy S24+: the index holds no word for a plus sign. The words without "plus" find the
  // line; those of its products whose listings write the sign are meant.
  const line = await answerAsTyped(deps, typed.filter((word) => word !== 'plus').join(' '));
  const ids = line.productId !== null ? [line.productId] : line.matchIds;
  const heldBy = await wordsHeldBy(deps.catalog, words, ids);
  const [only, ...others] = ids.filter((id) => heldBy.get(id)?.editions === true);
  if (only === undefined) return answer;
  const score = line.ranked.find((entry) => entry.productId === only)?.score ?? 0;
  const picked = others.length === 0 ? { productId: only, confidence: Math.max(line.confidence, score), matchIds: [] } : { productId: null, confidence: 0, matchIds: [only, ...others] };
  return { ...answer, ...picked, ranked: line.ranked, complete: true };
}

/** What typed words find, as typed (`answerWords`). */
async function answerAsTyped(deps: WordsDeps, words: string): Promise<WordsAnswer> {
  const { catalog, matcher } = deps;
  const sought: ItemIdentity = { title: words };
  let ranked = await shown(catalog, await matcher.rankAsync(sought, { useIndex: true, wordsOnly: true, typed: true }));
  let picked: Picked = { productId: null, confidence: 0, matchIds: [] };
  // A product named by its exact name, or by a model number its offers state with the other words in its name,
  // holds every word.
  let everyWordHeld = false;
  // Words that are exactly one product's name (a product card's "Compare prices", a favorite) mean that product.
  const named = await catalog.productIdByExactTitle(sought.title);
  if (named !== null) {
    picked = { productId: named, confidence: 1, matchIds: [] };
    everyWordHeld = true;
  } else if (fitsSeveral(ranked)) {
    // Words that fit several products name none of them: they are listed, from a wider pool of candidates.
    ranked = await shown(catalog, await matcher.rankAsync(sought, { useIndex: true, wordsOnly: true, typed: true, indexLimit: MATCH_POOL }));
    picked = severalFitting(ranked);
    // Products that fit without holding a short word no offer carries ("nt usb", "xq usb") are listed for the words
    // they hold: the word names what the catalog lacks, as it does for a best fit (below).
    if (picked.matchIds.length > 0 && !ranked.some((entry) => entry.holdsAllWords) && (await typesUnknownShortWord(deps, words))) picked = { ...picked, matchIds: [] };
    // One alone holds every word as the index reads them; with a number typed, others' listings may hold it with its unit.
    if (picked.productId !== null) picked = await withOthersHolding(deps, words, ranked, picked);
    if (picked.matchIds.length > 1 && !ranked.some((entry) => entry.holdsAllWords) && (typesNumber(words) || typesOrdinal(words))) picked = await holdersFirst(catalog, words, picked, ranked);
    else if (picked.matchIds.length > 1) picked = await withoutDecimalsSplit(catalog, words, picked);
  }
  const best = ranked[0];
  // A model number typed on its own (or with words of the product's name) names the products whose offers state
  // it, however little else of their titles it shares ("SMS129B", "kx-tg6512b").
  if (picked.productId === null && picked.matchIds.length === 0 && !((best?.score ?? 0) >= matchThreshold())) {
    const coded = await deps.productsByModelCode(words);
    everyWordHeld = coded.length > 0;
    picked = codedAnswer(coded, ranked);
  }
  // The best fit is the answer when its score is clear and its listings hold what the words name
  // (`holdsWhatWordsName`): a number alone, or a product without the number typed, is none. Asked even when the index
  // found every word: it splits "3.5mm" into a 3 and a 5mm, so "AirPods 4 … 3.5mm Cable" would hold "airpods 3".
  // A short word no offer carries is no typo the spelling corrects but a name the catalog writes otherwise ("nikon zf"
  // for the Nikon Z f, which `compound-words.ts` then reads as "z f"): a best fit without it is another product.
  if (picked.productId === null && picked.matchIds.length === 0 && best && best.score >= matchThreshold() && !(await typesUnknownShortWord(deps, words))) {
    const others = ranked.slice(0, MATCH_LIMIT).map((entry) => entry.productId);
    if (best.holdsAllWords === undefined || (await holdsWhatWordsName(catalog, words, best.productId, others))) picked = { productId: best.productId, confidence: best.score, matchIds: picked.matchIds };
    picked = await withOthersHolding(deps, words, ranked, picked);
  }
  // A model number typed loosely ("kxtg 6645 b", "sx 130") names the products whose offers state it, unless what
  // the words found so far holds every one of them.
  const current = picked.productId ?? picked.matchIds[0] ?? null;
  if (deps.looseCodes && !everyWordHeld && !ranked.some((entry) => entry.productId === current && entry.holdsAllWords === true)) {
    const coded = await deps.looseCodes.productsStating(words);
    // The product found, or the first listed, states the code: the words are all held, split as the listing does not
    // ("adtva 133" of "ADTVA133"), and are no misspelling to correct.
    if (coded.length > 0) everyWordHeld = true;
    // Several products state it (one model in its colours) and hold the other words alike: the words name none of
    // them, however far ahead the words' ranking put one ("wh1000 xm5" lists the WH-1000XM5 in each colour, as
    // "WH1000XM5" does; "wh1000 xm5 silver" names the silver one).
    const severalStating = coded.length > 1 && picked.productId !== null;
    if (coded.length > 0 && (current === null || !coded.includes(current) || severalStating)) picked = codedAnswer(coded, ranked);
  }
  // A product whose listings lack an edition typed is another edition: "iphone 15 pro" names no iPhone 15 Plus.
  if (typesEdition(words) && (picked.productId !== null || picked.matchIds.length > 0)) picked = await ofEditionsTyped(catalog, words, picked);
  let { matchIds } = picked;
  // Listed products: those with a listing that holds the words as typed come first.
  if (deps.index && matchIds.length > 1) matchIds = await phraseFirst({ index: deps.index, catalog }, words, matchIds, new Map(ranked.map((entry) => [entry.productId, entry.score])));
  const found = new Set(picked.productId !== null ? [picked.productId] : matchIds);
  everyWordHeld ||= ranked.some((entry) => found.has(entry.productId) && entry.holdsAllWords === true);
  return { sought, ranked, productId: picked.productId, confidence: picked.confidence, matchIds, complete: everyWordHeld };
}

/**
 * Listed products without those whose listings hold a whole number typed only as a part of a decimal one, which the
 * index splits ("ipad 9": the iPad (10th Generation)'s '10.9"' holds no 9); as listed when no such number is typed.
 */
async function withoutDecimalsSplit(catalog: WordsDeps['catalog'], words: string, picked: Picked): Promise<Picked> {
  if (!indexWords(words).some((word) => /^\d+$/.test(word))) return picked;
  const heldBy = await wordsHeldBy(catalog, words, picked.matchIds);
  return { ...picked, matchIds: picked.matchIds.filter((id) => heldBy.get(id)?.numbers !== false) };
}

/**
 * Listed products none of which holds every typed word, with a number among them: those whose listings hold the number
 * and the most of the words of letters (`wordsHeldBy`, a number glued to a line's letters too) are listed, one alone
 * the answer when it holds every word ("gopro 12" names the HERO12, not the HERO13 or HERO11 the words fit about as
 * well). A product that lacks the number, or every word of letters, is no match: "iphone 13" lists no OnePlus 13 nor a
 * 13-inch iPad, and "apple iphone 13 mini" no iPad for its "apple". Nor is any when a product without the number holds
 * more of the words of letters than those with it: "jbl charge 4" lists no Xtreme 4 for the Charge 5 the catalog sells.
 */
async function holdersFirst(catalog: WordsDeps['catalog'], words: string, picked: Picked, ranked: readonly RankedProduct[]): Promise<Picked> {
  const read = picked.matchIds.slice(0, MATCH_LIMIT);
  const heldBy = await wordsHeldBy(catalog, words, read);
  const held = read.map((id) => heldBy.get(id) as WordsHeld);
  const most = Math.max(0, ...held.map((entry) => (entry.numbers ? entry.letters : 0)));
  // A product without the number that holds more of the words of letters than any with it is of the line the words
  // name, in another model: "jbl charge 4" names the Charge line, whose Charge 5 is sold, not the Xtreme 4. The best
  // fits the words found besides are read for it only where a word of letters is lacking.
  const others = most < (held[0]?.lettersTyped ?? 0) ? ranked.slice(0, MATCH_LIMIT).map((entry) => entry.productId).filter((id) => !read.includes(id)) : [];
  const besides = others.length > 0 ? (await wordsHeldBy(catalog, words, others)).values() : [];
  if (namesAnotherModel([...heldBy.values(), ...besides], most)) return { ...picked, matchIds: [] };
  const listed = read.filter((_, at) => held[at]?.numbers === true && held[at]?.letters === most && (most > 0 || held[at]?.lettersTyped === 0));
  const [only] = listed;
  const whole = held.some((entry) => entry.numbers && entry.letters === entry.lettersTyped);
  // The number typed tells this model from its line's others, as a model number would.
  if (listed.length === 1 && only !== undefined && whole) return { productId: only, confidence: Math.max(MODEL_CODE_CONFIDENCE, ranked.find((entry) => entry.productId === only)?.score ?? 0), matchIds: [] };
  return { ...picked, matchIds: listed };
}

/**
 * Products that hold every typed word fit this share of the best fit's score or more are as much what the words name:
 * the best fit is one size or colour of a model whose other sizes' and colours' listings say more ("Apple Watch Series 9
 * GPS 45mm (Silver)" at 0.82, "… 41mm Aluminum Case with Sport Band (Pink)" at 0.54 for "apple watch series 9").
 */
const HOLDING_SHARE = 0.6;
/** Offers read for the products whose listings write a number typed with its unit (`sizedHolders`). */
const SIZED_OFFERS = 200;

/**
 * A best fit picked by its score, when other products hold every typed word as it does and fit about as well
 * (`HOLDING_SHARE`): the words name none of them, and all that hold them are listed, the best fit first. A number
 * typed bare that listings write with a unit shoppers leave out ("apple watch 45" of "45mm", `WordsHeld.unitLeftOut`) is a
 * size: it names no one colour, so every product whose listings hold the words so is listed, however the matcher
 * ranked its wording. An accessory made for the product ("Underwater Housing Case for Canon PowerShot SD1100") holds
 * its words too, but is another thing.
 */
async function withOthersHolding(deps: WordsDeps, words: string, ranked: readonly RankedProduct[], picked: Picked): Promise<Picked> {
  const { catalog } = deps;
  const best = ranked.find((entry) => entry.productId === picked.productId);
  if (!best) return picked;
  const read = ranked.slice(0, MATCH_LIMIT).filter((entry) => entry !== best);
  // Only a bare number ("45") may be held otherwise than the index reads it, so only then are listings read.
  const bare = indexWords(words).some((word) => /^\d+$/.test(word));
  const sized = bare ? await sizedHolders(deps, words) : [];
  const unsure = bare ? [...new Set([best, ...read].filter((entry) => entry.holdsAllWords !== true).map((entry) => entry.productId).concat(sized))] : [];
  const heldBy = unsure.length > 0 ? await wordsHeldBy(catalog, words, unsure) : new Map<number, WordsHeld>();
  const holdsAll = (id: number, index?: boolean) => index === true || holdsEveryWord(heldBy.get(id));
  if (!holdsAll(best.productId, best.holdsAllWords)) return picked;
  const holding = read.filter((entry) => holdsAll(entry.productId, entry.holdsAllWords));
  const sizedHolding = sized.filter((id) => id !== best.productId && holdsAll(id));
  const ofSize = [best.productId, ...holding.map((entry) => entry.productId), ...sizedHolding].some((id) => heldBy.get(id)?.unitLeftOut === true);
  if (!ofSize && !holding.some((entry) => entry.score >= best.score * HOLDING_SHARE)) return picked;
  const listed = [...new Set([best.productId, ...holding.map((entry) => entry.productId), ...(ofSize ? sizedHolding : [])])];
  const products = await catalog.getProducts(listed);
  const madeFor = (id: number) => {
    const title = products.get(id)?.title;
    return title === undefined || prepareOffer({ title }).accessoryFor;
  };
  const others = madeFor(best.productId) ? [] : listed.slice(1).filter((id) => !madeFor(id));
  return others.length === 0 ? picked : { productId: null, confidence: 0, matchIds: [best.productId, ...others] };
}

/**
 * Products whose offers carry the typed words and a word beginning with a number typed ("apple watch 45": "45mm"),
 * most offers first, read from the index on either engine whatever its ranking put first.
 */
async function sizedHolders(deps: WordsDeps, words: string): Promise<number[]> {
  const typed = indexWords(words);
  const numbers = typed.filter((word) => /^\d+$/.test(word));
  if (!deps.index || numbers.length !== 1) return [];
  const found = await deps.index.productsCarrying(typed.filter((word) => !numbers.includes(word)), numbers[0] as string, SIZED_OFFERS);
  return [...found].sort((a, b) => b.offerCount - a.offerCount).map((entry) => entry.productId).slice(0, MATCH_LIMIT);
}

/** Whether a product's listings hold every typed word (`wordsHeldBy`): every number and edition, and each word of letters. */
const holdsEveryWord = (held: WordsHeld | undefined): boolean => held !== undefined && held.numbers && held.editions && held.letters === held.lettersTyped;

/** Words of letters this short are never corrected (`SpellingCorrector`): too few letters to tell a typo. */
const SHORT_WORD = 3;

/**
 * Whether words of letters alone hold a short one, not a common English word, that no offer carries. Words with a
 * number may be a model number typed in pieces ("vasdh 8 gcl 4 r 1 n"), whose short pieces no offer carries alone.
 */
async function typesUnknownShortWord(deps: WordsDeps, words: string): Promise<boolean> {
  const typed = indexWords(words);
  if (typed.some((word) => /\p{N}/u.test(word))) return false;
  const short = typed.filter((word) => word.length >= 2 && word.length <= SHORT_WORD && !isCommonWord(word));
  if (!deps.index || short.length === 0) return false;
  const counts = await deps.index.offerCounts(short);
  return short.some((word) => (counts.get(word) ?? 0) === 0);
}

/** The product named, and those listed, whose listings hold every edition word typed (`WordsHeld.editions`). */
async function ofEditionsTyped(catalog: WordsDeps['catalog'], words: string, picked: Picked): Promise<Picked> {
  const ids = picked.productId !== null ? [picked.productId] : picked.matchIds;
  const heldBy = await wordsHeldBy(catalog, words, ids);
  const kept = ids.filter((id) => heldBy.get(id)?.editions === true);
  if (picked.productId !== null) return kept.length > 0 ? picked : { productId: null, confidence: 0, matchIds: [] };
  return { ...picked, matchIds: kept };
}

/**
 * Among products ranked from the wider pool, those the words fit: listed (`matchIds`) when several fit, the answer when
 * one alone holds every word.
 */
function severalFitting(ranked: readonly RankedProduct[]): Picked {
  const fitting = ranked.filter((entry) => entry.score >= matchThreshold());
  // When products that fit hold every word, one that lacks a word is no match however close its score: "xbox
  // controller" lists the controllers, not the consoles.
  const complete = fitting.some((entry) => entry.holdsAllWords);
  const listable = complete ? ranked.filter((entry) => entry.holdsAllWords) : fitting;
  // Ranked among more candidates, the words may fit one product after all: then it is the answer. Otherwise
  // the list also holds, lower down, the products that have every word without the matcher's confidence (an
  // "Apple Watch Ultra 2" is an "apple watch", though another line than the Series the words fit best).
  const [only] = listable;
  if (listable.length > 1) return { productId: null, confidence: 0, matchIds: ranked.filter((entry) => entry.holdsAllWords || (!complete && entry.score >= matchThreshold())).map((entry) => entry.productId) };
  if (complete && only) return { productId: only.productId, confidence: only.score, matchIds: [] };
  return { productId: null, confidence: 0, matchIds: [] };
}
