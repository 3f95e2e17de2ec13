import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { extractUrlFromPath, startUrlSearch } from './direct-url';

export const PROCESSING_URL_TEXT = 'Processing URL...';

/**
 * Runs the direct-URL behaviour for the current location: when the path carries a pasted product URL it
 * starts the search (or sends the shopper to `/?error=invalid-url`). `isProcessing` is true meanwhile.
 */
export function useDirectUrlDetector(): { isProcessing: boolean; productUrl: string | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const pathAndSearch = `${location.pathname}${location.search}`;
  const productUrl = extractUrlFromPath(pathAndSearch);
  // One location is handled once, even when effects run twice (React strict mode).
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!productUrl || handled.current === location.key) return;
    handled.current = location.key;
    startUrlSearch(productUrl, (to, options) => {
      navigate(to, options);
    });
  }, [productUrl, location.key, navigate]);

  return { isProcessing: productUrl !== null, productUrl };
}

export interface DirectUrlDetectorProps {
  /** Shown when the location carries no product URL (e.g. the landing page). */
  children?: ReactNode;
}

/** Shows "Processing URL..." while a pasted product URL is turned into a search; otherwise its children. */
export function DirectUrlDetector({ children }: DirectUrlDetectorProps) {
  const { isProcessing } = useDirectUrlDetector();
  if (isProcessing) {
    return (
      <p className="ph-direct-url" role="status">
        {PROCESSING_URL_TEXT}
      </p>
    );
  }
  return <>{children}</>;
}
