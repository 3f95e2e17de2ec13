import { lazyPage } from '@pricehunt/ui';
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { INVALID_URL_ERROR, paths } from '../config/paths';
import { useLibrary } from '../features/library/library-context';
import { SearchForm } from '../features/search/search-form';
import { formatDateTime, formatMoney } from '../lib/format';
import { usePageTitle } from '../lib/use-page-title';

// Example links come from the catalog through the API; they load after the page has rendered.
const DemoExamples = lazyPage(() => import('../features/search/demo-examples'));

/** Loads the examples' code ahead of hydrating a landing page the server rendered with them. */
export const preloadLanding = () => DemoExamples.preload();

export const INVALID_URL_MESSAGE = 'That link is not a web address we can read. Paste the full product link (starting with https://) or search by name.';

function RecentSearches() {
  const { history, status } = useLibrary();
  const recent = history.slice(0, 5);
  if (status !== 'ready' || recent.length === 0) return null;
  return (
    <section className="ph-landing__recent" aria-labelledby="recent-heading">
      <div className="ph-section-head">
        <h2 id="recent-heading">Your recent searches</h2>
        <Link to={paths.history}>See all</Link>
      </div>
      <ul className="ph-recent">
        {recent.map((entry) => (
          <li key={entry.requestId}>
            <Link to={paths.newSearch(entry.requestId, entry.slug)} className="ph-recent__link">
              <span className="ph-recent__title">{entry.title ?? entry.input}</span>
              <span className="ph-recent__meta">
                {entry.bestPriceCents !== null ? `from ${formatMoney(entry.bestPriceCents, entry.currency)} · ` : ''}
                {formatDateTime(entry.searchedAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface LandingPageProps {
  /** `demo` is the main landing (/, /demo-landing); `alternate` is /landing2. */
  variant?: 'demo' | 'alternate';
}

/** The landing page: one search box for a product link or words, example links, recent searches. */
export default function LandingPage({ variant = 'demo' }: LandingPageProps) {
  const [params] = useSearchParams();
  const invalidUrl = params.get('error') === INVALID_URL_ERROR;
  usePageTitle(null);
  return (
    <div className={`ph-landing ph-landing--${variant}`}>
      <section className="ph-hero" aria-labelledby="hero-heading">
        <div className="ph-hero__text">
          <h1 id="hero-heading">{variant === 'alternate' ? 'Paid too much last time? Not again.' : 'Find the best price before you buy'}</h1>
          <p className="ph-hero__lead">
            Paste a link from Amazon, Walmart, Best Buy or any shop, or type what you want. We show the same product at other retailers,
            cheapest total first.
          </p>
        </div>
        {invalidUrl ? (
          <p className="ph-alert ph-alert--error" role="alert">
            {INVALID_URL_MESSAGE}
          </p>
        ) : null}
        <SearchForm autoFocus={!invalidUrl} />
        <Suspense fallback={<p className="ph-examples__placeholder">Loading examples…</p>}>
          <DemoExamples />
        </Suspense>
      </section>
      <section className="ph-steps" aria-label="How PriceHunt works">
        <div className="ph-step">
          <span className="ph-step__num" aria-hidden="true">
            1
          </span>
          <h2>Paste or search</h2>
          <p>Any product page link, or a few words such as a brand and model.</p>
        </div>
        <div className="ph-step">
          <span className="ph-step__num" aria-hidden="true">
            2
          </span>
          <h2>Compare totals</h2>
          <p>Price plus shipping at every retailer that has it, with the best deal marked.</p>
        </div>
        <div className="ph-step">
          <span className="ph-step__num" aria-hidden="true">
            3
          </span>
          <h2>Save and track</h2>
          <p>Keep favorites, watch their best price over time, and get an email when it drops to your price.</p>
        </div>
      </section>
      {/* Last: known only in the browser, it appears once the page is the app's, and moves nothing above it. */}
      <RecentSearches />
    </div>
  );
}
