import { AVAILABILITIES, CONDITIONS } from '@pricehunt/contracts';
import { z } from 'zod';

// Stock states and conditions that the many spellings of feeds are normalised into.
export { AVAILABILITIES, CONDITIONS };
export type { Availability, Condition } from '@pricehunt/contracts';

/** Longest title, description and id we keep; longer values are a row error, never silently cut. */
export const LIMITS = {
  externalId: 200,
  title: 1_000,
  description: 10_000,
  url: 2_048,
  short: 200,
  /** Additional images kept per offer (Google Merchant Center accepts 10). */
  additionalImages: 10,
} as const;

/** Largest price we accept: 100 million dollars, in cents. Anything above is a typo or a unit mix-up. */
export const MAX_PRICE_CENTS = 10_000_000_000;

const cents = z.number().int('must be a whole number of cents').min(0, 'must not be negative').max(MAX_PRICE_CENTS, 'is implausibly large');

const httpUrl = z
  .string()
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .refine((value) => isHttpUrl(value), 'must be an absolute http(s) URL');

const optionalText = (max: number) => z.string().min(1, 'must not be empty').max(max, `must be at most ${max} characters`).optional();

/** The one normalised offer record every parser in this library produces. */
export const feedOfferSchema = z
  .object({
    externalId: z.string().min(1, 'is required').max(LIMITS.externalId, `must be at most ${LIMITS.externalId} characters`),
    retailer: optionalText(LIMITS.short),
    url: httpUrl,
    title: z.string().min(1, 'is required').max(LIMITS.title, `must be at most ${LIMITS.title} characters`),
    description: optionalText(LIMITS.description),
    brand: optionalText(LIMITS.short),
    mpn: optionalText(LIMITS.short),
    gtin: z
      .string()
      .regex(/^\d+$/, 'must contain digits only')
      .refine((value) => isValidGtin(value), 'must be 8, 12, 13 or 14 digits with a valid check digit')
      .optional(),
    priceCents: cents,
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code'),
    salePriceCents: cents.optional(),
    shippingCents: cents.optional(),
    availability: z.enum(AVAILABILITIES),
    condition: z.enum(CONDITIONS),
    imageUrl: httpUrl.optional(),
    /** Further images of the product (`additional_image_link`), without the main one, in the feed's order. */
    additionalImageUrls: z.array(httpUrl).min(1).max(LIMITS.additionalImages).optional(),
    category: optionalText(LIMITS.short * 5),
    sku: optionalText(LIMITS.short),
    compareAtPriceCents: cents.optional(),
  })
  .strict();

export type FeedOffer = z.infer<typeof feedOfferSchema>;

/** One rejected row: where it was, which field was wrong, and why. */
export interface RowError {
  /** 1-based line of the row in its source (for XML the line of the item's opening tag; for JSON the item index, see each parser). */
  line: number;
  /** Name of the offending field in the source's own vocabulary (`price`, `g:gtin`, `variants[2].price`, …) or `row` for the whole row. */
  field: string;
  reason: string;
}

/** What every parser returns for a whole input. */
export interface FeedParseResult {
  offers: FeedOffer[];
  errors: RowError[];
  /** Number of data rows seen (good plus bad); header and blank lines are not rows. */
  total: number;
}

/**
 * One element of the streaming form: either a good offer or the errors of a bad row. A good offer may carry
 * `warnings`: values that were left out rather than rejecting the row (a GTIN with a bad check digit, a delivery
 * cost that is no price), each named as an error would be.
 */
export type FeedRow =
  | { line: number; offer: FeedOffer; errors?: undefined; warnings?: RowError[] }
  | { line: number; offer?: undefined; errors: RowError[]; warnings?: undefined };

export interface FeedProgress {
  rows: number;
  offers: number;
  errors: number;
}

export interface StreamOptions {
  /** Called every `progressEvery` rows and once at the end. */
  onProgress?: (progress: FeedProgress) => void;
  /** Rows between progress calls; default 1000. */
  progressEvery?: number;
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** GS1 check digit over every digit but the last. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for GTIN-8, UPC-A (12), EAN-13 and GTIN-14 strings whose check digit is right. */
export function isValidGtin(value: string): boolean {
  if (!/^\d+$/.test(value)) return false;
  if (value.length !== 8 && value.length !== 12 && value.length !== 13 && value.length !== 14) return false;
  return gtinCheckDigit(value.slice(0, -1)) === value.charCodeAt(value.length - 1) - 48;
}
