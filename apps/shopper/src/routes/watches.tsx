import { WATCH_LIMITS, type Watch } from '@pricehunt/contracts';
import { Button, EmptyState, Skeleton } from '@pricehunt/ui';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useAccount } from '../features/account/account-context';
import { ChannelList, checkedText, Money, RemoveWatch, stockText, TargetEditor, WatchMeta, WatchName } from '../features/watches/watch-parts';
import { useWatches } from '../features/watches/watches-context';
import { useMediaQuery } from '../lib/use-media-query';
import { usePageTitle } from '../lib/use-page-title';

/** Wide enough for the table; narrower windows show a card per watch. */
export const WATCHES_TABLE_QUERY = '(min-width: 1024px)';

/** One watch as a card (phones and narrow windows). */
function WatchCard({ watch }: { watch: Watch }) {
  return (
    <li className="ph-watch">
      <h2 className="ph-watch__title">
        <WatchName watch={watch} />
      </h2>
      <WatchMeta watch={watch} />
      <dl className="ph-watch__facts">
        <div>
          <dt>Target</dt>
          <dd>
            <TargetEditor watch={watch} />
          </dd>
        </div>
        <div>
          <dt>{watch.url ? 'Price now' : 'Now'}</dt>
          <dd>
            <Money cents={watch.currentPriceCents} currency={watch.currency} />
          </dd>
        </div>
        <div>
          <dt>Best price</dt>
          <dd>
            <Money cents={watch.bestPriceCents} currency={watch.currency} />
          </dd>
        </div>
        <div>
          <dt>Lowest in 90 days</dt>
          <dd>
            <Money cents={watch.lowestPriceCents90d} currency={watch.currency} />
          </dd>
        </div>
        <div>
          <dt>Stock</dt>
          <dd>{stockText(watch.inStock)}</dd>
        </div>
        <div>
          <dt>Last checked</dt>
          <dd>{checkedText(watch)}</dd>
        </div>
      </dl>
      <div className="ph-watch__channels-block">
        <h3 className="ph-watch__subtitle">Messages by</h3>
        <ChannelList watch={watch} />
      </div>
      <div className="ph-watch__actions">
        <RemoveWatch watch={watch} />
      </div>
    </li>
  );
}

/** Every watch as a row of a table (wide windows). */
function WatchesTable({ watches }: { watches: Watch[] }) {
  return (
    <div className="ph-watches-table__wrap">
      <table className="ph-watches-table">
        <caption className="ph-visually-hidden">Your watches</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Target</th>
            <th scope="col">Now</th>
            <th scope="col">Best price</th>
            <th scope="col">Lowest in 90 days</th>
            <th scope="col">Stock</th>
            <th scope="col">Last checked</th>
            <th scope="col">Messages by</th>
            <th scope="col">
              <span className="ph-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {watches.map((watch) => (
            <tr key={watch.id}>
              <th scope="row" className="ph-watches-table__product">
                <WatchName watch={watch} />
                <WatchMeta watch={watch} />
              </th>
              <td>
                <TargetEditor watch={watch} />
              </td>
              <td className="ph-watches-table__money">
                <Money cents={watch.currentPriceCents} currency={watch.currency} />
              </td>
              <td className="ph-watches-table__money">
                <Money cents={watch.bestPriceCents} currency={watch.currency} />
              </td>
              <td className="ph-watches-table__money">
                <Money cents={watch.lowestPriceCents90d} currency={watch.currency} />
              </td>
              <td>{stockText(watch.inStock)}</td>
              <td>{checkedText(watch)}</td>
              <td>
                <ChannelList watch={watch} />
              </td>
              <td>
                <RemoveWatch watch={watch} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What watching does, and how to start: the page of a shopper who watches nothing yet. */
function NoWatches() {
  return (
    <EmptyState
      title="You are not watching anything yet"
      description={
        <>
          Watch a product and we tell you when its price drops (to your target price, or at all) and when it is back in stock: by email,
          on your phone with ntfy, or by webhook. To start, paste a product link into the search box or open a product, then press “Watch
          price”.
        </>
      }
      action={
        <span className="ph-watches__start">
          <Link className="ph-link-button" to={paths.home}>
            Paste a product link
          </Link>
          <Link className="ph-link-button ph-link-button--secondary" to={paths.browse}>
            Browse products
          </Link>
        </span>
      }
    />
  );
}

function SignedOut() {
  const { openAuth } = useAccount();
  return (
    <div className="ph-alert ph-alert--info ph-watches__signed-out">
      <p>
        <strong>Sign in to see your watches.</strong> We keep them with your account and tell you when prices drop.
      </p>
      <p>No account? You can still watch a product by email: open it, press “Watch price”, and confirm with the link we send you.</p>
      <Button onClick={() => openAuth('login')}>Sign in</Button>
    </div>
  );
}

function WatchesList() {
  const { status, watches, error, reload } = useWatches({ load: true });
  const wide = useMediaQuery(WATCHES_TABLE_QUERY);
  if (status === 'idle' || status === 'loading') return <Skeleton label="Loading your watches" />;
  if (status === 'error')
    return (
      <div className="ph-alert ph-alert--error" role="alert">
        <p>{error}</p>
        <Button onClick={reload}>Try again</Button>
      </div>
    );
  if (watches.length === 0) return <NoWatches />;
  return (
    <>
      <p className="ph-muted">
        {watches.length === 1 ? '1 watch' : `${watches.length} watches`}. A channel that fails {WATCH_LIMITS.pauseAfterFailures} times in a row is paused until you resume it.
      </p>
      {wide ? (
        <WatchesTable watches={watches} />
      ) : (
        <ul className="ph-watches" aria-label="Your watches">
          {watches.map((watch) => (
            <WatchCard key={watch.id} watch={watch} />
          ))}
        </ul>
      )}
    </>
  );
}

/** /watches: the signed-in shopper's watched products and links, with their prices and how their messages are doing. */
export default function WatchesPage() {
  const { status } = useAccount();
  usePageTitle('Watches');
  return (
    <div className="ph-page ph-watches-page">
      <div className="ph-section-head">
        <h1>Watches</h1>
      </div>
      {status === 'loading' ? <Skeleton label="Loading your watches" /> : status === 'signed-out' ? <SignedOut /> : <WatchesList />}
    </div>
  );
}
