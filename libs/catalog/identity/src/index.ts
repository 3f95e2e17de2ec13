export {
  extractProductIdentity,
  parsePrice,
  parseAvailability,
  parseLenientJson,
  cleanTitleTag,
  type PageItem,
  type IdentitySource,
  type Availability,
  type ExtractOptions,
} from './lib/page-identity';
export { decodeEntities } from './lib/html';
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
  type SafeFetcher,
  type SafeFetcherOptions,
  type FetchedPage,
  type Resolver,
  type ResolvedAddress,
} from './lib/safe-fetch';
export {
  SafeFetchError,
  InvalidUrlError,
  SsrfBlockedError,
  FetchTooLargeError,
  FetchTimeoutError,
  TooManyRedirectsError,
  FetchFailedError,
  type SafeFetchErrorCode,
} from './lib/errors';
