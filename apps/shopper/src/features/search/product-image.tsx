import { useState } from 'react';

/** A product picture, or a neutral placeholder when there is none or it fails to load. */
export function ProductImage({ src, alt, size = 'md' }: { src: string | null | undefined; alt: string; size?: 'sm' | 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={`ph-product-image ph-product-image--${size} ph-product-image--empty`} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path d="M4 7h16v12H4zM8 7V5h8v2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </div>
    );
  }
  return <img className={`ph-product-image ph-product-image--${size}`} src={src} alt={alt} loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
}
