import type Database from 'better-sqlite3';
import { type FigureOffer, productFigures } from './product-figures';

const READ_OFFERS = `SELECT id, product_id AS productId, title, price_cents AS priceCents, shipping_cents AS shippingCents, currency, availability,
    condition, price_group AS priceGroup, gtin, model, model_key AS modelKey, brand, image_url AS imageUrl
  FROM offers WHERE product_id IN (SELECT value FROM json_each(?)) AND held IS NULL`;
const WRITE_PRODUCT = `UPDATE products SET offer_count = @offerCount, best_price_cents = @bestPriceCents, best_price_condition = @bestPriceCondition,
    best_offer_id = @bestOfferId, currency = coalesce(@currency, currency), gtin = coalesce(gtin, @gtin), model = coalesce(model, @model),
    model_key = coalesce(model_key, @modelKey), brand = coalesce(brand, @brand), image_url = coalesce(@imageUrl, image_url), attributes = @attributes, updated_at = @now
  WHERE id = @productId`;
const WRITE_GROUP = 'UPDATE offers SET price_group = ? WHERE id = ?';

const prepared = new WeakMap<Database.Database, { read: Database.Statement; product: Database.Statement; group: Database.Statement }>();

/**
 * Writes the figures of the products (`productFigures`: offer count, best price, offers' groups) on this connection,
 * inside the caller's transaction. The repository and the bulk writer thread both call it.
 */
export function writeProductFiguresSqlite(sqlite: Database.Database, ids: readonly number[], now: string): void {
  if (ids.length === 0) return;
  let s = prepared.get(sqlite);
  if (!s) prepared.set(sqlite, (s = { read: sqlite.prepare(READ_OFFERS), product: sqlite.prepare(WRITE_PRODUCT), group: sqlite.prepare(WRITE_GROUP) }));
  const offers = s.read.all(JSON.stringify(ids)) as FigureOffer[];
  for (const { groups, ...figures } of productFigures(ids, offers)) {
    s.product.run({ ...figures, now });
    for (const { offerId, priceGroup } of groups) s.group.run(priceGroup, offerId);
  }
}
