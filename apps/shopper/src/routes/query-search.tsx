import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { startTextSearch, startUrlSearch } from '../features/search/direct-url-flow';
import { classifySearchInput } from '../features/search/search-input';
import { usePageTitle } from '../lib/use-page-title';

/**
 * `/search?q=…`: a search from a shared link, a bookmark or a browser's address bar (a site search engine with
 * the URL `…/search?q=%s`). Words start a text search, a product link the direct-URL flow; either replaces this
 * history entry, so Back does not lead here again. Without `q` the shopper gets the home page's search box.
 */
export default function QuerySearchPage() {
  usePageTitle('Searching…');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  // One search per address, also when an effect runs twice (development's strict mode).
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === q) return;
    started.current = q;
    const go = (to: string, options?: { replace?: boolean; state?: unknown }) => {
      navigate(to, { state: options?.state, replace: true });
    };
    const input = classifySearchInput(q);
    if (input.kind === 'empty') navigate(paths.home, { replace: true });
    else if (input.kind === 'url') startUrlSearch(input.url, go);
    else startTextSearch(input.query, go);
  }, [q, navigate]);

  return (
    <div className="ph-processing">
      <span className="ph-processing__spinner" aria-hidden="true" />
      <p role="status">Searching…</p>
    </div>
  );
}
