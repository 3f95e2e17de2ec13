import { type PageFailure, type SearchResult, printedGtin } from '@pricehunt/contracts';
import { DirectUrlDetector } from '@pricehunt/direct-url';
import { pushPriceComparison, pushProductSearch } from '@pricehunt/tracking';
import { Button, EmptyState, Skeleton } from '@pricehunt/ui';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { FavoriteButton } from '../features/library/favorite-button';
import { WatchButton } from '../features/watches/watch-button';
import { useLibrary } from '../features/library/library-context';
import { PriceAlert } from '../features/library/price-alert';
import { closeAlternatives, CloseAlternatives } from '../features/search/close-alternatives';
import { CopyLinkButton } from '../features/search/copy-link-button';
import { startTextSearch } from '../features/search/direct-url-flow';
import { confidenceText, IDENTIFIED_BY_TEXT, leftOutWords } from '../features/search/describe';
import { OffersList, offersOrderText, useOfferFilters } from '../features/search/offers-list';
import { ReportMatch } from '../features/search/report-match';
import { ProductImage } from '../features/search/product-image';
import { SearchForm } from '../features/search/search-form';
import { QueryMatches } from '../features/search/query-matches';
import { WantsNote } from '../features/search/wants-note';
import { NoProductMatches, similarProductsTitle } from '../features/search/no-product-matches';
import { splitJoining } from '../features/search/line-cards';
import { LineVariants } from '../features/search/line-variants';
import { SimilarProducts } from '../features/search/similar-products';
import { askedQuery, useSearchResult } from '../features/search/use-search-result';
import { formatMoney } from '../lib/format';
import { errorMessage } from '../lib/use-async';
import { NearViewport } from '../lib/near-viewport';
import { useHydrated } from '../lib/use-hydrated';
import { usePageTitle } from '../lib/use-page-title';

// The chart and its data are not needed for the first view of the offers.
const PriceHistory = lazy(() => import('../features/search/price-history'));

function searchedFor(result: SearchResult): string {
  return result.input.url ?? result.input.query ?? '';
}

/** The words the answer is for: the typed ones, or the catalog words the misspelt ones were taken for. */
const answeredWords = (result: SearchResult): string => result.correctedQuery ?? searchedFor(result);

/** The offer with the best price: the cheapest one can buy (the API marks it), else the cheapest. */
const bestOffer = (result: SearchResult) => result.offers.find((offer) => offer.isBestPrice) ?? result.offers[0];

/**
 * "Showing results for …": a misspelt word was searched as the catalog word it most likely meant, or words no product
 * fits with the rest were left out ("“security” left out").
 */
function Correction({ result }: { result: SearchResult }) {
  if (!result.correctedQuery || !result.input.query) return null;
  const left = leftOutWords(result.input.query, result.correctedQuery);
  return (
    <p className="ph-results__correction">
      Showing results for <strong>{result.correctedQuery}</strong>
      <span className="ph-muted">{left ? ` · “${left}” left out, no product fits it with the other words` : ` · you typed “${result.input.query}”`}</span>
    </p>
  );
}

/** Words that fit several products: the answer is a list of them, with no product (and no offers) of its own. */
const isProductList = (result: SearchResult) => !result.product && result.matches.length > 0;

/**
 * The products typed words fit, then "More products": a version past the list's length of a line the list shows joins
 * that line's card.
 */
function ListedProducts({ result }: { result: SearchResult }) {
  const { joining, rest } = splitJoining(result.matches, result.similarProducts);
  return (
    <>
      <QueryMatches query={answeredWords(result)} products={result.matches} joining={joining} wants={result} />
      <SimilarProducts products={rest} title="More products" />
    </>
  );
}

/** Typed words that no product fits: there is no product to head the page, only the words. */
const isUnmatchedQuery = (result: SearchResult) => !result.product && result.matches.length === 0 && result.identifiedBy === 'query';

/** After a result arrives: the data-layer events (SPEC §7) and the history entry, once per search. */
function useResultEffects(result: SearchResult | undefined, slug: string) {
  const { addHistory, status } = useLibrary();
  const pushed = useRef<string | null>(null);
  const recorded = useRef<string | null>(null);

  useEffect(() => {
    if (!result || pushed.current === result.requestId) return;
    pushed.current = result.requestId;
    const best = bestOffer(result);
    const product = {
      url: result.input.url ?? best?.url ?? window.location.href,
      name: result.product?.title ?? result.source.title,
      price: result.source.priceCents !== null ? (result.source.priceCents / 100).toFixed(2) : best ? best.price.toFixed(2) : null,
    };
    pushProductSearch(product);
    pushPriceComparison(
      product,
      result.offers.filter((offer) => !offer.isSource),
    );
  }, [result]);

  useEffect(() => {
    // Written once the library knows where it keeps things (the browser or the account).
    if (!result || status === 'loading' || recorded.current === result.requestId) return;
    recorded.current = result.requestId;
    addHistory({
      requestId: result.requestId,
      slug,
      kind: result.input.url ? 'url' : 'query',
      input: searchedFor(result),
      title: result.product?.title ?? result.source.title,
      imageUrl: result.product?.imageUrl ?? result.source.imageUrl,
      productId: result.product?.id ?? null,
      bestPriceCents: bestOffer(result)?.totalCents ?? null,
      currency: bestOffer(result)?.currency ?? result.product?.currency ?? null,
      offerCount: isProductList(result) ? null : result.offers.length,
      searchedAt: result.createdAt,
    }).catch((error: unknown) => console.error('The search could not be added to the history:', error));
  }, [result, slug, status, addHistory]);
}

/** The shop a pasted link is on, by its host name ("www.amazon.com" → "amazon.com"), for a shop the catalog does not know. */
function shopOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

function ResultsSkeleton() {
  return (
    <div className="ph-results__loading">
      <p className="ph-results__loading-text">Comparing prices across retailers…</p>
      <Skeleton variant="default" label="Loading results" />
    </div>
  );
}

/**
 * The pasted link's own offer: its price at its shop, and whether the shop says it is out of stock. A page read that
 * shows no price (its shop's scripts draw it later, or it asks for a quote) is still the shopper's link: it says so.
 */
function YourLink({ source, unread }: { source: SearchResult['source']; unread: boolean }) {
  const shop = source.retailer?.name ?? shopOf(source.url);
  if (!shop || (unread && source.priceCents === null)) return null;
  const soldOut = source.availability === 'out_of_stock';
  const price = source.priceCents === null ? null : formatMoney(source.priceCents, source.currency);
  // A used or refurbished page is compared in its condition: its price is said so.
  const condition = source.condition === 'used' || source.condition === 'refurbished' ? ` ${source.condition}` : '';
  const line = price ? `${price}${condition} at ${shop}${soldOut ? ', out of stock' : ''}` : soldOut ? `Out of stock at ${shop}` : `No price shown at ${shop}`;
  return (
    <div>
      <dt>Your link</dt>
      <dd>{line}</dd>
    </div>
  );
}

/** What the header states of the product: how it was found, the match's confidence, the link's price, GTIN and best price. */
function ProductFacts({ result, best }: { result: SearchResult; best: ReturnType<typeof bestOffer> }) {
  const product = result.product;
  return (
    <dl className="ph-product__facts">
      {/* A link with no words that named nothing was not found at all: there is no "how" to tell. */}
      {product || result.source.title ? (
        <div>
          <dt>How we found it</dt>
          <dd>{IDENTIFIED_BY_TEXT[result.identifiedBy]}</dd>
        </div>
      ) : null}
      {/* A product that is the pasted link alone matches nothing: there is no confidence to tell. */}
      {product && result.offers.some((offer) => !offer.isSource) ? (
        <div>
          <dt>Match confidence</dt>
          <dd>
            <span className="ph-confidence" data-level={product.confidence >= 0.85 ? 'high' : product.confidence >= 0.6 ? 'medium' : 'low'}>
              {confidenceText(product.confidence)}
            </span>
          </dd>
        </div>
      ) : null}
      <YourLink source={result.source} unread={!!result.unreadPage} />
      {(product?.gtin ?? result.source.gtin) ? (
        <div>
          <dt>GTIN</dt>
          <dd>{printedGtin((product?.gtin ?? result.source.gtin) as string)}</dd>
        </div>
      ) : null}
      {product && product.bestPriceCents !== null ? (
        <div>
          <dt>Best price</dt>
          <dd>
            <strong>{formatMoney(best?.totalCents ?? product.bestPriceCents, best?.currency ?? product.currency)}</strong>
            {best ? ` at ${best.retailer.name}` : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function ProductHeader({ result, layout }: { result: SearchResult; layout: 'full' | 'compact' }) {
  const product = result.product;
  // A favorite can carry a price alert, set right here once the product is saved.
  const { favorites } = useLibrary();
  const favorite = product ? favorites.find((entry) => entry.productId === product.id) : undefined;
  const best = bestOffer(result);
  // A link whose page could not be read and whose path holds no words is named by its shop, never by the raw link.
  const title = product?.title ?? result.source.title ?? (result.unreadPage ? `A page at ${result.unreadPage.shop}` : searchedFor(result));
  const brandModel = [product?.brand ?? result.source.brand, product?.model ?? result.source.model].filter(Boolean).join(' · ');
  return (
    <section className={`ph-product ph-product--${layout}`} aria-labelledby="product-title">
      <ProductImage src={product?.imageUrl ?? result.source.imageUrl} alt={title} size={layout === 'full' ? 'lg' : 'md'} eager />
      <div className="ph-product__body">
        <h1 id="product-title" className="ph-product__title">
          {title}
        </h1>
        {brandModel || product ? (
          <p className="ph-product__brand">
            {brandModel}
            {brandModel && product ? <span aria-hidden="true"> · </span> : null}
            {product ? <Link to={paths.product(product.id, product.title)}>Product page</Link> : null}
          </p>
        ) : null}
        <ProductFacts result={result} best={best} />
        <div className="ph-product__actions">
          {product ? <FavoriteButton product={product} /> : null}
          {product ? (
            <WatchButton
              product={{ id: product.id, title: product.title, bestPriceCents: best?.totalCents ?? product.bestPriceCents, currency: best?.currency ?? product.currency }}
            />
          ) : null}
          <CopyLinkButton />
          {/* Keyed: another answer or product starts a report of its own. */}
          {product ? <ReportMatch key={`${result.requestId}:${product.id}`} requestId={result.requestId} productId={product.id} /> : null}
        </div>
        {favorite ? <PriceAlert favorite={favorite} current={best?.totalCents ?? favorite.currentPriceCents} /> : null}
      </div>
    </section>
  );
}

/** Why a pasted page could not be read, as the line under the search box says it. */
const UNREAD_REASON: Record<PageFailure, string> = {
  unreachable: 'the shop did not answer',
  timeout: 'the shop took too long to answer',
  blocked: 'the shop refused our request',
  robots: 'the shop asks robots like ours not to read it',
  'not-found': 'the shop says the page does not exist',
  'server-error': 'the shop answered with an error',
  'not-a-page': 'the link is no product page',
  'read-timeout': 'the page took too long to read',
  'no-product': 'the page names no product we could read',
};

/** A pasted page that could not be read: the shopper is told so, and that its link's words were searched instead. */
function UnreadPage({ result }: { result: SearchResult }) {
  const unread = result.unreadPage;
  if (!unread) return null;
  const words = result.source.title;
  return (
    <p className="ph-alert ph-alert--info ph-results__unread" role="status">
      We could not read this page at {unread.shop}: {UNREAD_REASON[unread.reason]}.{' '}
      {words ? `We searched for the words in its link, “${words}”, instead.` : 'Its link holds no words to search for; try the product’s name or model number.'}
    </p>
  );
}

function NoAlternatives({ result }: { result: SearchResult }) {
  const navigate = useNavigate();
  const where = result.source.retailer?.name;
  // A link nothing matched was read as words (its page or its path): searching those words is the next step.
  const words = !result.product && result.identifiedBy !== 'query' ? result.source.title : null;
  const similar = result.similarProducts.length > 0;
  return (
    <EmptyState
      title={result.product ? 'No other retailer has this product yet' : 'We could not find this product at other retailers'}
      description={
        result.product
          ? `${where ? `Only ${where} sells it` : 'Only one retailer sells it'} in the catalog we compare. Save it to favorites and check back later.`
          : `Nothing in our catalog matched it closely enough to be sure it is the same item.${similar ? ' Products that share its words are below.' : ' Try searching by brand and model number.'}`
      }
      action={
        <>
          {words ? (
            <Button onClick={() => startTextSearch(words, (to, options) => { navigate(to, { state: options?.state }); })}>Search for “{words}”</Button>
          ) : null}
          <Link className={words ? 'ph-link-button ph-link-button--secondary' : 'ph-link-button'} to={paths.browse}>
            Browse categories
          </Link>
        </>
      }
    />
  );
}

/**
 * A comparison of one product: its header, its line's other versions, the products the words fit as well, the offers
 * (filtered as the address says), the price history and similar products.
 */
function Comparison({ result, layout }: { result: SearchResult; layout: ResultsPageProps['layout'] }) {
  // A condition typed with the words ("used iphone 15"): the used and refurbished offers are shown from the start.
  const [filters, setFilters] = useOfferFilters(result.condition !== null);
  const alternatives = result.offers.filter((offer) => !offer.isSource);
  // Products the link's words fit about as well as the one shown: offered right under it.
  const close = closeAlternatives(result);
  return (
    <>
      <ProductHeader result={result} layout={layout} />
      {result.product ? <LineVariants variants={result.variants ?? []} currentId={result.product.id} /> : null}
      <CloseAlternatives products={close} />
      <section className="ph-results__offers" aria-labelledby="offers-heading">
        <div className="ph-section-head">
          <h2 id="offers-heading">
            {result.offers.length === 1 ? '1 offer' : `${result.offers.length} offers`}
            <span className="ph-muted"> · {offersOrderText(result.offers, filters)}</span>
          </h2>
        </div>
        {result.offers.length > 0 ? (
          <OffersList
            offers={result.offers}
            productName={result.product?.title ?? result.source.title}
            layout={layout}
            comparedUrl={result.input.url}
            filters={filters}
            onFiltersChange={setFilters}
          />
        ) : null}
        {alternatives.length === 0 ? <NoAlternatives result={result} /> : null}
      </section>
      {layout === 'full' && result.product ? (
        // Under the offers: its code, its request and its drawing wait until the shopper gets near it.
        <NearViewport className="ph-panel ph-chart ph-chart--loading">
          <Suspense fallback={<div className="ph-panel ph-chart ph-chart--loading" aria-hidden="true" />}>
            <PriceHistory productId={result.product.id} />
          </Suspense>
        </NearViewport>
      ) : null}
      <SimilarProducts products={result.similarProducts.filter((candidate) => !close.includes(candidate))} />
    </>
  );
}

export interface ResultsPageProps {
  /** `full` is /new-search (the new layout); `compact` is /search (the older compact list). */
  layout: 'full' | 'compact';
}

/** /new-search/:requestId/:slug and /search/:requestId/:slug: the comparison for one search. */
export default function ResultsPage({ layout }: ResultsPageProps) {
  const { requestId = '', slug = '' } = useParams();
  const location = useLocation();
  const hydrated = useHydrated();
  const search = useSearchResult(requestId, location.state);
  const result = search.status === 'success' ? search.data : undefined;
  useResultEffects(result, slug);
  const listed = result !== undefined && isProductList(result);
  const unmatched = result !== undefined && isUnmatchedQuery(result);
  usePageTitle(result ? (listed ? `Products matching “${answeredWords(result)}”` : unmatched ? `No product matches “${answeredWords(result)}”` : (result.product?.title ?? result.source.title ?? 'Results')) : 'Comparing prices');

  // A text search keeps its words in the box, to refine them, and a link whose page could not be read stays there, to
  // correct or try again; a compared link leaves it empty for the next one. The words kept by this browser (session
  // storage, the entry's state) are read once the page is the browser's.
  const query = result ? (result.input.query ?? (result.unreadPage ? result.input.url : null)) : hydrated ? askedQuery(requestId, location.state) : null;
  return (
    <DirectUrlDetector>
      <div className={`ph-page ph-results ph-results--${layout}`}>
        <div className="ph-results__search">
          <SearchForm key={`${requestId}|${query ?? ''}`} size="compact" defaultValue={query ?? ''} />
        </div>
        {result ? <Correction result={result} /> : null}
        {result ? <WantsNote result={result} /> : null}
        {result ? <UnreadPage result={result} /> : null}
        {search.status === 'loading' ? <ResultsSkeleton /> : null}
        {search.status === 'error' ? (
          <div className="ph-alert ph-alert--error ph-results__error" role="alert">
            <h1 className="ph-results__error-title">We could not compare prices</h1>
            <p>{errorMessage(search.error, 'The search failed. Please try again.')}</p>
            <Button onClick={search.reload}>Try again</Button>
          </div>
        ) : null}
        {result && listed ? (
          <>
            <ListedProducts result={result} />
          </>
        ) : null}
        {result && unmatched ? (
          <>
            <NoProductMatches result={result} words={answeredWords(result)} />
            <SimilarProducts products={result.similarProducts} title={similarProductsTitle(result, answeredWords(result))} />
          </>
        ) : null}
        {result && !listed && !unmatched ? <Comparison result={result} layout={layout} /> : null}
      </div>
    </DirectUrlDetector>
  );
}
