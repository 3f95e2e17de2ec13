import type { SearchBody, SearchResult } from '@pricehunt/contracts';
import { extractProductId, tryCanonicalizeUrl } from '@pricehunt/marketplace';
import { badRequest } from '@pricehunt/http-errors';
import type { ItemIdentity } from '@pricehunt/catalog-matching';
import { type CatalogRepository, type CategoryRow, matchThreshold, type PagePlacement, type ProductMatcher, type RedirectSigner, type SearchIndexRepository, type SpellingCorrector } from '@pricehunt/catalog-core';
import type { SearchRequestRepository } from './ports';
import { type Found, nothingFound } from './found';
import { createLooseCodeLookup } from './loose-code';
import { createHeldCodeLookup, type HeldCodeLookup } from './held-code';
import { compoundAnswer, joinedAlike, withCompound } from './compound-words';
import { type KindCategoryReads, withKindCategory } from './kind-category';
import { kindAnswer } from './line-kind';
import { listsOtherKind, mixesKinds, namesUnsoldKind, withOppositesLast, withoutUnknownWords, withoutUnsaidWords } from './unknown-words';
import { gluedGenerations, namedByTheWords } from './unnamed-products';
import { withoutUnsoldNames } from './unsold-name';
import { makersTyped, withoutMakersTyped } from './typed-maker';
import { readPriceWords } from './price-words';
import { readShoppingWords } from './shopping-words';
import { eitherFound, versusFound, versusSides, withoutDanglingVersus, withoutVersusFound } from './versus-words';
import { gtinFound, productsWithGtin, typedGtin } from './gtin-words';
import { asWanted, carryingTheWords, nearestThePrice } from './wanted-products';
import { createModelCodeLookup } from './model-code';
import { answerWords, type WordsDeps } from './answer-words';
import { typedWordsRewrites } from './typed-rewrites';
import { createAnsweredOnce } from './answered-once';
import { identifyLink, type PageReader } from './identify';
import { matchedAll, offersOf, shown } from './listed-products';
import { firstCards, lineVariants, linesTogether, typedLineWords, withLines } from './line-order';
import { likeTheListed, makersInTurn, nearestInLineFirst, relatedToWords, sharesSomething, theKindTyped, theModelTypedFirst } from './similar';
import { nearestModels } from './near-model';
import type { TypedAliases } from './typed-aliases';
import { namesAKind } from './slug-maker';
import { codedAnswer, emptySource, findsClearlyMore, findsLittle, foundIds, MATCH_LIMIT, RANGE_POOL, SIMILAR_LIMIT, SIMILAR_POOL } from './search-words';

export { CORRECTION_GAIN } from './search-words';
export type { PageReader } from './identify';

/**
 * The search pipeline (DESIGN §3). A pasted URL is answered by the first step that identifies it:
 * a known offer (canonical URL or the retailer's product id), the page's own metadata, or the words of its slug;
 * then full-text candidates are ranked by the matcher and the best product above the threshold is returned with
 * all its offers, cheapest total first. Search words name a product when they are its exact name or fit it clearly
 * better than any other; words that fit several products about equally ("apple watch") list them as `matches`.
 * Every answer is stored under the request id.
 */
export function createSearchService(deps: {
  catalog: Pick<
    CatalogRepository,
    | 'findOfferByCanonicalUrl'
    | 'findOfferByExternalId'
    | 'getOfferWithRetailer'
    | 'getProducts'
    | 'productIdByExactTitle'
    | 'offersOfProduct'
    | 'productsByModelCode'
    | 'productsWithModelKeyPrefix'
    | 'priceHistoryOfProduct'
    | 'offerRefsOfProducts'
    | 'offerItems'
    | 'lowestPricesIn'
    | 'offersWithGtin'
  >;
  /**
   * The full-text index: model numbers typed loosely are looked for in it (`loose-code.ts`), and listed products whose
   * listings hold the typed words as a phrase come first (`phrase.ts`); without it neither is done.
   */
  index?: Pick<SearchIndexRepository, 'productsCarrying' | 'offerCounts'>;
  matcher: Pick<ProductMatcher, 'rankAsync' | 'relatedAsync' | 'fitAsync'>;
  requests: SearchRequestRepository;
  pages: PageReader;
  /**
   * Places a read page that no offer holds in the catalog (its shop's offer, in the product the matcher finds or one
   * of its own), so that the same link is answered from the catalog next time; without it pages are read and compared
   * only.
   */
  placement?: Pick<PagePlacement, 'place'>;
  /** Signs the outbound links of offers read from pages (the redirect allow-list does not hold them). */
  signLink?: RedirectSigner;
  /**
   * Corrects misspelt search words, names the model codes that hold a typed series code (`held-code.ts`), and the
   * words of the index that typed words make joined or end (`compound-words.ts`); without it words are searched as typed.
   */
  spelling?: Pick<SpellingCorrector, 'correct' | 'codesHolding' | 'compoundsOf' | 'compoundsBegunBy' | 'offersCarrying'>;
  /** Writes names the catalog writes otherwise as it writes them (`typed-aliases.ts`); without it names are searched as typed. */
  aliases?: Pick<TypedAliases, 'rewrite' | 'rewriteUnread'>;
  /** The catalog's categories: a kind typed by the word its category's name says is read from them (`kind-category.ts`); without them, from titles only. */
  listCategories?: () => Promise<CategoryRow[]>;
  clock?: () => Date;
}) {
  const { catalog, matcher, requests } = deps;
  const clock = deps.clock ?? (() => new Date());
  const words: WordsDeps = {
    catalog,
    matcher,
    index: deps.index,
    looseCodes: deps.index ? createLooseCodeLookup({ index: deps.index, catalog, limit: MATCH_LIMIT }) : null,
    productsByModelCode: createModelCodeLookup(catalog).productsByModelCode,
  };
  const kinds = deps.index && deps.listCategories ? { listCategories: deps.listCategories, index: deps.index, catalog } : null;
  const heldCodes = deps.index && deps.spelling ? createHeldCodeLookup({ codesHolding: deps.spelling.codesHolding, index: deps.index, catalog, limit: MATCH_LIMIT }) : null;
  const search: Search = { ...deps, words, heldCodes, kinds };
  const run = async (body: SearchBody) => {
    const createdAt = clock();
    return answerOf(search, body, await lookFor(search, body), createdAt);
  };
  return createAnsweredOnce({ requests, clock, run });
}

export type SearchService = ReturnType<typeof createSearchService>;

type SearchDeps = Parameters<typeof createSearchService>[0];
/** What a search runs with: the service's dependencies, and how typed words are looked up. */
type Search = SearchDeps & { words: WordsDeps; heldCodes: HeldCodeLookup | null; kinds: KindCategoryReads | null };

/**
 * What a pasted link or typed words find. A link's best candidate above the threshold is the product when none is named
 * but by words of a kind; typed words name theirs themselves (`answerWords`: a best fit lacking some words must hold what they name),
 * and two things typed to be weighed ("galaxy s24 vs s23") or chosen ("ps5 or xbox") are each searched (`versus-words.ts`).
 */
async function lookFor(search: Search, body: SearchBody): Promise<Found> {
  if (body.url === undefined) {
    const priced = readPriceWords(body.query ?? '');
    const shopping = readShoppingWords(priced?.words ?? body.query ?? '');
    const words = shopping?.words ?? priced?.words ?? body.query ?? '';
    const sides = versusSides(words);
    const one = withoutDanglingVersus(words);
    const look = (side: string) => lookForWords(search, side);
    const found = (sides && (await versusFound(look, sides))) || (one ? await withoutVersusFound(look, one) : await eitherFound(look, words));
    return { ...found, priceRange: priced?.range ?? null, condition: shopping?.condition ?? null, cheapestFirst: shopping?.cheapestFirst ?? false };
  }
  const found = await lookForLink(search, body.url);
  const [best] = found.ranked;
  if (found.productId !== null || found.matchIds.length > 0 || !best || best.score < matchThreshold()) return found;
  // A link's words that name a kind of thing, not the product, are answered as typed (`slug-maker.ts`).
  const { identifiedBy, source, unreadPage, sought } = found;
  if (identifiedBy === 'url-slug' && sought && (await namesAKind(search.catalog, sought.title, best))) return { ...(await lookForWords(search, sought.title)), identifiedBy, source, unreadPage, sought };
  return { ...found, productId: best.productId, confidence: best.score };
}

/** A pasted link: the offer it is, or the candidates for what its page or its words describe. */
async function lookForLink(search: Search, url: string): Promise<Found> {
  const canonicalUrl = tryCanonicalizeUrl(url);
  if (!canonicalUrl) throw badRequest('url must be an absolute http(s) URL', 'url');
  const identified = await identifyLink(search, url, canonicalUrl);
  const found = { ...nothingFound(identified.source), identifiedBy: identified.identifiedBy, unreadPage: identified.unreadPage };
  const offer = identified.knownOffer;
  if (offer && identified.item) return { ...found, ...(await placedAmong(search, identified.item, offer.id, offer.productId)), sourceOfferId: offer.id };
  if (offer) return { ...found, productId: offer.productId, sourceOfferId: offer.id, confidence: 1 };
  if (!identified.item) return found;
  const wordsOnly = identified.identifiedBy === 'url-slug';
  // The URL's product id is one the catalog does not know (else it would be a known offer).
  const unlistedAt = wordsOnly ? (extractProductId(url)?.retailer ?? undefined) : undefined;
  const ranked = await shown(search.catalog, await search.matcher.rankAsync(identified.item, { useIndex: true, wordsOnly, unlistedAt }));
  return { ...found, sought: identified.item, ranked };
}

/**
 * A page placed in a product: the product, as surely as the matcher fits the page to its other offers (a page joined
 * on its words is no more certain of it than its score says), and the other products it fits, for "similar products".
 * The ranking's score of the product where it finds it, else the page's fit to the product's offers scored one by one
 * (the ranking reads a few candidates per product); 1 only where the product has no other offer: the page began it.
 */
async function placedAmong(search: Search, item: ItemIdentity, offerId: number, productId: number | null): Promise<Pick<Found, 'productId' | 'confidence' | 'ranked'>> {
  const ranked = await shown(search.catalog, await search.matcher.rankAsync(item, { useIndex: true, excludeOfferId: offerId }));
  const fit = ranked.find((entry) => entry.productId === productId)?.score ?? (productId !== null ? await search.matcher.fitAsync(item, productId, offerId) : null) ?? 1;
  return { productId, confidence: Math.min(1, fit), ranked: ranked.filter((entry) => entry.productId !== productId) };
}

/**
 * Typed words. When they find little, a name the catalog writes otherwise ("hewlett packard" for HP, "ps5" for
 * PlayStation 5: `typed-aliases.ts`) is searched as the catalog writes it, and answered when what it finds holds every
 * word (the catalog sells that line: "ps4" in a catalog of PlayStation 5 things stays unanswered), as is a generation
 * written the other way ("r6 mark 2" for the Mark II: `generations.ts`); else misspelt words
 * are searched as the catalog words they most likely meant, and answered when they find clearly more: a word the
 * catalog lacks may be meant as typed ("not a link"). Words that still find little may name a line by its series code,
 * which its offers carry only inside each size's model number ("qn90d" of QN65QN90D: `held-code.ts`), or be a
 * compound typed in parts, glued or by its last part ("air pods" for AirPods, "zf" for "Z f", "phone" of "Smartphone":
 * `compound-words.ts`, tried first). A price typed with the words is read off before (`price-words.ts`).
 */
async function lookForTypedWords(search: Search, query: string): Promise<Found> {
  let answer = await answerWords(search.words, query);
  let correctedQuery: string | null = null;
  let lent: Found['lent'] = null;
  const { spelling, index } = search;
  const offerCounts = index ? (words: readonly string[]) => index.offerCounts(words) : undefined;
  /** Words written otherwise whose answer as they stand was not kept: they may still hold a compound typed apart or glued. */
  const spelledOnly: string[] = [];
  const rewrites = typedWordsRewrites(search, () => answer);
  for (const { rewrite, better, lendsCandidates, same, always, spells } of rewrites) {
    if (!query || !(always || findsLittle(answer))) continue;
    const rewritten = await rewrite(query);
    const rewrittenAnswer = rewritten ? await answerWords(search.words, rewritten) : null;
    if (rewritten && rewrittenAnswer && better(rewrittenAnswer, query, rewritten)) {
      answer = rewrittenAnswer;
      correctedQuery = same ? null : rewritten;
    } else if (spells && rewritten) {
      spelledOnly.push(rewritten);
    } else if (lendsCandidates && rewritten && rewrittenAnswer) {
      // A name written otherwise whose products the catalog lacks ("ps4"): what it finds may stand as similar products.
      lent = { words: rewritten, ranked: rewrittenAnswer.ranked };
    }
  }
  // A kind typed by its category's word ("apple phone"), or with the line it is for ("ps5 controller": `line-kind.ts`).
  const byKind = query && findsLittle(answer) ? await kindAnswer(search.words, search.kinds, correctedQuery ?? query, lent?.words ?? correctedQuery ?? query, answer) : null;
  if (byKind) {
    // Products of the kind that carry the words as spelled are answered for those words (the correction stands).
    answer = byKind.answer;
    correctedQuery = byKind.correctedQuery ?? correctedQuery;
    lent = null;
  }
  // Words typed apart that the index carries joined are tried also when the words found something: then the joined
  // spelling must find clearly more, as a correction must. Misspelt words of a compound ("galaxy budz" for the "Galaxy
  // Buds3"), or a generation written otherwise beside one ("airpods pro 2nd generation usbc"), whose spelling alone found
  // too little, are tried as the compound of the words as spelled.
  const little = findsLittle(answer);
  const compoundOf = (words: string, joinedOnly: boolean) => (spelling ? compoundAnswer(search.words, { spelling, offerCounts }, words, joinedOnly) : null);
  let compound = query ? await compoundOf(correctedQuery ?? query, !little) : null;
  for (const spelled of little ? spelledOnly : []) compound ??= await compoundOf(spelled, false);
  if (compound && (little || findsClearlyMore(compound.answer, answer))) {
    answer = compound.answer;
    correctedQuery = compound.spelled;
    lent = null;
  }
  // A kind whose listings' titles say it otherwise or not at all, listed after the products that say it as typed: those
  // of its category ("phone": the Nothing Phone, then every smartphone, iPhones included), else those whose titles
  // write the compound of it they do ("smartphone").
  const listsKind = correctedQuery === null && !findsLittle(answer) && query;
  const kinds = listsKind && search.kinds ? await withKindCategory(search.kinds, query, answer) : null;
  const compounds = listsKind && spelling && !kinds ? await withCompound(search.words, spelling, query, answer) : null;
  answer = kinds ?? compounds ?? answer;
  if (search.heldCodes && query && findsLittle(answer)) {
    const held = await search.heldCodes.productsHolding(query);
    if (held.length > 0) {
      // Listed by name, sizes in order (`codedAnswer` keeps the order it is given when no score tells them apart).
      answer = { ...answer, ...codedAnswer(held, []), complete: true };
      correctedQuery = null;
      lent = null;
    }
  }
  const { ranked, productId, confidence, matchIds, sought } = answer;
  return {
    ...nothingFound({ ...emptySource(null, null), title: sought.title }),
    ranked,
    productId,
    confidence,
    matchIds,
    sought,
    correctedQuery,
    lent: correctedQuery === null ? lent : null,
    complete: answer.complete,
    ofKind: answer.ofKind === true,
  };
}

/**
 * What the words kept of those typed find, with the answer saying they were what was searched; null when they find
 * nothing, or find only as corrected (a guess upon a guess), not as joined as listings write them (`joinedAlike`).
 */
async function searchedAs(search: Search, words: string | null): Promise<Found | null> {
  if (words === null) return null;
  const found = await lookForTypedWords(search, words);
  const asTyped = found.correctedQuery === null || joinedAlike(found.correctedQuery, words);
  return asTyped && (found.productId !== null || found.matchIds.length > 0) ? { ...found, correctedQuery: found.correctedQuery ?? words } : null;
}

/**
 * A barcode's number the products of whose offers state it (`gtin-words.ts`), else typed words (`lookForTypedWords`); words that find nothing at all, or only products that lack one of them, are
 * searched again without the everyday words no listing says (`unknown-words.ts`: "laptop for students" as "laptop",
 * "baby monitor" as "monitor"), when the words kept find something as typed; the answer says what was searched, and
 * never that products lacking a word match it, nor those the words do not name (`unnamed-products.ts`).
 */
async function lookForWords(search: Search, query: string): Promise<Found> {
  const gtin = typedGtin(query);
  const byGtin = gtin ? await productsWithGtin(search.catalog, gtin) : [];
  if (byGtin.length > 0) return gtinFound(query, byGtin);
  const found = await lookForTypedWords(search, query);
  const { index } = search;
  if (!index || !query) return found;
  const words = found.correctedQuery ?? query;
  const foundSome = found.productId !== null || found.matchIds.length > 0;
  const listsNothing = { ...found, productId: null, confidence: 0, matchIds: [] };
  // A word listings write with a generation glued to it ("galaxy z flip" of "Z Flip6", "gopro hero" of "HERO12").
  const glued = found.complete ? [] : await gluedGenerations({ catalog: search.catalog, index }, words);
  if (glued.length > 0) return { ...listsNothing, matchIds: glued, complete: true };
  // Words naming a kind the catalog does not sell ("smart plug") name nothing; not words a product holds ("jfs 516 na").
  if (foundSome && found.complete !== true && (await namesUnsoldKind(words, (typed) => index.offerCounts(typed)))) return listsNothing;
  // Products found for the words' other words that are not the kind of thing sought ("iphone 15 case") are no answer.
  const otherKind = async () => foundSome && (await listsOtherKind(search.catalog, words, foundIds(found)));
  if (foundSome && found.complete !== false) return !found.ofKind && (await otherKind()) ? listsNothing : found;
  const reduced = await searchedAs(search, await withoutUnknownWords(words, (typed) => index.offerCounts(typed)));
  // Words kept whose kind no product found is named as ("ring light" as "light": monitors' "Low Blue Light") list nothing.
  if (reduced && (await listsOtherKind(search.catalog, reduced.correctedQuery ?? '', foundIds(reduced), true))) return listsNothing;
  const kept = reduced?.correctedQuery ?? words;
  if (reduced && !(await mixesKinds(search.catalog, kept, foundIds(reduced)))) return withOppositesLast(search.catalog, words, reduced);
  // Everyday words no listing of the kind sought says ("mobile phone", "gaming phone"): the kind is searched without them.
  const makers = () => makersTyped({ catalog: search.catalog, index }, kept);
  const unsaid = (await searchedAs(search, await withoutUnsaidWords(search.catalog, kept, async (kind) => foundIds(await lookForTypedWords(search, kind)), makers))) ?? reduced;
  if (unsaid) return withOppositesLast(search.catalog, words, unsaid);
  if (await otherKind()) return withOthersLent(search, words, listsNothing);
  // A name the catalog does not sell ("dyson airwrap"), a maker none of whose products holds the other words ("apple tv
  // 4k"): what the other words found is similar, not what was asked for.
  const named = await namedByTheWords({ catalog: search.catalog, index, spelling: search.spelling }, words, found);
  return withOthersLent(search, words, named ? { ...found, ...named, confidence: named.productId === null ? 0 : found.confidence } : found);
}

/**
 * Words that name nothing for a name the catalog does not sell ("huawei phone"), or a maker with a kind it does not make
 * ("lg soundbar"): what the other words find (every smartphone, soundbar), makers in turn, stands as similar products,
 * not only what the matcher ranks for all of them (the "Nothing Phone").
 */
async function withOthersLent(search: Search, words: string, found: Found): Promise<Found> {
  const { index, spelling } = search;
  if (found.productId !== null || found.matchIds.length > 0 || found.lent !== null || !index || !spelling) return found;
  const unsold = await withoutUnsoldNames({ offerCounts: (typed) => index.offerCounts(typed), correct: (text) => spelling.correct(text) }, words);
  // A maker none of whose products is the kind typed ("lg soundbar"): the kind's products, if all of it is read.
  const others = unsold ?? (await withoutMakersTyped({ catalog: search.catalog, index }, words));
  const other = others === null ? null : await lookForTypedWords(search, others);
  if (others === null || other === null || (unsold === null && !other.complete)) return found;
  const ids = await makersInTurn(search.catalog, [...(other.productId !== null ? [other.productId] : []), ...other.matchIds]);
  const score = (id: number) => other.ranked.find((entry) => entry.productId === id)?.score ?? 0;
  return ids.length === 0 ? found : { ...found, lent: { words: others, ranked: ids.map((productId) => ({ productId, score: score(productId) })), listed: true } };
}

/** The answer of what a search found: the product with its offers, the products listed, and similar ones. */
async function answerOf(search: Search, body: SearchBody, found: Found, createdAt: Date): Promise<SearchResult> {
  const { catalog } = search;
  const { productId, ranked, matchIds, sought, source } = found;
  const product = productId !== null ? ((await matchedAll(catalog, [productId], new Map([[productId, found.confidence]])))[0] ?? null) : null;
  const offers = product ? await offersOf(search, product, found.sourceOfferId, source, createdAt.getTime()) : [];
  const variants = product && search.index ? await lineVariants({ index: search.index, catalog }, product) : [];
  const lent = found.lent?.ranked ?? [];
  const lentIds = new Set(lent.map((entry) => entry.productId));
  const scores = new Map([...lent, ...ranked].map((entry) => [entry.productId, entry.score]));
  // A price or condition typed with the words leaves out what is priced or offered otherwise, and the cheapest come
  // first of more than the list holds: more candidates are read for the lists to fill.
  const pool = found.priceRange || found.condition || found.cheapestFirst ? RANGE_POOL : 1;
  // A condition typed with words that list products: few are offered in it, and they may lie past the best fits.
  const carrying = found.condition && !product && matchIds.length > 0 && sought ? await carryingTheWords(search.index, sought.title) : [];
  const candidates = [...new Set([...matchIds.slice(0, MATCH_LIMIT * pool), ...carrying])];
  // Typed words list a line's variants together, smallest first, and so do the products shown beside them.
  const typed = typedLineWords(body, found);
  const fitting = await matchedAll(catalog, candidates, scores);
  const matches = withLines(linesTogether((await asWanted(search.catalog, found, fitting)).slice(0, MATCH_LIMIT), typed), body.url === undefined);
  // Products past the list's length are not dropped: they lead "More products".
  const listed = new Set([product?.id, ...matches.map((entry) => entry.id)]);
  // Nothing matched: products that share the most words (other models of the line, say) come first, with the
  // matcher's weaker candidates, so that the answer is not a dead end.
  const nothing = !product && matchIds.length === 0;
  // A model number typed that no product states: the nearest models first, whatever words they share, then products
  // like them, of their kind first (other TVs of the maker typed, before its games consoles).
  const typedNothing = nothing && sought !== null && body.url === undefined;
  const nearModels = typedNothing ? await nearestModels({ catalog, index: search.index }, sought.title, SIMILAR_LIMIT) : [];
  // Else a series code's nearest series ("samsung s95d": the S90D).
  const near = new Set(typedNothing && nearModels.length === 0 ? ((await search.heldCodes?.nearestSeries(sought.title)) ?? []) : nearModels);
  const likeNear = near.size > 0 ? await likeTheListed(search, [...near], ranked) : [];
  const similarIds =
    nothing && sought
      ? [...new Set([...near, ...likeNear, ...lentIds, ...(await relatedToWords(search, body.url === undefined, sought)), ...[...ranked, ...lent].map((entry) => entry.productId)])]
      : !product && matchIds.length > 0
        ? await likeTheListed(search, matchIds, ranked)
        : ranked.map((entry) => entry.productId);
  const onlyLent = new Set([...lentIds].filter((id) => !ranked.some((entry) => entry.productId === id)));
  // A pasted page's weaker candidates must have something of the item; typed words' must have something of the
  // product they name, when they name one: a colour typed with a model number ("wh1000xm5 silver") ranks every silver
  // thing, and a silver watch is no headphones' like. Words that name none must share a word of theirs beyond a lone
  // figure, or of the name the catalog writes them with: "galaxy watch 7" lists no JBL Flip 7 as similar.
  const likeOf = body.url !== undefined ? (sought ?? source) : product;
  const lentWords = { title: found.lent?.words ?? null };
  const lentLike = (entry: { id: number; title: string; brand: string | null }) => found.lent !== null && (found.lent.listed === true ? lentIds.has(entry.id) : sharesSomething(lentWords, entry));
  const likeWords = (entry: { id: number; title: string; brand: string | null }) =>
    product !== null || body.url !== undefined || near.has(entry.id) || sharesSomething(sought, entry) || lentLike(entry);
  const similar = (await matchedAll(catalog, similarIds.filter((id) => !listed.has(id)).slice(0, SIMILAR_LIMIT * pool * SIMILAR_POOL), scores)).filter(
    (entry) => sharesSomething(likeOf, entry, body.url !== undefined) && likeWords(entry) && (!onlyLent.has(entry.id) || lentLike(entry)),
  );
  // Words nothing is found for: a model's line nearest it first ("pixel 11"), a kind's things first ("samsung soundbar").
  const typedWords = found.correctedQuery ?? body.query ?? '';
  const model = body.url === undefined ? theModelTypedFirst(typedWords, nothing ? theKindTyped(typedWords, nearestInLineFirst(typedWords, similar)) : similar) : similar;
  // A price typed that nothing the words fit is priced within: those nearest it are shown (`nearestThePrice`), not others.
  const nearPrice = !product && matches.length === 0 ? nearestThePrice(found.priceRange, fitting) : [];
  const similarPriced = nearPrice.length > 0 ? nearPrice : await asWanted(search.catalog, { ...found, cheapestFirst: false }, model);
  const similarProducts = withLines(body.url === undefined ? firstCards(linesTogether(similarPriced, typed), SIMILAR_LIMIT) : similarPriced.slice(0, SIMILAR_LIMIT), body.url === undefined);
  return {
    success: true,
    requestId: body.requestId,
    createdAt: createdAt.toISOString(),
    input: { url: body.url ?? null, query: body.url !== undefined ? null : (body.query ?? null) },
    correctedQuery: found.correctedQuery,
    identifiedBy: found.identifiedBy,
    source,
    product,
    offers,
    matches,
    similarProducts,
    unreadPage: found.unreadPage,
    variants,
    priceRange: found.priceRange,
    condition: found.condition,
    cheapestFirst: found.cheapestFirst,
  };
}
