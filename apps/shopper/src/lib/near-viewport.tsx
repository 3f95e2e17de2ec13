import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once their place comes within `margin` of the viewport (at once where the browser cannot tell);
 * until then, and on the server, an empty block with `className` holds the place. For parts below the fold that cost
 * a request, code and drawing (a chart): a phone does that work when the shopper gets near them, not while the page
 * starts.
 */
export function NearViewport({ children, className, margin = '600px 0px' }: { children: ReactNode; className: string; margin?: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = place.current;
    if (near || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin });
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? <>{children}</> : <div ref={place} className={className} aria-hidden="true" />;
}
