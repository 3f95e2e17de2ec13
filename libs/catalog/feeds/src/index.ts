export * from './lib/offer';
export { displayCase } from './lib/display-case';
export {
  currencyMinorUnits,
  currencyOfLocale,
  isIsoCurrency,
  parsePrice,
  readCurrency,
  readPrice,
  writtenDecimals,
  type ParsedPrice,
  type PriceMode,
  type PriceReading,
  type PriceResult,
  type ReadPriceOptions,
  type ReadPriceResult,
} from './lib/price';
export {
  buildOffer,
  clean,
  normaliseAvailability,
  normaliseCondition,
  type BuildOptions,
  type FieldNames,
  type OfferDraft,
} from './lib/normalise';
export { FeedFormatError, collectRows, textChunks, withProgress, type TextSource } from './lib/stream';
export {
  DELIMITER_CANDIDATES,
  DelimitedReader,
  parseDelimited,
  readDelimited,
  readDelimitedSniffed,
  sniffDelimiter,
  type DelimitedOptions,
  type DelimitedRecord,
} from './lib/delimited';
export type { GmcOptions } from './lib/gmc-shared';
export { parseGmcTsv, readGmcTsv } from './lib/gmc-tsv';
export { GOOGLE_NAMESPACE, XmlItemSplitter, parseGmcXml, readGmcXml, type XmlItem } from './lib/gmc-xml';
export type { AffiliateFeedOptions } from './lib/affiliate-shared';
export { awinDestination, parseAwinCsv, readAwinCsv, type AwinOptions } from './lib/awin-csv';
export { parseImpactCsv, readImpactCsv, type ImpactOptions } from './lib/impact-csv';
export {
  FEED_FORMATS,
  TEXT_FEED_FORMATS,
  isFeedFormat,
  isTextFeedFormat,
  readFeedText,
  type ReadFeedOptions,
  type TextFeedFormat,
} from './lib/read-feed';
export {
  SHOPIFY_PAGE_LIMIT,
  fetchShopifyPages,
  fetchShopifyProducts,
  htmlToText,
  parseShopifyProducts,
  readShopifyProducts,
  shopifyProductRows,
  shopifyProductsPageUrl,
  shopifyStopReason,
  storeOrigin,
  type FetchLike,
  type ShopifyFetchOptions,
  type ShopifyOptions,
  type ShopifyPage,
  type ShopifyProduct,
  type ShopifyStopReason,
  type ShopifyVariant,
} from './lib/shopify';
export {
  ER_MAGELLAN_DATASETS,
  erMagellanExternalId,
  erMagellanUrl,
  isDerivedErMagellanId,
  parseErMagellanTable,
  readErMagellanPairs,
  readErMagellanRecords,
  readErMagellanTable,
  type ErMagellanDataset,
  type ErMagellanPair,
  type ErMagellanRecord,
  type ErMagellanRecordRow,
  type ErMagellanRetailer,
  type ErMagellanSide,
  type ErMagellanSplit,
} from './lib/er-magellan';
export { slugify } from './lib/slug';
export { Rng, mix32 } from './lib/generator/rng';
export { CATEGORIES, LINES, type CategoryId, type CategorySpec, type LineSpec } from './lib/generator/catalog-data';
export { generateProducts, colourCode, type GenerateProductsOptions, type SyntheticProduct } from './lib/generator/products';
export {
  SYNTHETIC_RETAILERS,
  generateCatalog,
  productOffers,
  type GenerateCatalogOptions,
  type SyntheticOffer,
  type SyntheticRetailer,
} from './lib/generator/offers';
export {
  createProgressBar,
  formatDuration,
  formatProgress,
  type ProgressBar,
  type ProgressBarOptions,
  type ProgressState,
  type ProgressStream,
} from './lib/progress';
export { detectFeedFormat, parseFeed, type FeedFormat, type ParseFeedOptions } from './lib/detect';
export { REAL_PRODUCTS, type RealProduct, type RealVariant } from './lib/generator/real-products';
export { demoLineKey, demoProductImage, demoProductKey, demoProducts, generateDemoCatalog, type DemoImages, type DemoProduct } from './lib/generator/demo-catalog';
export { REAL_PRODUCT_IMAGES, type RealProductImage } from './lib/generator/real-product-images';
export { demoPriceHistory, type DemoDay } from './lib/generator/demo-history';
export { DEMO_STORE, demoStoreProducts, type DemoStoreProduct } from './lib/generator/demo-store';
export { DEMO_FEED_PERIOD_MS, DEMO_FEED_RETAILER, demoFeedBase, demoFeedOffers, gmcTsvOf } from './lib/generator/demo-feed';
