import { useToast } from '@pricehunt/ui-toast';
import { useEffect, useState, type FormEvent } from 'react';
import type { Comparison } from '../lib/comparison';
import { productPageOf } from '../lib/detect';
import type { AccountReply, CompareReply, ExtensionRequest, WatchReply } from '../lib/messages';
import { ComparisonCard } from './comparison-card';
import { WatchList } from './watch-list';

export interface PopupProps {
  /** Asks the background worker (the only part of the extension that calls the API). */
  send(request: ExtensionRequest): Promise<unknown>;
  /** The current tab's address when the extension may see it (a known retailer's page), else undefined. */
  currentTabUrl(): Promise<string | undefined>;
  openOptions(): void;
}

type View = { state: 'idle' } | { state: 'loading' } | { state: 'error'; message: string } | { state: 'none' } | { state: 'found'; comparison: Comparison };

function useComparison(send: PopupProps['send']) {
  const [view, setView] = useState<View>({ state: 'idle' });
  const compare = async (url: string) => {
    setView({ state: 'loading' });
    const reply = (await send({ type: 'compare', url }).catch(() => undefined)) as CompareReply | undefined;
    if (!reply) setView({ state: 'error', message: 'PriceHunt could not be reached' });
    else if (!reply.ok) setView({ state: 'error', message: reply.error });
    else if ('off' in reply || !reply.comparison) setView({ state: 'none' });
    else setView({ state: 'found', comparison: reply.comparison });
  };
  return { view, compare };
}

export function Popup({ send, currentTabUrl, openOptions }: PopupProps) {
  const toast = useToast();
  const [onProductPage, setOnProductPage] = useState<boolean | null>(null);
  const [pasted, setPasted] = useState('');
  const [account, setAccount] = useState<AccountReply | null>(null);
  const [watched, setWatched] = useState(false);
  const { view, compare } = useComparison(send);

  useEffect(() => {
    void currentTabUrl().then((url) => {
      const page = url ? productPageOf(url) : null;
      setOnProductPage(page !== null);
      if (page) void compare(page.url);
    });
    void (send({ type: 'account' }) as Promise<AccountReply>).then(setAccount, () => setAccount({ ok: false, error: 'PriceHunt could not be reached' }));
    // Once, when the popup opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pasted.trim()) void compare(pasted.trim());
  };
  const watch = async (productId: number) => {
    const reply = (await send({ type: 'watch', productId })) as WatchReply;
    if (reply.ok) {
      setWatched(reply.status === 'watching');
      toast.success(reply.message);
    } else toast.error(reply.needsEmail ? 'Sign in on PriceHunt to watch prices from here.' : reply.error);
  };

  return (
    <main className="popup">
      <header className="top">
        <span className="brand">PriceHunt</span>
        <button type="button" className="link" onClick={openOptions}>
          Settings
        </button>
      </header>
      {onProductPage === false && (
        <form className="paste" onSubmit={submit}>
          <label htmlFor="pasted">Paste a product link to compare</label>
          <div className="row">
            <input id="pasted" type="url" required placeholder="https://www.amazon.com/dp/…" value={pasted} onChange={(event) => setPasted(event.target.value)} />
            <button type="submit" className="button primary">
              Compare
            </button>
          </div>
        </form>
      )}
      {view.state === 'loading' && <p className="muted">Comparing prices…</p>}
      {view.state === 'error' && <p className="error" role="alert">{view.message}</p>}
      {view.state === 'none' && <p className="muted">PriceHunt does not know this product yet.</p>}
      {view.state === 'found' && (
        <ComparisonCard comparison={view.comparison} watchLabel={watched ? 'Watching' : 'Watch'} onWatch={() => void watch(view.comparison.productId)} />
      )}
      <section className="account" aria-label="Your watches">
        <h2>Your watches</h2>
        {account === null && <p className="muted">Loading…</p>}
        {account?.ok === false && <p className="muted">{account.error}</p>}
        {account?.ok && account.email === null && (
          <p className="muted">
            <a href={`${account.siteUrl}/login`} target="_blank" rel="noopener noreferrer">
              Sign in on PriceHunt
            </a>{' '}
            to see your watches here.
          </p>
        )}
        {account?.ok && account.email !== null && <WatchList watches={account.watches} siteUrl={account.siteUrl} />}
      </section>
      <footer className="privacy">
        <strong>Privacy:</strong> PriceHunt looks only at product pages of the stores it knows and sends only that page's
        address, to compare it. Other sites are never read, and no browsing history leaves your browser.
      </footer>
    </main>
  );
}
