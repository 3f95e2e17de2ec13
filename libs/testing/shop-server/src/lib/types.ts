/** One product of the shop: a single variant (Shopify's "Default Title"). */
export interface ShopProduct {
  /** URL handle: `/products/<handle>` (lower-case letters, digits and hyphens). */
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  sku: string;
  /** GTIN, or '' when the product has none. */
  barcode: string;
  /** Price in the shop's currency as Shopify writes it: "59.00". */
  price: string;
  description?: string;
  /** The price before a reduction ("69.00"), shown struck through. */
  compareAtPrice?: string;
  /** Pictures of the product (absolute URLs), first the main one: `/products.json`'s `images`. */
  images?: readonly string[];
}

export interface ShopOrderLine {
  /** The product's and its variant's ids, as `/products.json` gives them. */
  productId: number;
  variantId: number;
  handle: string;
  title: string;
  sku: string;
  /** Unit price: "59.00". */
  price: string;
  quantity: number;
  /** price × quantity: "118.00". */
  total: string;
}

/** An order made by a checkout. */
export interface ShopOrder {
  /**
   * The order's numeric id, as Shopify's `checkout.order_id` (distinct from its number): made from the time of the
   * order, so orders of a server started again never repeat an earlier run's id.
   */
  id: number;
  /** The order number customers see, counting up from 1001. */
  number: number;
  /** `#1001` */
  name: string;
  /** The random token of its order-status page: `/orders/<token>`. */
  token: string;
  lines: ShopOrderLine[];
  /** Sum of the lines, two decimals: "118.00". */
  total: string;
  currency: string;
  /** ISO time of the checkout. */
  createdAt: string;
}
