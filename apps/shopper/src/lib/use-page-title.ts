import { useEffect } from 'react';

/** Sets the document title for the current page. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · PriceHunt` : 'PriceHunt: compare prices across retailers';
  }, [title]);
}
