import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list page's state kept in the address, so a filtered page can be bookmarked and shared: the committed search
 * (`q`), the page number, the search box's text while typed, and `update`, which sets keys or clears them (null or
 * empty). `submitSearch` commits the box's text and goes back to the first page.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(q);
  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') copy.delete(key);
        else copy.set(key, value);
      }
      return copy;
    });
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim(), page: null });
  };
  return { params, q, page, search, setSearch, update, submitSearch };
}
