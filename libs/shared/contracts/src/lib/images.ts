import { z } from 'zod';

/**
 * Product pictures are served by the API's image route only (`GET /api/images/products/:id`, `/api/images/offers/:id`),
 * resized to one of these widths (CSS pixels times the screen's density), so that shoppers' browsers never fetch a
 * retailer's host.
 */
export const IMAGE_WIDTHS = [96, 160, 240, 320, 480, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The width served when a request names none. */
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 320;

/**
 * A short version of a picture's source URL (FNV-1a, 64 bits in two halves, base 36): the image route's URLs carry it,
 * so a product whose picture changes gets a new URL and caches may keep each one forever.
 */
export function imageVersion(sourceUrl: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ sourceUrl.length;
  for (let i = 0; i < sourceUrl.length; i++) {
    const code = sourceUrl.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code ^ (a >>> 7), 0x5bd1e995) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}`;
}

/** The image route's URL (relative to the site) of a product's picture, without a width; null when it has none. */
export function productImagePath(productId: number, sourceUrl: string | null | undefined): string | null {
  return sourceUrl ? `/api/images/products/${productId}?v=${imageVersion(sourceUrl)}` : null;
}

/** The image route's URL of an offer's picture, without a width; null when it has none. */
export function offerImagePath(offerId: number, sourceUrl: string | null | undefined): string | null {
  return sourceUrl ? `/api/images/offers/${offerId}?v=${imageVersion(sourceUrl)}` : null;
}

/** Only the image route's own URLs are shown: a stored answer or favorite from before may hold a retailer's link. */
export function isImageRoute(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^\/api\/images\/(?:products|offers)\/\d+\?v=[0-9a-z]{1,32}$/.test(url);
}

/** An image route URL at one width (`/api/images/products/7?v=…&w=160`). */
export function imageAtWidth(path: string, width: ImageWidth): string {
  return `${path}&w=${width}`;
}

/** The smallest allowed width at least `cssPixels × density` wide (the largest when none is). */
export function imageWidthFor(cssPixels: number, density = 1): ImageWidth {
  const wanted = cssPixels * density;
  return IMAGE_WIDTHS.find((width) => width >= wanted) ?? 960;
}

export const imageParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a product or offer id' }).int('id must be a product or offer id').positive('id must be a product or offer id'),
});

const widthMessage = `w must be one of ${IMAGE_WIDTHS.join(', ')}`;

export const imageQuerySchema = z.object({
  /** The width in pixels, one of IMAGE_WIDTHS; DEFAULT_IMAGE_WIDTH when absent. */
  w: z
    .string()
    .regex(/^\d{1,4}$/, widthMessage)
    .transform(Number)
    .refine((value): value is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(value), widthMessage)
    .optional(),
  /** The source's version (`imageVersion`); a URL with an outdated one is answered the current picture, briefly cacheable. */
  v: z.string().regex(/^[0-9a-z]{1,32}$/, 'v must be the version the image URL was given with').optional(),
});
export type ImageQuery = z.infer<typeof imageQuerySchema>;
