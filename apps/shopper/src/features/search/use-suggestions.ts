import type { ProductSummary } from '@pricehunt/contracts';
import { useEffect, useState } from 'react';
import { classifySearchInput } from './search-input';

/** Quiet time after a keystroke before suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

// The request code (and the validation library) loads with the first suggestion, not with the page.
const loadSuggestApi = () => import('./suggest-api');

/**
 * Suggestions for what is in the search box: none for a link, for fewer than two characters, or while `enabled` is
 * false; otherwise the API's, asked once typing pauses, each answer replacing the last (older requests are cancelled).
 * A failed request leaves no suggestions: they are a shortcut, never in the way of the search itself.
 */
export function useSuggestions(text: string, enabled: boolean): ProductSummary[] {
  const [suggestions, setSuggestions] = useState<{ for: string; items: ProductSummary[] }>({ for: '', items: [] });
  const input = classifySearchInput(text);
  const words = input.kind === 'query' && input.query.length >= 2 ? input.query : null;

  useEffect(() => {
    if (!enabled || !words) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      loadSuggestApi()
        .then(({ fetchSuggestions }) => fetchSuggestions(words, controller.signal))
        .then((items) => {
          if (!controller.signal.aborted) setSuggestions({ for: words, items });
        })
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions({ for: words, items: [] });
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [words, enabled]);

  // While the shopper types on, the last suggestions stay until the new ones arrive (no flicker); suggestions for
  // words the box no longer begins with are never shown.
  const current = enabled && words !== null && suggestions.for !== '' && words.toLowerCase().startsWith(suggestions.for.toLowerCase());
  return current ? suggestions.items : [];
}
