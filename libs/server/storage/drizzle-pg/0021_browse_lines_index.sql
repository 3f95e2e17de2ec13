DROP INDEX "products_category_offers_idx";--> statement-breakpoint
CREATE INDEX "products_category_lines_idx" ON "products" USING btree ("category_slug","offer_count","line_key","id");