import type { ProductAttribute } from '@pricehunt/contracts';
import type { ProductRow } from './rows';

export interface CategoryRow {
  name: string;
  slug: string;
  productCount: number;
  /** Its entries as a browse of it counts them: a line's versions (`setLines`) are one. */
  entryCount: number;
}

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

/** What the shopper site lists: categories, browse pages, the sitemap's products. */
export interface ProductListings {
  /** Categories with products, and how many each has; most entries (as their chips count them) first. */
  listCategories(): Promise<CategoryRow[]>;
  /** A category by its slug, or null. */
  getCategory(slug: string): Promise<CategoryRow | null>;
  /**
   * A page of products with offers, by category, brand (any letter case) and best-price range (cents, both ends
   * included), and the brands of the products the other filters leave, most products first. A line's versions
   * (`setLines`) are one entry of the page, ordered by what a line's card shows (its lowest price, the most offers of a
   * version, its first name): `pageSize` entries, each line with every version the filters leave, in the order of the
   * entries; `total` counts the entries, `productCount` the products. Each brand, store and attribute value counts
   * the entries a browse by it would head its page with.
   */
  browse(query: BrowseQuery): Promise<{
    total: number;
    productCount: number;
    items: ProductRow[];
    brands: Array<{ name: string; count: number }>;
    stores: Array<{ id: string; name: string; count: number }>;
    /** With a category: the values of each attribute its products have (the attribute's own filter left out), most first. */
    attributes: Array<{ key: ProductAttribute; values: Array<{ value: string; count: number }> }>;
  }>;
  /**
   * Up to `limit` of the products `query` filters to (its page and order aside) whose line was read from another title
   * than theirs, or never (`setLines`); those whose id is above `afterId` (0 when not given), by id.
   */
  unreadLines(query: BrowseQuery, limit: number, afterId?: number): Promise<Array<{ id: number; title: string }>>;
  /**
   * Keeps each product's line as read from `title` (`lineKey`: the same for every version of a line; null for a product
   * of no line); a product renamed since keeps its line unread.
   */
  setLines(lines: ReadonlyArray<{ id: number; title: string; lineKey: string | null }>): Promise<void>;
  /**
   * Products shoppers may see (an offer of theirs is shown), in id order, `limit` of them from `offset`: the sitemap's
   * pages. `updatedAt` is when the product's figures last changed.
   */
  listedProducts(offset: number, limit: number): Promise<Array<{ id: number; title: string; categorySlug: string | null; updatedAt: string }>>;
  /** How many products shoppers may see, and when the newest of them changed. */
  listedProductsSummary(): Promise<{ count: number; updatedAt: string | null }>;
}
