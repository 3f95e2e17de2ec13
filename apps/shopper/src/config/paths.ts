/** The one table of the shopper site's paths (SPEC §2). */
export const paths = {
  home: '/',
  demoLanding: '/demo-landing',
  landing2: '/landing2',
  browse: '/browse',
  browseCategory: (category: string) => `/browse/${encodeURIComponent(category)}`,
  /** Products well under their typical price; `?category=<slug>` narrows them. */
  deals: '/deals',
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
  trackingTest: '/tracking-test',
  realTrackingTest: '/real-tracking-test',
} as const;

/** The landing page's error for a link that is not a URL (SPEC §2, §5). */
export const INVALID_URL_ERROR = 'invalid-url';

/** A path that carries a pasted product URL: `/https://…` or `/http://…` (a browser may collapse `//`). */
export const PRODUCT_URL_PATH = /^\/https?:\/\/?/i;
