import type { ProductSummary } from '@pricehunt/contracts';
import { useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { classifySearchInput } from './search-input';
import { useSuggestions } from './use-suggestions';

export const EMPTY_SEARCH_ERROR = 'Paste a product link or type the product you are looking for.';

// The direct-URL flow (request id, slug, session record) loads on first use, keeping it out of the landing's initial JavaScript.
export const loadDirectUrl = () => import('./direct-url-flow');

/**
 * Starting a search from the box's words: a product link starts the direct-URL flow, words a text search; empty words
 * or a failure to start leave an error to show.
 */
export function useSearchStart() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function start(text: string) {
    const input = classifySearchInput(text);
    if (input.kind === 'empty') {
      setError(EMPTY_SEARCH_ERROR);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { startTextSearch, startUrlSearch } = await loadDirectUrl();
      // A search from the form is a new page in the history (back returns here); only the error path replaces.
      const go = (to: string, options?: { replace?: boolean; state?: unknown }) => {
        navigate(to, { state: options?.state, replace: to.startsWith('/?') ? true : false });
      };
      if (input.kind === 'url') startUrlSearch(input.url, go);
      else startTextSearch(input.query, go);
    } catch (caught) {
      console.error('The search could not start:', caught);
      setError('The search could not start. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return { error, busy, start };
}

/**
 * The suggestions list: open while the shopper types in the box, closed by Escape, a pick, leaving the box or a
 * search; the arrow keys move through it and Enter picks the active suggestion.
 */
export function useSuggestionList(value: string) {
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value, listOpen);
  const expanded = listOpen && suggestions.length > 0;

  function closeList() {
    setListOpen(false);
    setActive(-1);
  }
  /** Words typed: the list opens on them, with none of its suggestions active. */
  function typed() {
    setListOpen(true);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, pick: (product: ProductSummary) => Promise<void>) {
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      closeList();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!listOpen) setListOpen(true);
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box, down goes to the first suggestion and up to the last; past either end, back to the box.
      setActive((current) => {
        const next = current + step;
        if (current === -1) return step === 1 ? 0 : suggestions.length - 1;
        return next < 0 || next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const product = suggestions[active];
      if (!product) return;
      event.preventDefault();
      void pick(product);
    }
  }

  return { suggestions, expanded, active, closeList, typed, onKeyDown };
}
