import { Button, type ButtonSize } from './button';

export interface PagerProps {
  page: number;
  pages: number;
  /** Gets the page to show. */
  onPage: (page: number) => void;
  /** The app's layout class for the bar. */
  className?: string;
  size?: ButtonSize;
}

/**
 * "Previous page" / "Next page" around "Page N of M", each button disabled at its end. Nothing when everything fits
 * on the first page; a page past the end keeps the bar, and "Previous page" leads from it to the last page.
 */
export function Pager({ page, pages, onPage, className, size = 'sm' }: PagerProps) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={['ph-pager', className].filter(Boolean).join(' ')} aria-label="Pages">
      <Button variant="secondary" size={size} disabled={page <= 1} onClick={() => onPage(page > pages ? Math.max(1, pages) : page - 1)}>
        Previous page
      </Button>
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size={size} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </nav>
  );
}
