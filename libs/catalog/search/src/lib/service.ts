import { groupOf, savingCents } from '@pricehunt/catalog-pricing';
import { catalogCondition, type IdentifiedBy, type MatchedProduct, type PageFailure, type SearchBody, type SearchOffer, type SearchResult, type SearchSource } from '@pricehunt/contracts';
import { extractProductId, retailerForUrl, tryCanonicalizeUrl } from '@pricehunt/marketplace';
import { displayCase } from '@pricehunt/catalog-feeds';
import { pageFailureOf } from './page-failure';
import { badRequest, conflict } from '@pricehunt/http-errors';
import type { ItemIdentity } from '@pricehunt/catalog-matching';
import { DAY_MS, offerImagePath, PRICE_HISTORY_LIMIT } from '@pricehunt/contracts';
import { type CatalogRepository, type PagePlacement, type ReadPage, type RedirectSigner, listedOfferViews, lowestPriceOffers, matchThreshold, type OfferRow, type ProductMatcher, type ProductRow, productSummary, type RankedProduct, type SearchIndexRepository, type SpellingCorrector, totalCents, TYPICAL_PRICE_DAYS } from '@pricehunt/catalog-core';
import type { SearchRequestRepository } from './ports';
import { createLooseCodeLookup } from './loose-code';
import { createModelCodeLookup } from './model-code';
import { phraseFirst } from './phrase';
import { codedAnswer, emptySource, findsClearlyMore, findsLittle, fitsSeveral, MATCH_LIMIT, MATCH_POOL, SIMILAR_LIMIT, type WordsAnswer } from './search-words';

export { CORRECTION_GAIN } from './search-words';

/** Reads what a pasted URL points at, without the catalog. */
export interface PageReader {
  /**
   * Fetches the page (SSRF-safe) and reads its product metadata: null when the page says nothing useful; rejects when it
   * cannot be fetched or is no page (`pageFailureOf` tells why).
   */
  read(url: string): Promise<ReadPage | null>;
  /** The product words in the URL's path (`/sony-wh-1000xm4-headphones/…`), or null when there are none. */
  slugWords(url: string): string | null;
}

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
    | 'priceHistoryOfProduct'
    | 'offerRefsOfProducts'
    | 'offerItems'
  >;
  /**
   * The full-text index: model numbers typed loosely are looked for in it (`loose-code.ts`), and listed products whose
   * listings hold the typed words as a phrase come first (`phrase.ts`); without it neither is done.
   */
  index?: Pick<SearchIndexRepository, 'productsCarrying' | 'offerCounts'>;
  matcher: Pick<ProductMatcher, 'rankAsync' | 'relatedAsync'>;
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
  /** Corrects misspelt search words; without it words are searched as typed. */
  spelling?: Pick<SpellingCorrector, 'correct'>;
  clock?: () => Date;
}) {
  const { catalog, matcher, requests, pages, spelling, placement, signLink } = deps;
  const clock = deps.clock ?? (() => new Date());
  const looseCodes = deps.index ? createLooseCodeLookup({ index: deps.index, catalog, limit: MATCH_LIMIT }) : null;
  const { productsByModelCode } = createModelCodeLookup(catalog);

  async function findKnownOffer(url: string, canonicalUrl: string): Promise<OfferRow | null> {
    const byUrl = await catalog.findOfferByCanonicalUrl(canonicalUrl);
    if (byUrl) return byUrl;
    const ref = extractProductId(url);
    return ref ? catalog.findOfferByExternalId(ref.retailer, ref.id) : null;
  }

  /** A product as an answer lists it; null when it is gone or shoppers may see none of its offers (all held). */
  const matched = (product: ProductRow | undefined, confidence: number): MatchedProduct | null =>
    product && product.offerCount > 0 ? { ...productSummary(product), confidence: Math.round(confidence * 1000) / 1000 } : null;

  /** The products with these ids, as answers list them (see `matched`), in order; those shoppers may not see left out. */
  async function matchedAll(ids: readonly number[], scores: ReadonlyMap<number, number>): Promise<MatchedProduct[]> {
    const products = await catalog.getProducts(ids);
    return ids.map((id) => matched(products.get(id), scores.get(id) ?? 0)).filter((entry): entry is MatchedProduct => entry !== null);
  }

  /** Ranked products shoppers may see: one whose offers are all held (an unverified store's, say) is no answer. */
  async function shown(ranked: RankedProduct[]): Promise<RankedProduct[]> {
    const products = await catalog.getProducts(ranked.map((entry) => entry.productId));
    return ranked.filter((entry) => (products.get(entry.productId)?.offerCount ?? 0) > 0);
  }

  /**
   * The product's offers as an answer shows them, listed and marked by `catalog-pricing`; a saving is told only against
   * an offer like the pasted one (`savingCents`: same section, both can be bought, shipping known alike; a pasted page
   * that is no known offer counts as new and alone), so that a refurbished monitor or a bundle never reads as
   * "Save $710" on a new one, nor a sold-out offer as a saving at all.
   */
  async function offersOf(product: MatchedProduct, sourceOfferId: number | null, source: SearchSource, timestamp: number): Promise<SearchOffer[]> {
    const rows = await catalog.offersOfProduct(product.id);
    const history = await catalog.priceHistoryOfProduct(product.id, { since: new Date(timestamp - TYPICAL_PRICE_DAYS * DAY_MS).toISOString(), limit: PRICE_HISTORY_LIMIT });
    const lowest = lowestPriceOffers(rows, history, { now: timestamp, currency: product.currency });
    const views = listedOfferViews(rows, timestamp, lowest, signLink);
    const pasted = views.find((view) => view.id === sourceOfferId);
    // A page read for the search is compared as the price it shows, with the delivery it states, in its condition
    // (a refurbished page among the second-hand offers).
    const reference = pasted
      ? { ...pasted, group: groupOf(pasted) }
      : source.priceCents !== null && source.currency !== null
        ? { priceCents: source.priceCents, shippingCents: source.shippingCents ?? 0, currency: source.currency, availability: 'in_stock' as const, group: groupOf({ isBundle: false, condition: source.condition ?? 'new' }) }
        : null;
    return views.map((view) => ({
      ...view,
      savingsCents: reference === null ? null : savingCents(reference, { ...view, group: groupOf(view) }),
      isSource: view.id === sourceOfferId,
    }));
  }

  async function identify(
    url: string,
    canonicalUrl: string,
  ): Promise<{ identifiedBy: IdentifiedBy; source: SearchSource; item: ItemIdentity | null; knownOffer: OfferRow | null; unreadPage: SearchResult['unreadPage'] }> {
    const ref = extractProductId(url);
    const base = { ...emptySource(url, canonicalUrl), externalId: ref?.id ?? null };
    /** The answer's source when the link is a catalog offer's (known before, or the page just placed). */
    const offerSource = async (known: OfferRow, identifiedBy: IdentifiedBy) => {
      const withRetailer = await catalog.getOfferWithRetailer(known.id);
      return {
        identifiedBy,
        knownOffer: known,
        unreadPage: null,
        item: null,
        source: {
          ...base,
          offerId: known.id,
          retailer: withRetailer ? { id: withRetailer.retailerId, name: withRetailer.retailerName } : null,
          title: known.title,
          brand: known.brand,
          model: known.model,
          gtin: known.gtin,
          priceCents: totalCents(known),
          currency: known.currency,
          imageUrl: offerImagePath(known.id, known.imageUrl),
          externalId: known.externalId,
          condition: known.condition,
          availability: known.availability,
          shippingCents: known.shippingCents,
        },
      };
    };
    const known = await findKnownOffer(url, canonicalUrl);
    if (known && known.productId !== null) return offerSource(known, 'known-offer');
    let failure: PageFailure = 'no-product';
    const page = await pages.read(url).catch((error: unknown) => {
      failure = pageFailureOf(error);
      return null;
    });
    if (page && page.title.trim() && placement) {
      // The page becomes its shop's offer in the catalog; a page that cannot be one (no price) is compared as read.
      const placed = await placement.place(url, canonicalUrl, page);
      const offer = placed ? await catalog.getOfferWithRetailer(placed.offerId) : null;
      if (offer && offer.productId !== null && offer.held === null) return offerSource(offer, 'page-metadata');
    }
    if (page && page.title.trim()) {
      return {
        identifiedBy: 'page-metadata',
        knownOffer: null,
        unreadPage: null,
        item: page,
        source: {
          ...base,
          title: page.title,
          brand: page.brand ?? null,
          model: page.model ?? null,
          gtin: page.gtin ?? null,
          priceCents: page.priceCents ?? null,
          currency: page.currency ?? null,
          imageUrl: page.imageUrl ?? null,
          condition: catalogCondition(page.condition),
          availability: page.availability ?? null,
          shippingCents: page.shipping && (page.shipping.currency == null || page.shipping.currency === page.currency) ? page.shipping.priceCents : null,
        },
      };
    }
    // The page could not be read: the words of its link are searched, written as a name ("Lumetra K7 Mechanical
    // Keyboard"), at the shop the link names.
    const words = pages.slugWords(url);
    const retailer = retailerForUrl(url);
    const shop = retailer?.name ?? new URL(url).hostname.replace(/^www\./, '');
    return {
      identifiedBy: 'url-slug',
      knownOffer: null,
      unreadPage: { reason: failure, shop },
      item: words ? { title: words } : null,
      source: { ...base, retailer: retailer ? { id: retailer.id, name: retailer.name } : null, title: words ? displayCase(words) : null },
    };
  }

  /**
   * What typed words find: the product they name (its exact name, a clear best fit or a model number its offers
   * state), or the products they fit about equally (`matchIds`), with the ranking they were chosen from.
   */
  async function answerWords(words: string): Promise<WordsAnswer> {
    const sought: ItemIdentity = { title: words };
    let ranked = await shown(await matcher.rankAsync(sought, { useIndex: true, wordsOnly: true, typed: true }));
    let productId: number | null = null;
    let confidence = 0;
    let matchIds: number[] = [];
    // A product named by its exact name, or by a model number its offers state with the other words in its name,
    // holds every word.
    let everyWordHeld = false;
    // Words that are exactly one product's name (a product card's "Compare prices", a favorite) mean that product.
    const named = await catalog.productIdByExactTitle(sought.title);
    if (named !== null) {
      productId = named;
      confidence = 1;
      everyWordHeld = true;
    } else if (fitsSeveral(ranked)) {
      // Words that fit several products name none of them: they are listed, from a wider pool of candidates.
      ranked = await shown(await matcher.rankAsync(sought, { useIndex: true, wordsOnly: true, typed: true, indexLimit: MATCH_POOL }));
      const fitting = ranked.filter((entry) => entry.score >= matchThreshold());
      // When products that fit hold every word, one that lacks a word is no match however close its score: "xbox
      // controller" lists the controllers, not the consoles.
      const complete = fitting.some((entry) => entry.holdsAllWords);
      const listable = complete ? ranked.filter((entry) => entry.holdsAllWords) : fitting;
      // Ranked among more candidates, the words may fit one product after all: then it is the answer. Otherwise
      // the list also holds, lower down, the products that have every word without the matcher's confidence (an
      // "Apple Watch Ultra 2" is an "apple watch", though another line than the Series the words fit best).
      const [only] = listable;
      if (listable.length > 1) matchIds = ranked.filter((entry) => entry.holdsAllWords || (!complete && entry.score >= matchThreshold())).map((entry) => entry.productId);
      else if (complete && only) {
        productId = only.productId;
        confidence = only.score;
      }
    }
    // A model number typed on its own (or with words of the product's name) names the products whose offers state
    // it, however little else of their titles it shares ("SMS129B", "kx-tg6512b").
    if (productId === null && matchIds.length === 0 && !((ranked[0]?.score ?? 0) >= matchThreshold())) {
      const coded = await productsByModelCode(words);
      everyWordHeld = coded.length > 0;
      ({ productId, confidence, matchIds } = codedAnswer(coded, ranked));
    }
    if (productId === null && matchIds.length === 0 && ranked[0] && ranked[0].score >= matchThreshold()) {
      productId = ranked[0].productId;
      confidence = ranked[0].score;
    }
    // A model number typed loosely ("kxtg 6645 b", "sx 130") names the products whose offers state it, unless what
    // the words found so far holds every one of them.
    const current = productId ?? matchIds[0] ?? null;
    if (looseCodes && !everyWordHeld && !ranked.some((entry) => entry.productId === current && entry.holdsAllWords === true)) {
      const coded = await looseCodes.productsStating(words);
      if (coded.length > 0 && (current === null || !coded.includes(current))) {
        everyWordHeld = true;
        ({ productId, confidence, matchIds } = codedAnswer(coded, ranked));
      }
    }
    // Listed products: those with a listing that holds the words as typed come first.
    if (deps.index && matchIds.length > 1) matchIds = await phraseFirst(deps.index, words, matchIds);
    const found = new Set(productId !== null ? [productId] : matchIds);
    everyWordHeld ||= ranked.some((entry) => found.has(entry.productId) && entry.holdsAllWords === true);
    return { sought, ranked, productId, confidence, matchIds, complete: everyWordHeld };
  }

  async function run(body: SearchBody): Promise<SearchResult> {
    const createdAt = clock();
    const timestamp = createdAt.getTime();
    let identifiedBy: IdentifiedBy = 'query';
    let source: SearchSource = emptySource(null, null);
    let ranked: RankedProduct[] = [];
    let productId: number | null = null;
    let confidence = 0;
    let sourceOfferId: number | null = null;
    // What was looked for, when no known offer answered: the words behind "similar products" when nothing matched.
    let sought: ItemIdentity | null = null;
    // Products that search words fit about equally well, best first (then no product is picked).
    let matchIds: number[] = [];
    let correctedQuery: string | null = null;
    let unreadPage: SearchResult['unreadPage'] = null;

    if (body.url !== undefined) {
      const canonicalUrl = tryCanonicalizeUrl(body.url);
      if (!canonicalUrl) throw badRequest('url must be an absolute http(s) URL', 'url');
      const identified = await identify(body.url, canonicalUrl);
      identifiedBy = identified.identifiedBy;
      source = identified.source;
      unreadPage = identified.unreadPage;
      if (identified.knownOffer) {
        productId = identified.knownOffer.productId;
        sourceOfferId = identified.knownOffer.id;
        confidence = 1;
      } else if (identified.item) {
        sought = identified.item;
        const wordsOnly = identified.identifiedBy === 'url-slug';
        // The URL's product id is one the catalog does not know (else it would be a known offer).
        const unlistedAt = wordsOnly ? (extractProductId(body.url)?.retailer ?? undefined) : undefined;
        ranked = await shown(await matcher.rankAsync(identified.item, { useIndex: true, wordsOnly, unlistedAt }));
      }
    } else {
      const query = body.query ?? '';
      let answer = await answerWords(query);
      // Misspelt words are searched as the catalog words they most likely meant, only when the words as typed find
      // little and the corrected ones clearly more: a word the catalog lacks may be meant as typed ("not a link").
      if (findsLittle(answer) && spelling && query) {
        const corrected = await spelling.correct(query);
        const correctedAnswer = corrected ? await answerWords(corrected) : null;
        if (corrected && correctedAnswer && findsClearlyMore(correctedAnswer, answer)) {
          answer = correctedAnswer;
          correctedQuery = corrected;
        }
      }
      ({ ranked, productId, confidence, matchIds, sought } = answer);
      source = { ...emptySource(null, null), title: sought.title };
    }

    if (productId === null && matchIds.length === 0 && ranked[0] && ranked[0].score >= matchThreshold()) {
      productId = ranked[0].productId;
      confidence = ranked[0].score;
    }
    const product = productId !== null ? ((await matchedAll([productId], new Map([[productId, confidence]])))[0] ?? null) : null;
    const offers = product ? await offersOf(product, sourceOfferId, source, timestamp) : [];
    const scores = new Map(ranked.map((entry) => [entry.productId, entry.score]));
    const matches = await matchedAll(matchIds.slice(0, MATCH_LIMIT), scores);
    // Products past the list's length are not dropped: they lead "More products".
    const listed = new Set([product?.id, ...matches.map((entry) => entry.id)]);
    // Nothing matched: products that share the most words (other models of the line, say) come first, with the
    // matcher's weaker candidates, so that the answer is not a dead end.
    const nothing = !product && matchIds.length === 0;
    const similarIds = nothing && sought ? [...new Set([...(await matcher.relatedAsync(sought, SIMILAR_LIMIT)), ...ranked.map((entry) => entry.productId)])] : ranked.map((entry) => entry.productId);
    const similarProducts = await matchedAll(
      similarIds.filter((id) => !listed.has(id)).slice(0, SIMILAR_LIMIT),
      scores,
    );

    return {
      success: true,
      requestId: body.requestId,
      createdAt: createdAt.toISOString(),
      input: { url: body.url ?? null, query: body.url !== undefined ? null : (body.query ?? null) },
      correctedQuery,
      identifiedBy,
      source,
      product,
      offers,
      matches,
      similarProducts,
      unreadPage,
    };
  }

  /**
   * Searches being answered, by request id and, for a pasted link, by link. The same search asked again meanwhile (the
   * shopper site's server gave up waiting for a page being read and the browser asks itself) waits for that answer
   * instead of running a second time: a second run would find the offer the first one is placing and answer something
   * else, and would read the page twice.
   */
  const answering = new Map<string, { input: string; answer: Promise<SearchResult> }>();
  const readingLink = new Map<string, Promise<SearchResult>>();
  const inputOf = (body: SearchBody) => JSON.stringify([body.url ?? null, body.url !== undefined ? null : (body.query ?? null)]);

  return {
    /**
     * Answers a search and stores the answer under its request id. Repeating a request id with the same input
     * answers the stored result (or waits for the one being answered); reusing it for another input is a conflict.
     */
    async search(body: SearchBody): Promise<SearchResult> {
      const pending = answering.get(body.requestId);
      if (pending) {
        if (pending.input !== inputOf(body)) throw conflict('requestId is already used by another search', 'requestId');
        return pending.answer;
      }
      const sameLink = body.url !== undefined ? readingLink.get(body.url) : undefined;
      const answer = sameLink ? answerAs(body, sameLink) : answerOnce(body);
      answering.set(body.requestId, { input: inputOf(body), answer });
      if (body.url !== undefined && !sameLink) readingLink.set(body.url, answer);
      try {
        return await answer;
      } finally {
        answering.delete(body.requestId);
        if (body.url !== undefined && readingLink.get(body.url) === answer) readingLink.delete(body.url);
      }
    },
    /** The stored answer of a request id, or null. */
    get: async (requestId: string) => (await requests.get(requestId))?.result ?? null,
  };

  /**
   * The answer of the search of the same link another request is having answered, under this request's id (stored as
   * its own); a new search when that one failed.
   */
  async function answerAs(body: SearchBody, first: Promise<SearchResult>): Promise<SearchResult> {
    const stored = await storedAnswer(body);
    if (stored) return stored;
    const result = await first.catch(() => null);
    if (!result) return answerOnce(body);
    return store(body, { ...result, requestId: body.requestId, createdAt: clock().toISOString() });
  }

  /** The stored answer of the request id for the same input, null when there is none; another input's is a conflict. */
  async function storedAnswer(body: SearchBody): Promise<SearchResult | null> {
    const stored = await requests.get(body.requestId);
    if (!stored) return null;
    if (stored.inputUrl === (body.url ?? null) && stored.query === (body.url !== undefined ? null : (body.query ?? null))) return stored.result;
    throw conflict('requestId is already used by another search', 'requestId');
  }

  /** Answers a search once: the stored answer of its request id, or a new one, stored. */
  async function answerOnce(body: SearchBody): Promise<SearchResult> {
    return (await storedAnswer(body)) ?? store(body, await run(body));
  }

  /** Stores an answer under its request id; a request id stored meanwhile keeps its first answer. */
  async function store(body: SearchBody, result: SearchResult): Promise<SearchResult> {
    const saved = await requests.save({
      requestId: result.requestId,
      inputUrl: result.input.url,
      query: result.input.query,
      identifiedBy: result.identifiedBy,
      productId: result.product?.id ?? null,
      sessionId: body.sessionId ?? null,
      result,
    });
    if (!saved) return (await requests.get(body.requestId))?.result ?? result;
    return result;
  }
}

export type SearchService = ReturnType<typeof createSearchService>;
