import type { NewAuditEntry } from '@pricehunt/contracts';
import type { OfferWithRetailer, ProductRow } from './rows';

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

/** What the match review lists: offers held for their price, products whose offers cannot all be one. */
export interface MatchReviewReads {
  /** The newest `limit` offers held for a price review, and how many are held so. */
  priceHeldOffers(limit: number): Promise<{ ids: number[]; total: number }>;
  /**
   * Products whose shown offers cannot all be one product (`SUSPECT_PRODUCTS_SQL`): new offers more than 2x apart in
   * price, or two offers of one retailer. Widest spread first, then most repeated retailers, then id; `limit` of them
   * and how many there are.
   */
  suspectProducts(limit: number): Promise<{ items: SuspectProductRow[]; total: number }>;
}

/** An admin's corrections of the matcher, each one transaction with its audit entry. */
export interface CatalogCorrections {
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
   * to `targetId`, earlier redirects to it follow, shoppers' favorites, alerts and watches move unless already saved
   * under the target), figures refreshed and the audit entry written: one transaction. `moved`: how many offers moved.
   */
  mergeProducts(sourceId: number, targetId: number, audit: CorrectionAudit<MergeFacts>, now: string): Promise<CorrectionResult<{ moved: number }>>;
}
