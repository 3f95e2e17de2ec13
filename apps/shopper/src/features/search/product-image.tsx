import { imageAtWidth, isImageRoute, type ImageWidth } from '@pricehunt/contracts';
import { useEffect, useRef, useState } from 'react';

export type ProductImageSize = 'xs' | 'sm' | 'md' | 'lg';

/**
 * Each size's box in CSS pixels (the `width`/`height` attributes, so the page keeps the picture's place before it
 * comes) and the widths the image route is asked for: the box's, and twice it for dense screens.
 */
export const PRODUCT_IMAGE_SIZES: Readonly<Record<ProductImageSize, { box: number; widths: readonly [ImageWidth, ImageWidth] }>> = {
  xs: { box: 40, widths: [96, 96] },
  sm: { box: 64, widths: [96, 160] },
  md: { box: 96, widths: [96, 240] },
  lg: { box: 200, widths: [240, 480] },
};

/**
 * A product picture from the API's image route, or a neutral placeholder of the same size when there is none, when
 * the link is no image route's (an answer stored before pictures were served so), or when it fails to load. `eager`:
 * the picture is in the first screen (the first cards, a product page's picture), so it is not left to load lazily.
 */
export function ProductImage({ src, alt, size = 'md', eager = false }: { src: string | null | undefined; alt: string; size?: ProductImageSize; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const { box, widths } = PRODUCT_IMAGE_SIZES[size];
  const shown = isImageRoute(src) && !failed;
  useEffect(() => {
    // A new picture gets its chance; one that failed before the page was hydrated fired its error with no one listening.
    const element = image.current;
    setFailed(Boolean(element && element.complete && element.naturalWidth === 0));
  }, [src]);
  if (!shown) {
    return (
      <div
        className={`ph-product-image ph-product-image--${size} ph-product-image--empty`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-placeholder=""
      >
        <svg viewBox="0 0 24 24" width={Math.min(32, box / 2)} height={Math.min(32, box / 2)} aria-hidden="true">
          <path d="M4 7h16v12H4zM8 7V5h8v2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </div>
    );
  }
  const [one, two] = widths;
  return (
    <img
      ref={image}
      className={`ph-product-image ph-product-image--${size}`}
      src={imageAtWidth(src, one)}
      srcSet={two === one ? undefined : `${imageAtWidth(src, one)} 1x, ${imageAtWidth(src, two)} 2x`}
      width={box}
      height={box}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={() => setFailed(true)}
    />
  );
}
