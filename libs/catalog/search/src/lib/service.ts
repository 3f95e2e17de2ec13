import { bestPriceOffers, type IdentifiedBy, type MatchedProduct, type OfferView, type SearchBody, type SearchOffer, type SearchResult, type SearchSource } from '@pricehunt/contracts';
import { extractProductId, tryCanonicalizeUrl } from '@pricehunt/marketplace';
import { badRequest, conflict } from '@pricehunt/http-errors';
import type { ItemIdentity } from '@pricehunt/catalog-matching';
import { DAY_MS, offerImagePath, PRICE_HISTORY_LIMIT } from '@pricehunt/contracts';
import { type CatalogRepository, indexWords, lowestPriceOffers, matchThreshold, modelKeysOf, type OfferRow, offerView, type ProductMatcher, type ProductRow, productSummary, type RankedProduct, type SpellingCorrector, totalCents, TYPICAL_PRICE_DAYS } from '@pricehunt/catalog-core';
import type { SearchRequestRepository } from './ports';

/** Reads what a pasted URL points at, without the catalog. */
export interface PageReader {
  /** Fetches the page (SSRF-safe) and reads its product metadata; null when it cannot be fetched or says nothing useful. */
  read(url: string): Promise<ItemIdentity | null>;
  /** The product words in the URL's path (`/sony-wh-1000xm4-headphones/…`), or null when there are none. */
  slugWords(url: string): string | null;
}

/** How many weaker candidates come back as similar products. */
const SIMILAR_LIMIT = 8;
/** How many products search words that fit several of them list (`matches`). */
const MATCH_LIMIT = 24;
/**
 * Search words name one product when its score leads every other product's above the threshold by this much; below
 * that, the words fit several products ("apple watch") and the answer lists them instead of picking one.
 */
const QUERY_LEAD = 0.2;
/** Full-text candidates read for words that fit several products, so that the list holds more than the best few. */
const MATCH_POOL = 80;
/** Characters an offer's model number may run on past a typed one (a colour or region code) and still be meant by it. */
const MODEL_CODE_SUFFIX = 4;
/**
 * Confidence of a product named by a typed model number that only its offers state: strong evidence, though the
 * number may have been mistyped into another product's.
 */
const MODEL_CODE_CONFIDENCE = 0.9;

const emptySource = (url: string | null, canonicalUrl: string | null): SearchSource => ({
  offerId: null,
  retailer: null,
  title: null,
  brand: null,
  model: null,
  gtin: null,
  priceCents: null,
  currency: null,
  imageUrl: null,
  url,
  canonicalUrl,
  externalId: null,
});

/** True when more than one product is above the threshold and the best does not lead the next by QUERY_LEAD. */
function fitsSeveral(ranked: readonly RankedProduct[]): boolean {
  const [first, second] = ranked;
  return first !== undefined && second !== undefined && second.score >= matchThreshold() && first.score - second.score < QUERY_LEAD;
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
  >;
  matcher: Pick<ProductMatcher, 'rankAsync' | 'relatedAsync'>;
  requests: SearchRequestRepository;
  pages: PageReader;
  /** Corrects misspelt search words; without it words are searched as typed. */
  spelling?: Pick<SpellingCorrector, 'correct'>;
  clock?: () => Date;
}) {
  const { catalog, matcher, requests, pages, spelling } = deps;
  const clock = deps.clock ?? (() => new Date());

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
   * The product's offers as an answer shows them. The best price is the cheapest new offer of the product alone that one
   * can buy (`bestPriceOffers`); a saving is told only against an offer like the pasted one: new with new and alone
   * with alone (a pasted page that is no known offer counts as new and alone), so that a refurbished monitor or a
   * bundle never reads as "Save $710" on a new one.
   */
  async function offersOf(product: MatchedProduct, sourceOfferId: number | null, sourceTotal: number | null, timestamp: number): Promise<SearchOffer[]> {
    const rows = await catalog.offersOfProduct(product.id);
    const history = await catalog.priceHistoryOfProduct(product.id, { since: new Date(timestamp - TYPICAL_PRICE_DAYS * DAY_MS).toISOString(), limit: PRICE_HISTORY_LIMIT });
    const lowest = lowestPriceOffers(rows, history, { now: timestamp, currency: product.currency });
    const views = rows.map((row) => offerView(row, timestamp, lowest.has(row.id), product.title));
    const best = bestPriceOffers(views);
    const pasted = views.find((view) => view.id === sourceOfferId) ?? { condition: 'new' as const, isBundle: false };
    const alike = (view: OfferView) => view.condition === pasted.condition && view.isBundle === pasted.isBundle;
    return views.map((view) => ({
      ...view,
      savingsCents: sourceTotal === null || !alike(view) ? null : sourceTotal - view.totalCents,
      isBestPrice: best.has(view),
      isSource: view.id === sourceOfferId,
    }));
  }

  async function identify(url: string, canonicalUrl: string): Promise<{ identifiedBy: IdentifiedBy; source: SearchSource; item: ItemIdentity | null; knownOffer: OfferRow | null }> {
    const ref = extractProductId(url);
    const base = { ...emptySource(url, canonicalUrl), externalId: ref?.id ?? null };
    const known = await findKnownOffer(url, canonicalUrl);
    if (known && known.productId !== null) {
      const withRetailer = await catalog.getOfferWithRetailer(known.id);
      return {
        identifiedBy: 'known-offer',
        knownOffer: known,
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
        },
      };
    }
    const page = await pages.read(url).catch(() => null);
    if (page && page.title.trim()) {
      return {
        identifiedBy: 'page-metadata',
        knownOffer: null,
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
        },
      };
    }
    const words = pages.slugWords(url);
    return { identifiedBy: 'url-slug', knownOffer: null, item: words ? { title: words } : null, source: { ...base, title: words } };
  }

  /**
   * Products a typed model number names: those with an offer that states it, whole or with a short colour or region
   * code left off; only when the other typed words are all in the product's name or brand ("samsung sms129b", not
   * "battery for sms129b"). Several products of one number (its colours) are all named.
   */
  async function productsByModelCode(query: string): Promise<number[]> {
    const words = indexWords(query);
    for (const key of modelKeysOf({ title: query })) {
      if (key.length < 5) continue;
      const ids = await catalog.productsByModelCode(key, { suffix: MODEL_CODE_SUFFIX, limit: MATCH_LIMIT });
      if (ids.length === 0) continue;
      const rest = words.filter((word) => !key.includes(word.toUpperCase()));
      const products = await catalog.getProducts(ids);
      return ids.filter((id) => {
        const product = products.get(id);
        const named = new Set(indexWords(`${product?.title ?? ''} ${product?.brand ?? ''}`));
        return product !== undefined && rest.every((word) => named.has(word));
      });
    }
    return [];
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

    if (body.url !== undefined) {
      const canonicalUrl = tryCanonicalizeUrl(body.url);
      if (!canonicalUrl) throw badRequest('url must be an absolute http(s) URL', 'url');
      const identified = await identify(body.url, canonicalUrl);
      identifiedBy = identified.identifiedBy;
      source = identified.source;
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
      // Misspelt words are searched as the catalog words they most likely meant.
      correctedQuery = body.query ? ((await spelling?.correct(body.query)) ?? null) : null;
      const words = correctedQuery ?? body.query ?? '';
      source = { ...emptySource(null, null), title: words };
      sought = { title: words };
      ranked = await shown(await matcher.rankAsync(sought, { useIndex: true, wordsOnly: true, typed: true }));
      // Words that are exactly one product's name (a product card's "Compare prices", a favorite) mean that product.
      const named = await catalog.productIdByExactTitle(sought.title);
      if (named !== null) {
        productId = named;
        confidence = 1;
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
        const coded = await productsByModelCode(body.query ?? '');
        const [first] = coded;
        if (coded.length === 1 && first !== undefined) {
          productId = first;
          confidence = Math.max(MODEL_CODE_CONFIDENCE, ranked.find((entry) => entry.productId === first)?.score ?? 0);
        } else if (coded.length > 1) {
          const score = (id: number) => ranked.find((entry) => entry.productId === id)?.score ?? 0;
          matchIds = [...coded].sort((a, b) => score(b) - score(a));
        }
      }
    }

    if (productId === null && matchIds.length === 0 && ranked[0] && ranked[0].score >= matchThreshold()) {
      productId = ranked[0].productId;
      confidence = ranked[0].score;
    }
    const product = productId !== null ? ((await matchedAll([productId], new Map([[productId, confidence]])))[0] ?? null) : null;
    const offers = product ? await offersOf(product, sourceOfferId, source.priceCents, timestamp) : [];
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
    };
  }

  return {
    /**
     * Answers a search and stores the answer under its request id. Repeating a request id with the same input
     * answers the stored result; reusing it for another input is a conflict.
     */
    async search(body: SearchBody): Promise<SearchResult> {
      const stored = await requests.get(body.requestId);
      if (stored) {
        if (stored.inputUrl === (body.url ?? null) && stored.query === (body.url !== undefined ? null : (body.query ?? null))) return stored.result;
        throw conflict('requestId is already used by another search', 'requestId');
      }
      const result = await run(body);
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
    },
    /** The stored answer of a request id, or null. */
    get: async (requestId: string) => (await requests.get(requestId))?.result ?? null,
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
