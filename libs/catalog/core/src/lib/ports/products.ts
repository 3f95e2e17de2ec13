import type { ProductRow, SuggestionCandidate } from './rows';

/** Where a retired product id leads (`ProductReads.successorOf`). */
export type ProductSuccessor = number | 'placing' | null;

/** Products as searches, suggestions and the admin console find them. */
export interface ProductReads {
  /** A product, or null. */
  getProduct(id: number): Promise<ProductRow | null>;
  /** The products among `ids` that exist, by id (one read for a whole list). */
  getProducts(ids: readonly number[]): Promise<Map<number, ProductRow>>;
  /**
   * Where a product id no product has leads: the product its offers went to (merged, split, re-clustered); 'placing'
   * while a re-clustering under way has yet to place any of its offers; null when it leads nowhere.
   */
  successorOf(id: number): Promise<ProductSuccessor>;
  /** The one product with offers whose name is exactly `title`; null when none or several have it. */
  productIdByExactTitle(title: string): Promise<number | null>;
  /**
   * Products with an offer whose model key is `modelKey` or it followed by at most `suffix` more characters (a colour
   * or region code), in key order; at most `limit`.
   */
  productsByModelCode(modelKey: string, options: { suffix: number; limit: number }): Promise<number[]>;
  /** Products whose titles hold every one of the words (as typed, any letter case), most offers first; at most `limit`. */
  productsWithTitleWords(words: readonly string[], limit: number): Promise<number[]>;
  /** Products with offers shoppers see, among `limit` offers whose model key begins with `prefix` (a model number being typed). */
  productsWithModelKeyPrefix(prefix: string, limit: number): Promise<SuggestionCandidate[]>;
}

/** Products' figures kept right: refreshed after a change outside imports, stores' trust, retailers' names. */
export interface ProductUpkeep {
  /** A product's figures, price reviews and title from its offers again; the product goes when it has none: one transaction. */
  refreshProduct(productId: number, now: string): Promise<void>;
  /**
   * Products whose best price was written before `catalog-pricing` chose its offer (a price without `best_offer_id`, as
   * a database migrated from an older version holds them): at most `limit`, in id order. Refreshing each clears it.
   */
  productsPricedBefore(limit: number): Promise<number[]>;
  /**
   * Shows or hides a business's offers after its store's trust changed (its domain proved or given up, the business
   * suspended or reactivated) and refreshes the figures of their products: one transaction. How many offers changed.
   */
  refreshStoreTrust(businessId: string, now: string): Promise<number>;
  /** Renames a retailer (a merchant's store name); nothing when the name is already that. */
  renameRetailer(id: string, name: string): Promise<void>;
}

/** How big the catalog is, and a first search worth showing (the seed's report). */
export interface CatalogCounts {
  countOffers(): Promise<number>;
  countProducts(): Promise<number>;
  /** A retailer's offer whose product other retailers sell cheaper (a good first search to show), or null. */
  showcaseOfferUrl(retailerId: string): Promise<string | null>;
}
