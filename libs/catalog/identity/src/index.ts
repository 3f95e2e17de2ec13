export {
  extractProductIdentity,
  parsePrice,
  parseAvailability,
  parseLenientJson,
  parseCondition,
  parseStockState,
  stockStateOfWording,
  cleanTitleTag,
  type PageItem,
  type PageShipping,
  type ItemCondition,
  type StockState,
  type IdentitySource,
  type Availability,
  type ExtractOptions,
} from './lib/page-identity';
export { decodeEntities } from './lib/html';
export { decodePage } from './lib/charset';
export { slugQueryFromUrl } from './lib/slug';
export {
  checkAddress,
  checkIpv4,
  checkIpv6,
  parseIpv4Loose,
  parseIpv6,
  literalAddress,
  type AddressVerdict,
  type GuardOptions,
} from './lib/ip-guard';
export {
  createSafeFetcher,
  loopbackAllowedHere,
  type SafeFetcher,
  type SafeFetcherOptions,
  type SafeHttpClient,
  type SafeRequestOptions,
  type SafeResponse,
  type FetchedPage,
  type PageConditions,
  type Resolver,
  type ResolvedAddress,
} from './lib/safe-fetch';
export {
  FEED_MAX_BYTES,
  FEED_TIMEOUT_MS,
  createSafeFetchLike,
  fetchFeed,
  readFeedBody,
  type FeedFetchOptions,
  type FeedFetchResult,
  type FeedFetched,
  type FeedNotModified,
  type FetchLikeAnswer,
  type SafeFetchLike,
} from './lib/feed-fetch';
export {
  SafeFetchError,
  InvalidUrlError,
  SsrfBlockedError,
  FetchTooLargeError,
  FetchTimeoutError,
  TooManyRedirectsError,
  FetchFailedError,
  FeedHttpError,
  FeedTruncatedError,
  type SafeFetchErrorCode,
} from './lib/errors';
export { fetchUrlFor, parseStoreOriginOverrides, publicOriginFor, storeOriginFor, storeOriginOverridesSchema, type StoreOriginOverrides } from './lib/store-origins';
export { createRobotsGate, parseRobots, robotsAllow, ROBOTS_AGENT, ROBOTS_KEEP_MS, RobotsUnavailableError, type RobotsFile, type RobotsGate, type RobotsRule } from './lib/robots';
export { createPageReadPool, PAGE_READ_MAX_BYTES, PAGE_READ_TIMEOUT_MS, type PageReadPool, type PageReadPoolOptions } from './lib/read-pool/read-pool';
export {
  PageReadError,
  PageReadTimeoutError,
  PageReadTooLargeError,
  PageReadBusyError,
  PageReadFailedError,
  PageReadPoolClosedError,
  type PageReadErrorCode,
} from './lib/read-pool/errors';
