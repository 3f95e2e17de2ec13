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

/** "Previous page" / "Next page" around "Page N of M", each button disabled at its end. */
export function Pager({ page, pages, onPage, className, size = 'sm' }: PagerProps) {
  return (
    <nav className={['ph-pager', className].filter(Boolean).join(' ')} aria-label="Pages">
      <Button variant="secondary" size={size} disabled={page <= 1} onClick={() => onPage(page - 1)}>
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
