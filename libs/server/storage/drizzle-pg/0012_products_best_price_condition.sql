ALTER TABLE "products" ADD COLUMN "best_price_condition" text;--> statement-breakpoint
-- A product's best price is its cheapest new offer's total (one can buy, when there is one), a used or refurbished
-- offer's only when it has no new one; best_price_condition says which (REFRESH_PRODUCTS in catalog/pg-repository.ts).
UPDATE "products" SET "best_price_cents" = f.total, "best_price_condition" = f.condition, "currency" = f.currency
FROM (SELECT DISTINCT ON ("product_id") "product_id", "price_cents" + coalesce("shipping_cents", 0) AS total, "condition", "currency"
  FROM "offers" WHERE "product_id" IS NOT NULL AND "held" IS NULL
  ORDER BY "product_id", "condition" <> 'new', "availability" = 'out_of_stock', "price_cents" + coalesce("shipping_cents", 0), "condition", "currency") AS f
WHERE "products"."id" = f."product_id";--> statement-breakpoint
-- Their typical prices are computed again, from new offers' prices.
UPDATE "product_price_summaries" SET "version" = "version" + 1;
