/**
 * The API's composition root: every service of the process, built once from the configuration, the clock and the
 * open storage. `app.ts` decorates the instance with them (`app.<name>`); route files only translate HTTP to calls of
 * these services; what runs on a schedule or at start and stop is in `background.ts`. Nothing here starts a timer.
 */
import type { CatalogServices } from '@pricehunt/catalog-core';
import { createPageReadPool, createSafeFetcher, storeOriginFor, type PageReadPool } from '@pricehunt/catalog-identity';
import { createHostGate, createPageReader, createProductLines, createSearchService, createTypedAliases, keptCategories, type ProductLines, type SearchService, type TypedAliases } from '@pricehunt/catalog-search';
import { createMailer, createPriceAlertChecker, type Mailer, type PriceAlertChecker } from '@pricehunt/notifications';
import { catalogServicesOf, type DatabaseConnection, type Storage } from '@pricehunt/storage';
import type { AppConfig } from './config';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import { afterAnswer } from './lib/after-answer';
import { createAdminProducts, type AdminProducts } from './modules/admin/products';
import { createAdminService, type AdminService } from './modules/admin/service';
import { createSignInGuard, type SignInGuard } from './modules/auth/sign-in-guard';
import { newDevicesPausedEmail } from './modules/auth/sign-in-notice';
import { createBusinessAccountsService, type BusinessAccountsService } from './modules/business-auth/service';
import { createFeedSourceService, type FeedSourceService } from './modules/feeds/service';
import { createImageService, IMAGE_MAX_BYTES, IMAGE_MAX_REDIRECTS, type ImageService } from './modules/images/service';
import { createMatchReports, type MatchReports } from './modules/match-reports/service';
import { createAnalyticsService, type AnalyticsService } from './modules/merchant/analytics-service';
import { createMerchantProducts, type MerchantProducts } from './modules/merchant/products';
import { createMerchantService, type MerchantService } from './modules/merchant/service';
import { conversionOfPurchase, loggedStoreFetcher, merchantAccountPort, merchantRetailerOf, shopifyImporter, storeSourceUrl, type MerchantRetailerOf } from './modules/merchant/store-adapters';
import { createTxtLookup } from './modules/merchant/store-domains';
import { createStoreSyncService, type StoreSyncService } from './modules/merchant/store-sync';
import { createShopperPasswordResetService, type ShopperPasswordResetService } from './modules/shopper/password-reset';
import { createShopperDataService, type ShopperDataService } from './modules/shopper/service';
import { createShopperAccountsService, type ShopperAccountsService } from './modules/shopper-auth/service';
import { createLinkSigner, type LinkSigner } from './modules/tracking/link-signer';
import type { RedirectAllowList } from './modules/tracking/redirect-policy';
import { createTrackingService, type TrackingService } from './modules/tracking/service';
import { createWatchService, type WatchService } from './modules/watches/service';

/** What the root is built from. */
export interface CompositionInput {
  config: AppConfig;
  clock: Clock;
  database: DatabaseConnection;
  storage: Storage;
  log: Logger;
}

/** Every service of the API process (each is `app.<name>` on the Fastify instance). */
export interface ApiServices {
  mailer: Mailer;
  signInGuard: SignInGuard;
  businessAccounts: BusinessAccountsService;
  shopperAccounts: ShopperAccountsService;
  /** Shoppers' password resets by emailed link. */
  shopperPasswordReset: ShopperPasswordResetService;
  /** Signs redirect links the API emits (`linkSigner.redirectPath(url)`). */
  linkSigner: LinkSigner;
  tracking: TrackingService;
  /** Where /api/redirect may send shoppers (known retailers, verified stores, trusted catalog offer links). */
  redirectAllowList: RedirectAllowList;
  /** The catalog (repository, full-text index, matcher, ingestion, spelling, suggestions, price summaries). */
  catalog: CatalogServices;
  /** The threads pasted pages are read in, off the event loop (`createPageReadPool`); stopped when the app closes. */
  pageReadPool: PageReadPool;
  /** Answers searches (pasted links and typed words) and keeps the answers (`@pricehunt/catalog-search`). */
  searchService: SearchService;
  /** The lines of the catalog's products, read at start and after every import, so that a line's versions count once. */
  productLines: ProductLines;
  /** Names shoppers type otherwise than the catalog writes them ("ps5", "hewlett packard"), for searches and suggestions. */
  typedAliases: TypedAliases;
  /** Catalog pictures, fetched once, resized and kept on disk (`modules/images/service.ts`). */
  images: ImageService;
  /** Shoppers' price alerts: checked after every catalog import of this process and every PRICE_ALERT_CHECK_MINUTES. */
  priceAlerts: PriceAlertChecker;
  /** Shoppers' history, favourites and their price alerts. */
  shopperData: ShopperDataService;
  /** Shoppers' watches of products and links. */
  watches: WatchService;
  /** Shoppers' reports of a wrong comparison, and the admins' view of them. */
  matchReports: MatchReports;
  merchant: MerchantService;
  analytics: AnalyticsService;
  storeSync: StoreSyncService;
  merchantProducts: MerchantProducts;
  /** The catalog retailer a business's offers are listed under: its store domain, and the shop's name shoppers see. */
  merchantRetailer: MerchantRetailerOf;
  /** The feeds the workers refresh, as admins and merchants manage them. */
  feedSources: FeedSourceService;
  /** The admin console's businesses, retailers, audit, imports and overview. */
  admin: AdminService;
  /** The admin console's products: offers, held prices, merges. */
  adminProducts: AdminProducts;
}

type AccountServices = Pick<ApiServices, 'mailer' | 'signInGuard' | 'businessAccounts' | 'shopperAccounts' | 'shopperPasswordReset'>;

function accountServices({ config, clock, storage, log }: CompositionInput): AccountServices {
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outbox: storage.outbox, log, production: config.NODE_ENV === 'production' });
  const resetPages = { business: new URL('/reset-password', config.MERCHANT_APP_URL).toString(), shopper: new URL('/reset-password', config.SHOPPER_APP_URL).toString() };
  const signInGuard = createSignInGuard({
    repo: storage.signInGuard,
    enabled: config.RATE_LIMIT_ENABLED,
    freeFailures: config.SIGN_IN_FREE_FAILURES,
    freeFailuresPerAddress: config.SIGN_IN_FREE_FAILURES_PER_ADDRESS,
    accountFreeFailures: config.SIGN_IN_ACCOUNT_FREE_FAILURES,
    accountMaxPerHour: config.SIGN_IN_ACCOUNT_MAX_PER_HOUR,
    deviceMaxPerHour: config.SIGN_IN_DEVICE_MAX_PER_HOUR,
    maxWaitSeconds: config.SIGN_IN_MAX_WAIT_SECONDS,
    now: () => clock.now(),
    // The owner's notice goes after the answer, which is the same whether or not a mail follows.
    onNewDevicesPaused: (event) => {
      log.warn({ audience: event.audience, accountId: event.accountId, until: event.until }, 'sign-ins from new devices paused');
      afterAnswer(log, 'sign-in pause notice', () => mailer.send(newDevicesPausedEmail(event, resetPages)));
    },
  });
  const confirmations = storage.emailConfirmations;
  return {
    mailer,
    signInGuard,
    businessAccounts: createBusinessAccountsService({ repo: storage.businessAccounts, confirmations, log, config, mailer, signInGuard }),
    shopperAccounts: createShopperAccountsService({ repo: storage.shopperAccounts, confirmations, log, mailer, config, signInGuard }),
    shopperPasswordReset: createShopperPasswordResetService({ repo: storage.shopperAccounts, config, mailer, log, signInGuard }),
  };
}

function trackingServices({ config, clock, storage, log }: CompositionInput): Pick<ApiServices, 'linkSigner' | 'tracking' | 'redirectAllowList'> {
  const linkSigner = createLinkSigner(config.redirectSigningSecret);
  const tracking = createTrackingService({ repo: storage.tracking, trust: storage.redirectTrust, log, config, signer: linkSigner, now: clock.now });
  return { linkSigner, tracking, redirectAllowList: tracking.allowList };
}

type SearchServices = Pick<ApiServices, 'catalog' | 'pageReadPool' | 'searchService' | 'productLines' | 'typedAliases' | 'images'>;

function searchServices({ config, clock, database, storage }: CompositionInput, linkSigner: LinkSigner): SearchServices {
  // Searches and spelling read through the app's ports; imports through the engine's own store.
  const catalog = catalogServicesOf(database, storage);
  const pageReadPool = createPageReadPool({ timeoutMs: config.PAGE_READ_TIMEOUT_MS });
  const pages = createPageReader({
    allowLoopback: config.FETCH_ALLOW_LOOPBACK,
    pool: pageReadPool,
    originOverrides: config.STORE_ORIGIN_OVERRIDES,
    // One request to a shop's host every PAGE_HOST_SPACING_MS of real time, across every instance of the API.
    hostGate: config.PAGE_HOST_SPACING_MS > 0 ? createHostGate({ counters: storage.rateLimits, spacingMs: config.PAGE_HOST_SPACING_MS }) : undefined,
  });
  const typedAliases = createTypedAliases(storage.searchIndex);
  const searchService = createSearchService({
    catalog: storage.catalog,
    index: storage.searchIndex,
    matcher: catalog.matcher,
    spelling: catalog.spelling,
    aliases: typedAliases,
    listCategories: keptCategories(() => storage.catalog.listCategories()),
    requests: storage.searchRequests,
    placement: catalog.pages,
    signLink: (to) => linkSigner.sign(to),
    pages,
    clock: () => new Date(clock.now()),
  });
  const imageFetcher = createSafeFetcher({
    allowLoopback: config.FETCH_ALLOW_LOOPBACK,
    timeoutMs: config.IMAGE_FETCH_TIMEOUT_MS,
    maxBytes: IMAGE_MAX_BYTES,
    maxRedirects: IMAGE_MAX_REDIRECTS,
  });
  const images = createImageService({ cacheDir: config.IMAGE_CACHE_DIR, fetcher: imageFetcher, maxBytes: IMAGE_MAX_BYTES });
  return { catalog, pageReadPool, searchService, productLines: createProductLines(storage.catalog), typedAliases, images };
}

type MerchantServices = Pick<ApiServices, 'merchant' | 'analytics' | 'storeSync' | 'merchantProducts' | 'merchantRetailer'>;

function merchantServices({ config, clock, storage, log }: CompositionInput, parts: Pick<ApiServices, 'catalog' | 'tracking' | 'feedSources'>): MerchantServices {
  const overrides = config.STORE_ORIGIN_OVERRIDES;
  const fetcher = loggedStoreFetcher(createSafeFetcher({ allowLoopback: config.FETCH_ALLOW_LOOPBACK, timeoutMs: 15_000, maxBytes: 20 * 1024 * 1024 }), log);
  const merchantRetailer = merchantRetailerOf(storage.businessAccounts);
  const merchant = createMerchantService({
    repository: storage.merchant,
    accounts: merchantAccountPort(storage),
    fetchPage: async (url) => {
      const page = await fetcher.fetch(url);
      return { status: page.status, url: page.finalUrl, body: page.body };
    },
    storeOrigin: (domain) => storeOriginFor(domain, overrides),
    lookupTxt: createTxtLookup(config.DNS_SERVERS),
    now: clock.now,
    // One transaction of the catalog port, after the proof change's own (the merchant port's): a crash between the two
    // leaves the business's offers as they were until its store's trust changes again.
    onTrustChanged: async (businessId) => {
      const changed = await storage.catalog.refreshStoreTrust(businessId, new Date(clock.now()).toISOString());
      log.info({ businessId, offers: changed }, 'store trust changed');
    },
    onShopRenamed: async (businessId) => {
      const retailer = await merchantRetailer(businessId);
      if (retailer) await storage.catalog.renameRetailer(retailer.id, retailer.name);
    },
  });
  const storeSync = createStoreSyncService({
    repository: storage.merchant,
    log,
    now: clock.now,
    storeDomainOf: async (businessId) => (await storage.businessAccounts.findById(businessId))?.storeDomain ?? null,
    importShopify: shopifyImporter({ fetcher, overrides, catalog: storage.catalog, ingestion: parts.catalog.ingestion, merchant, merchantRetailer }),
    onEnded: async (sync) => {
      const retailer = await merchantRetailer(sync.businessId);
      if (retailer) await parts.feedSources.recordStoreSync(retailer, storeSourceUrl(retailer, overrides), sync);
    },
  });
  parts.tracking.onPurchase(conversionOfPurchase(merchant, log));
  return {
    merchant,
    analytics: createAnalyticsService({ repository: storage.merchantAnalytics, now: clock.now }),
    storeSync,
    merchantProducts: createMerchantProducts({ catalog: storage.catalog, now: () => new Date(clock.now()) }),
    merchantRetailer,
  };
}

/** Builds every service of the API once, in the order they depend on one another. */
export function composeApi(input: CompositionInput): ApiServices {
  const { config, clock, storage, log } = input;
  const now = () => new Date(clock.now());
  const accounts = accountServices(input);
  const tracking = trackingServices(input);
  const search = searchServices(input, tracking.linkSigner);
  const { catalog, searchService } = search;
  const feedSources = createFeedSourceService({
    sources: storage.feedSources,
    retailers: { find: (id) => storage.admin.findRetailer(id), list: () => storage.admin.listRetailers() },
    audit: (entry, at) => storage.admin.insertAudit(entry, at),
    now,
  });
  return {
    ...accounts,
    ...tracking,
    ...search,
    priceAlerts: createPriceAlertChecker({ repo: storage.priceAlerts, mailer: accounts.mailer, log, shopperAppUrl: config.SHOPPER_APP_URL }),
    shopperData: createShopperDataService({ repo: storage.shopper, clock: now }),
    watches: createWatchService({ repo: storage.watches, catalog: storage.catalog, search: searchService, mailer: accounts.mailer, shopperAppUrl: config.SHOPPER_APP_URL, clock: () => clock.now() }),
    matchReports: createMatchReports({ repo: storage.matchReports, searches: searchService, catalog: storage.catalog, now }),
    ...merchantServices(input, { catalog, tracking: tracking.tracking, feedSources }),
    feedSources,
    admin: createAdminService({ repo: storage.admin, catalog: { ingestion: catalog.ingestion, repository: storage.catalog }, log, now }),
    adminProducts: createAdminProducts({ catalog: storage.catalog, now }),
  };
}
