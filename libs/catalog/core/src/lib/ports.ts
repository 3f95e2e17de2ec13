import type { Availability, Condition, MerchantProduct, NewAuditEntry, ProductAttribute, ProductsQuery } from '@pricehunt/contracts';
import type { PriceGroup } from '@pricehunt/catalog-pricing';
import { categorySlug } from './category';

/** A model key found as the start of a longer one is at least this long, and the longer one adds at most this many characters. */
const MIN_EXTENDED_KEY = 6;
const MAX_KEY_SUFFIX = 4;

/**
 * The keys a model key may extend by a colour or region code, longest first: `7516790100SL` → `7516790100S`,
 * `7516790100`, … (a part number stated with its suffix against the same number a title states without it).
 */
export function shorterModelKeys(modelKey: string): string[] {
  const keys: string[] = [];
  for (let cut = modelKey.length - 1; cut >= Math.max(MIN_EXTENDED_KEY, modelKey.length - MAX_KEY_SUFFIX); cut--) keys.push(modelKey.slice(0, cut));
  return keys;
}

/** An offer row as the catalog stores it. */
export interface OfferRow {
  id: number;
  retailerId: string;
  externalId: string;
  canonicalUrl: string;
  url: string;
  host: string;
  title: string;
  brand: string | null;
  model: string | null;
  modelKey: string | null;
  gtin: string | null;
  priceCents: number;
  currency: string;
  shippingCents: number | null;
  availability: Availability;
  condition: Condition;
  imageUrl: string | null;
  category: string | null;
  businessId: string | null;
  productId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** An offer joined with what the search answer shows about its retailer and owning business. */
export interface OfferWithRetailer extends OfferRow {
  /** Why shoppers do not see the offer (`offers.held`), or null. */
  held: 'store' | 'price' | null;
  /** The offers of its product it compares with (`offers.price_group`, written with the product's figures). */
  priceGroup: PriceGroup;
  /** `page` for an offer read from a product page a shopper pasted or watches (its link is shown signed), else `feed`. */
  origin: 'feed' | 'page';
  retailerName: string;
  businessDomain: string | null;
  /** 1 when the owning business connected its Shopify store (its domain may be its own, not *.myshopify.com). */
  shopifyStore: 0 | 1;
}

export type NewOffer = Omit<OfferRow, 'id' | 'createdAt' | 'updatedAt'>;

/** An offer as ranking compares it: what it says about itself, and when it last changed. */
export interface OfferItem {
  id: number;
  updatedAt: string;
  title: string;
  brand: string | null;
  model: string | null;
  gtin: string | null;
  priceCents: number;
}

/** An offer as candidate lookups return it: enough to group by product and to reuse a prepared form. */
export interface OfferRef {
  id: number;
  productId: number | null;
  updatedAt: string;
}

export interface ProductRow {
  id: number;
  title: string;
  brand: string | null;
  model: string | null;
  modelKey: string | null;
  gtin: string | null;
  category: string | null;
  categorySlug: string | null;
  imageUrl: string | null;
  offerCount: number;
  /** The product's best price as `catalog-pricing` decides it (`bestPrice`), written with its figures. */
  bestPriceCents: number | null;
  /** The condition of the offer `bestPriceCents` is the total of (null with no best price). */
  bestPriceCondition: Condition | null;
  /** The offer `bestPriceCents` is the total of. */
  bestOfferId: number | null;
  /** Whether that offer's shipping is known (1 or 0; a total without it is its price "+ shipping"); null with none. */
  bestShippingKnown: number | boolean | null;
  currency: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewProduct = Pick<ProductRow, 'title' | 'brand' | 'model' | 'modelKey' | 'gtin' | 'category' | 'categorySlug' | 'imageUrl'>;

/** A new product as its first offer describes it (an import, a re-cluster, an offer an admin takes out). */
export const productOf = (record: Pick<OfferRow, 'title' | 'brand' | 'model' | 'modelKey' | 'gtin' | 'category' | 'imageUrl'>): NewProduct => ({
  title: record.title,
  brand: record.brand,
  model: record.model,
  modelKey: record.modelKey,
  gtin: record.gtin,
  category: record.category,
  categorySlug: record.category ? categorySlug(record.category) : null,
  imageUrl: record.imageUrl,
});

export interface RetailerRow {
  id: string;
  name: string;
  domains: string[];
  affiliateParam: string | null;
}

export interface PricePointRow {
  offerId: number;
  retailerId: string;
  priceCents: number;
  shippingCents: number | null;
  currency: string;
  recordedAt: string;
  /** The offer's condition now. */
  condition: Condition;
  /** The offer's price group now (`catalog-pricing`): a product's best price of a day is a `new` offer's when it had one. */
  priceGroup: PriceGroup;
}

/**
 * A product whose price summary is to be computed, as it is now: its currency, best price and category, the retailer
 * of its offer in stock at that price (the oldest such offer; null when none is), and the version of its offers the
 * summary must reach.
 */
export interface DuePriceSummary {
  productId: number;
  currency: string | null;
  bestCents: number | null;
  categorySlug: string | null;
  inStockRetailerId: string | null;
  /** Moves on whenever the product's figures are refreshed (its offers, their prices or their stock changed). */
  version: number;
}

/**
 * What the product's best price did over the TYPICAL_PRICE_DAYS before `computedAt` (`price-history.ts`; the figures
 * are null when it had no price in its currency then), and the deal it was: its best price then, in stock at
 * `dealRetailerId`'s offer, `dealBasisPoints` hundredths of a percent under the typical price (null when it was no
 * deal). `version`: the version of the product's offers they were computed from.
 */
export interface PriceSummaryRow {
  productId: number;
  currency: string | null;
  typicalCents: number | null;
  lowCents: number | null;
  highCents: number | null;
  historySince: string | null;
  bestCents: number | null;
  categorySlug: string | null;
  dealBasisPoints: number | null;
  dealRetailerId: string | null;
  computedAt: string;
  version: number;
}

/** Which deals to list: a page after `after` (the last deal shown), biggest drops first. */
export interface DealsQueryRow {
  categorySlug?: string;
  limit: number;
  after?: { dropBasisPoints: number; productId: number };
  /** Only drops of at least this many hundredths of a percent of the typical price. */
  minDropBasisPoints: number;
}

/** A product as a deal: its row, its typical price, the drop, and the retailer of its best price. */
export interface DealRow extends ProductRow {
  typicalCents: number;
  /** (typical - best) × 10,000 / typical, rounded down. */
  dropBasisPoints: number;
  historySince: string;
  retailerId: string;
  retailerName: string;
}

export interface DealCategoryRow {
  name: string;
  slug: string;
  count: number;
}

export interface CategoryRow {
  name: string;
  slug: string;
  productCount: number;
}

/** A product the match review flags (`CatalogRepository.suspectProducts`). */
export interface SuspectProductRow {
  productId: number;
  title: string;
  /** Shown offers (not held). */
  offerCount: number;
  /** Retailers among them: fewer than offers when a retailer lists the product twice. */
  retailerCount: number;
  /** Lowest and highest price of its shown new offers (null without any). */
  lowestCents: number | null;
  highestCents: number | null;
}

/**
 * The match review's flagged products, for either engine (`?` the limit): per product, its shown offers, retailers and
 * new offers' price range; those more than 2x apart or with fewer retailers than offers.
 */
export const SUSPECT_PRODUCTS_FROM = `FROM (SELECT product_id, count(*) AS n, count(DISTINCT retailer_id) AS r,
    min(CASE WHEN condition = 'new' THEN price_cents END) AS lo, max(CASE WHEN condition = 'new' THEN price_cents END) AS hi
    FROM offers WHERE product_id IS NOT NULL AND held IS NULL GROUP BY product_id) s
  JOIN products p ON p.id = s.product_id
  WHERE s.hi > 2 * s.lo OR s.r < s.n`;

export type BrowseSort = 'price_asc' | 'price_desc' | 'offers' | 'name';

/** What a browse page shows: its filters, order and page. */
export interface BrowseQuery {
  categorySlug?: string;
  brand?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  /** Products a shop offers in this condition, one can buy now. */
  condition?: 'new' | 'used' | 'refurbished';
  /** Products this retailer offers. */
  retailerId?: string;
  /** Products some shop has in stock. */
  inStock?: boolean;
  /** Products some shop one can buy from now ships free. */
  freeShipping?: boolean;
  /** Products whose colour, storage or size (`products.attributes`) is this. */
  attributes?: Partial<Record<ProductAttribute, string>>;
  sort: BrowseSort;
  page: number;
  pageSize: number;
}

export interface ImportRunRow {
  id: string;
  format: 'gmc' | 'shopify' | 'awin' | 'impact' | 'er-magellan' | 'synthetic';
  source: string;
  retailerId: string | null;
  /** The retailers whose rows the run read: its one retailer, or those of each row's link. */
  retailerIds: string[];
  businessId: string | null;
  status: ImportRunStatus;
  startedAt: string;
  finishedAt: string | null;
  totalRows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  productsCreated: number;
  report: unknown;
}

/** `interrupted`: the process doing the run stopped before its end; the counts say what it committed. */
export type ImportRunStatus = 'running' | 'succeeded' | 'failed' | 'interrupted';

/** The process doing an import run. */
export interface ImportRunOwner {
  pid: number;
  host: string;
}

/** What a committed batch adds to its run's counts (`productsCreated` may be negative: products joined into others). */
export interface ImportRunDelta {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  productsCreated: number;
}

/** A run still `running`, with what tells whether its process is still at it. */
export interface RunningImportRun {
  id: string;
  ownerPid: number | null;
  ownerHost: string | null;
  startedAt: string;
  heartbeatAt: string | null;
}

/** A business's change to one of its offers (the merchant dashboard's edit). */
export interface BusinessOfferChange {
  priceCents?: number;
  availability?: Availability;
}

/**
 * The catalog as the services outside ingestion read and change it: offers and products for search answers, the
 * admin console's products, a business's own offers. Imports, matching and re-clustering use the catalog store of
 * the engine (`sqlite-repository.ts`).
 */
export interface CatalogRepository {
  /**
   * When an import, in any process, last committed to the catalog (its newest import run's last batch or end, ISO),
   * or null before the first: what tells an API instance that another one changed the catalog's words.
   */
  lastImportAt(): Promise<string | null>;
  /** The offer with this canonical URL, or null. */
  findOfferByCanonicalUrl(canonicalUrl: string): Promise<OfferRow | null>;
  /** The retailer's offer with this product id, or null. */
  findOfferByExternalId(retailerId: string, externalId: string): Promise<OfferRow | null>;
  /** An offer with its retailer's name and its business's store, held or not; null when there is none. */
  getOfferWithRetailer(id: number): Promise<OfferWithRetailer | null>;
  /** A product, or null. */
  getProduct(id: number): Promise<ProductRow | null>;
  /** The product a retired product id's offers went to, or null. */
  successorOf(id: number): Promise<number | null>;
  /**
   * The price points of a product's offers shoppers see recorded at or after `since` (the newest `limit` of them), and
   * each such offer's last one before `since` (its price when they begin); oldest first, ties in the order recorded.
   */
  priceHistoryOfProduct(productId: number, options: { since: string; limit: number }): Promise<PricePointRow[]>;
  /** `priceHistoryOfProduct` of several products (without a limit), by product. */
  pricePointsOfProducts(productIds: readonly number[], since: string): Promise<Map<number, PricePointRow[]>>;
  /**
   * Products with offers shoppers see whose price summary is missing, computed before `staleBefore` (ISO), or computed
   * from an older version of their offers: those with ids above `after`, in id order, at most `limit`.
   */
  productsDueForPriceSummary(query: { staleBefore: string; after: number; limit: number }): Promise<DuePriceSummary[]>;
  /**
   * Writes price summaries (one statement each, in one transaction). A summary computed from an older version than
   * the product's offers have reached since stays due.
   */
  savePriceSummaries(rows: readonly PriceSummaryRow[]): Promise<void>;
  /**
   * The deals of the price summaries (at least `minDropBasisPoints`) whose product's best price is still the one they
   * were computed for: biggest drop first, then the higher product id; at most `limit` after `after`, of the category
   * when one is given. `categories`: the categories with such deals (whatever the category asked), most first, then by slug.
   */
  deals(query: DealsQueryRow): Promise<{ items: DealRow[]; categories: DealCategoryRow[] }>;
  /** Categories with products, and how many each has. */
  listCategories(): Promise<CategoryRow[]>;
  /** A category by its slug, or null. */
  getCategory(slug: string): Promise<CategoryRow | null>;
  /**
   * A page of products with offers, by category, brand (any letter case) and best-price range (cents, both ends
   * included), and the brands of the products the other filters leave, most products first.
   */
  browse(query: BrowseQuery): Promise<{
    total: number;
    items: ProductRow[];
    brands: Array<{ name: string; count: number }>;
    stores: Array<{ id: string; name: string; count: number }>;
    /** With a category: the values of each attribute its products have (the attribute's own filter left out), most first. */
    attributes: Array<{ key: ProductAttribute; values: Array<{ value: string; count: number }> }>;
  }>;
  /** The products among `ids` that exist, by id (one read for a whole list). */
  getProducts(ids: readonly number[]): Promise<Map<number, ProductRow>>;
  /** The one product with offers whose name is exactly `title`; null when none or several have it. */
  productIdByExactTitle(title: string): Promise<number | null>;
  /** The offers of a product shoppers see (none held), cheapest total first. */
  offersOfProduct(productId: number): Promise<OfferWithRetailer[]>;
  /** Every offer of a product, held ones too, cheapest total first (the admin console's view). */
  allOffersOfProduct(productId: number): Promise<OfferWithRetailer[]>;
  /**
   * Products with an offer whose model key is `modelKey` or it followed by at most `suffix` more characters (a colour
   * or region code), in key order; at most `limit`.
   */
  productsByModelCode(modelKey: string, options: { suffix: number; limit: number }): Promise<number[]>;
  /** Offers (with their product) that carry this GTIN; at most `limit`. */
  offersWithGtin(gtin: string, limit: number): Promise<OfferRef[]>;
  /** Offers whose model key is `modelKey`, starts with it, or is it without a short colour or region code; at most `limit`. */
  offersWithModelKey(modelKey: string, limit: number): Promise<OfferRef[]>;
  /** The first `limit` offers (oldest first) of each of the products. */
  offerRefsOfProducts(productIds: readonly number[], limit: number): Promise<Map<number, OfferRef[]>>;
  /** What the offers among `ids` that exist say about themselves, for ranking. */
  offerItems(ids: readonly number[]): Promise<Map<number, OfferItem>>;
  /** The offers among `offerIds` that are the retailer's. */
  offersAtAmong(retailerId: string, offerIds: readonly number[]): Promise<Set<number>>;
  /** Those of the products that have an offer at the retailer. */
  productsWithOfferAt(retailerId: string, productIds: readonly number[]): Promise<Set<number>>;
  /** Products whose titles hold every one of the words (as typed, any letter case), most offers first; at most `limit`. */
  productsWithTitleWords(words: readonly string[], limit: number): Promise<number[]>;
  /** Products with offers shoppers see, among `limit` offers whose model key begins with `prefix` (a model number being typed). */
  productsWithModelKeyPrefix(prefix: string, limit: number): Promise<SuggestionCandidate[]>;
  /** The newest `limit` offers held for a price review, and how many are held so. */
  priceHeldOffers(limit: number): Promise<{ ids: number[]; total: number }>;
  /**
   * Products whose shown offers cannot all be one product (`SUSPECT_PRODUCTS_SQL`): new offers more than 2x apart in
   * price, or two offers of one retailer. Widest spread first, then most repeated retailers, then id; `limit` of them
   * and how many there are.
   */
  suspectProducts(limit: number): Promise<{ items: SuspectProductRow[]; total: number }>;
  /**
   * A page of the business's offers, each ranked by total price against other retailers' shown offers of its
   * product, and how many offers the filter leaves.
   */
  businessOffers(businessId: string, query: ProductsQuery): Promise<{ items: MerchantProduct[]; total: number }>;
  /** One of the business's offers as `businessOffers` lists it; null when the offer is not the business's. */
  businessOffer(businessId: string, offerId: number): Promise<MerchantProduct | null>;
  /**
   * Changes the price and/or availability of one of the business's offers, recording a price point when the price
   * changed and refreshing its product's figures: one transaction. The offer as it now is; null when it is not the
   * business's (nothing changed).
   */
  updateBusinessOffer(businessId: string, offerId: number, change: BusinessOfferChange, now: string): Promise<MerchantProduct | null>;
  /**
   * An admin's correction: the offer leaves the product for a new product of its own (named after it); both
   * products' figures are refreshed and the audit entry is written: one transaction, its checks made inside it.
   */
  detachOffer(productId: number, offerId: number, audit: CorrectionAudit<DetachFacts>, now: string): Promise<CorrectionResult<{ newProductId: number }>>;
  /**
   * An admin's correction: an offer held for its price is shown and its total accepted (held again only below it);
   * its product refreshed and the audit entry written: one transaction.
   */
  approveOfferPrice(offerId: number, audit: CorrectionAudit<ApproveFacts>, now: string): Promise<CorrectionResult<{ productId: number }>>;
  /**
   * An admin's correction: every offer of product `sourceId` joins `targetId`; `sourceId` is retired (a redirect
   * to `targetId`, earlier redirects to it follow, shoppers' favorites and alerts move unless already saved under the
   * target), figures refreshed and the audit entry written: one transaction. `moved`: how many offers moved.
   */
  mergeProducts(sourceId: number, targetId: number, audit: CorrectionAudit<MergeFacts>, now: string): Promise<CorrectionResult<{ moved: number }>>;
  /**
   * Shows or hides a business's offers after its store's trust changed (its domain proved or given up, the business
   * suspended or reactivated) and refreshes the figures of their products: one transaction. How many offers changed.
   */
  refreshStoreTrust(businessId: string, now: string): Promise<number>;
  /** Renames a retailer (a merchant's store name); nothing when the name is already that. */
  renameRetailer(id: string, name: string): Promise<void>;
  /** A product's figures, price reviews and title from its offers again; the product goes when it has none: one transaction. */
  refreshProduct(productId: number, now: string): Promise<void>;
  /**
   * Products whose best price was written before `catalog-pricing` chose its offer (a price without `best_offer_id`, as
   * a database migrated from an older version holds them): at most `limit`, in id order. Refreshing each clears it.
   */
  productsPricedBefore(limit: number): Promise<number[]>;
  countOffers(): Promise<number>;
  countProducts(): Promise<number>;
  /** A retailer's offer whose product other retailers sell cheaper (a good first search to show), or null. */
  showcaseOfferUrl(retailerId: string): Promise<string | null>;
  /**
   * Products shoppers may see (an offer of theirs is shown), in id order, `limit` of them from `offset`: the sitemap's
   * pages. `updatedAt` is when the product's figures last changed.
   */
  listedProducts(offset: number, limit: number): Promise<Array<{ id: number; title: string; categorySlug: string | null; updatedAt: string }>>;
  /** How many products shoppers may see, and when the newest of them changed. */
  listedProductsSummary(): Promise<{ count: number; updatedAt: string | null }>;
  /** An import run, or null. */
  getImportRun(id: string): Promise<ImportRunRow | null>;
  /** The newest import runs first. */
  listImportRuns(limit: number): Promise<ImportRunRow[]>;
  /** The runs still `running`, with what tells whether their processes are still at them. */
  runningImportRuns(): Promise<RunningImportRun[]>;
  /**
   * Marks a run `interrupted` only while it is still `running` (of several instances that find it, one does): it ends at
   * its last sign of life and its report keeps `note`. Answers whether this call marked it.
   */
  interruptImportRun(id: string, note: Record<string, unknown>): Promise<boolean>;
}

/**
 * What a correction found, read inside its transaction: it was made (`ok`), or why it was not (nothing written):
 * `product-not-found` (the product, or the merged one, is gone), `into-not-found` (the product merged into is
 * gone), `offer-not-found`, `offer-not-in-product`, `offer-alone` (the product's only offer), `offer-not-held`
 * (not, or no longer, held for its price).
 */
export type CorrectionRefusal = 'product-not-found' | 'into-not-found' | 'offer-not-found' | 'offer-not-in-product' | 'offer-alone' | 'offer-not-held';
export type CorrectionResult<T> = ({ ok: true } & T) | { ok: false; refusal: CorrectionRefusal };

/**
 * The audit entry of a correction, made from what the correction read and did inside its transaction (so that it
 * records the state it acted on); written in that transaction.
 */
export type CorrectionAudit<Facts> = (facts: Facts) => NewAuditEntry;

export interface DetachFacts {
  product: ProductRow;
  /** How many offers the product had. */
  offers: number;
  offer: OfferWithRetailer;
  newProductId: number;
}

export interface ApproveFacts {
  /** The offer as it was, held for its price. */
  offer: OfferWithRetailer;
  productId: number;
}

export interface MergeFacts {
  product: ProductRow;
  target: ProductRow;
  moved: number;
}

/** A product a search box may suggest. */
export interface SuggestionCandidate {
  productId: number;
  title: string;
  offerCount: number;
}

/** An offer the full-text index found, with its product. */
export interface IndexHit {
  offerId: number;
  productId: number | null;
  updatedAt: string;
  /** Rank among the hits of one look-up (lower is better; 0 when unranked). */
  rank: number;
}

/**
 * The full-text index of the catalog's offers (title, brand, model, category) as search answers read it. It speaks
 * in index words (`indexWords`: folded, split at anything but letters and digits); how the engine stores, matches
 * and ranks them is its own.
 */
export interface SearchIndexRepository {
  /**
   * Offers whose title, brand, model or category best match the words, best first: the rarest words and every
   * uncommon one together, else the rarer words one by one; with `rarest`, only the offers carrying that many of the
   * rarest words more than one offer carries, newest first. At most `limit` (30).
   */
  candidates(words: readonly string[], options?: { limit?: number; rarest?: number }): Promise<IndexHit[]>;
  /**
   * Offers carrying the longest run of leading words (2 to 6) that some offer carries (of a retailer other than
   * `elsewhereThan`, when given), ranked by the weight of the other words they carry. At most `limit` (30).
   */
  leadingCandidates(words: readonly string[], options?: { limit?: number; elsewhereThan?: string }): Promise<IndexHit[]>;
  /** How many offers the index holds. */
  documentCount(): Promise<number>;
  /** Offers were added or changed: what the index keeps of its words' counts is read anew. */
  changed(): Promise<void>;
  /** The index's words `from` ≤ word < `to` (in code-point order) and how many offers carry each. */
  vocabulary(from: string, to: string): Promise<Array<{ word: string; offers: number }>>;
  /** How many offers carry each of the words (0 when none). */
  offerCounts(words: readonly string[]): Promise<Map<string, number>>;
  /**
   * Products with offers shoppers see, among the newest `limit` offers that carry every one of `words` and a word
   * beginning with `prefix` (what is being typed).
   */
  productsCarrying(words: readonly string[], prefix: string, limit: number): Promise<SuggestionCandidate[]>;
}
