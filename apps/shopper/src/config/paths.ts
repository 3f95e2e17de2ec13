import { foldAccents } from '@pricehunt/contracts';

/** The one table of the shopper site's paths (SPEC §2). */
export const paths = {
  home: '/',
  demoLanding: '/demo-landing',
  landing2: '/landing2',
  browse: '/browse',
  browseCategory: (category: string) => `/browse/${encodeURIComponent(category)}`,
  /** Products well under their typical price; `?category=<slug>` narrows them. */
  deals: '/deals',
  /** A product's own page, the stable URL search engines and shared links know it by: `/product/<id>/<slug of its title>`. */
  product: (id: number, title: string) => `/product/${id}/${productSlug(title)}`,
  newSearch: (requestId: string, slug: string) => `/new-search/${requestId}/${slug}`,
  search: (requestId: string, slug: string) => `/search/${requestId}/${slug}`,
  /** A search to start from a link: `/search?q=<words or a product link>`. */
  querySearch: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  history: '/history',
  favorites: '/favorites',
  login: '/login',
  resetPassword: '/reset-password',
  /** The link of the sign-up email: `/confirm-email?token=…`. */
  confirmEmail: '/confirm-email',
  /** The "stop this alert" link of price-alert emails: `/alerts/stop?token=…`. */
  stopAlert: '/alerts/stop',
  /** The signed-in shopper's watched products and links. */
  watches: '/watches',
  /** The link of the email that starts a signed-out shopper's watch: `/watches/confirm?token=…`. */
  confirmWatch: '/watches/confirm',
  /** The "stop watching" link of a watch's messages: `/watches/stop?token=…`. */
  stopWatch: '/watches/stop',
  trackingTest: '/tracking-test',
  realTrackingTest: '/real-tracking-test',
} as const;

/**
 * The words of a product's URL: its title in lower case, letters and digits, hyphen-separated, at most 80 characters
 * cut at a word ("sony-wh-1000xm5-wireless-noise-canceling-headphones"); "product" when nothing is left.
 */
export function productSlug(title: string): string {
  const words = foldAccents(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = words.length > 80 ? words.slice(0, 80).replace(/-[^-]*$/, '') : words;
  return cut || 'product';
}

/** The landing page's error for a link that is not a URL (SPEC §2, §5). */
export const INVALID_URL_ERROR = 'invalid-url';

/** A path that carries a pasted product URL: `/https://…` or `/http://…` (a browser may collapse `//`). */
export const PRODUCT_URL_PATH = /^\/https?:\/\/?/i;
