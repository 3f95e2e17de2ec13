export { InvalidUrlError, parseHttpUrl, tryParseHttpUrl, type InvalidUrlReason } from './lib/errors';
export { hostMatchesDomain, normalizeHost, stripWww } from './lib/host';
export {
  RETAILER_IDS,
  RETAILERS,
  RETAILER_LIST,
  getRetailer,
  isRetailerId,
  retailerDomainForHost,
  retailerForHost,
  retailerForUrl,
  type Retailer,
  type RetailerId,
} from './lib/retailers';
export {
  KNOWN_MARKETPLACES,
  KNOWN_MARKETPLACE_DOMAINS,
  SHOPIFY_DOMAIN_MARKERS,
  isShopifyDomain,
  knownMarketplaceDomain,
  knownMarketplaceFor,
  type KnownMarketplace,
} from './lib/known-marketplaces';
export { TRACKING_PARAMS, isTrackingParam } from './lib/tracking-params';
export {
  CJ_DOMAINS,
  EBAY_ROVER_HOST,
  IMPACT_HOSTS,
  PARTNERIZE_HOST,
  RAKUTEN_HOST,
  isDeepLinkHost,
  parseDeepLink,
  unwrapDeepLink,
  type DeepLink,
  type DeepLinkNetwork,
} from './lib/deep-links';
export { extractProductId, productIdFor, type ProductRef } from './lib/product-id';
export { canonicalizeUrl, tryCanonicalizeUrl } from './lib/canonicalize';
