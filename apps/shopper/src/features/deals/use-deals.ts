import type { Deal } from '@pricehunt/contracts';
import { useEffect, useRef, useState } from 'react';
import { useAsync } from '../../lib/use-async';
import { getDeals } from './api';

/** Deals per request: the first page, and each "Show more". */
export const DEALS_PAGE_SIZE = 12;

/**
 * The deals of a category (`''`: of all): the first page (rendered by the server), then each page "Show more" adds;
 * after one is added, the keyboard goes on from its first deal (`focusAt`, whose link is to be put in `firstNew`).
 */
export function useDeals(category: string) {
  const first = useAsync(`deals:${category}`, (signal) => getDeals({ category: category || undefined, limit: DEALS_PAGE_SIZE }, signal));
  // Pages after the first, for the category they were loaded for.
  const [more, setMore] = useState<{ category: string; items: Deal[]; next: string | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const firstNew = useRef<HTMLAnchorElement | null>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);

  const loaded = first.status === 'success' ? first.data : null;
  const extra = more && more.category === category ? more : null;
  const items = loaded ? [...loaded.items, ...(extra?.items ?? [])] : [];
  const next = extra ? extra.next : (loaded?.nextCursor ?? null);

  // After "Show more", the keyboard goes on from the first deal it added.
  useEffect(() => {
    if (focusAt !== null) firstNew.current?.focus();
  }, [focusAt]);

  /** Forgets the pages "Show more" added (another category is chosen). */
  const resetMore = () => {
    setMore(null);
    setMoreError(null);
  };

  const showMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await getDeals({ category: category || undefined, limit: DEALS_PAGE_SIZE, cursor: next });
      setMore({ category, items: [...(extra?.items ?? []), ...page.items], next: page.nextCursor });
      setFocusAt(items.length);
    } catch (error) {
      setMoreError(error);
    } finally {
      setLoadingMore(false);
    }
  };

  return { first, loaded, items, next, loadingMore, moreError, focusAt, firstNew, showMore, resetMore };
}
