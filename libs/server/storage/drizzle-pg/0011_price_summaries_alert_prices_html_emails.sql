CREATE TABLE "product_price_summaries" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"currency" text,
	"typical_cents" bigint,
	"low_cents" bigint,
	"high_cents" bigint,
	"history_since" timestamp (3) with time zone,
	"best_cents" bigint,
	"category_slug" text,
	"deal_basis_points" integer,
	"deal_retailer_id" text,
	"computed_at" timestamp (3) with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"computed_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ADD COLUMN "alert_checked_cents" bigint;--> statement-breakpoint
CREATE INDEX "product_price_summaries_deals_idx" ON "product_price_summaries" USING btree ("deal_basis_points","product_id") WHERE "product_price_summaries"."deal_basis_points" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "product_price_summaries_category_deals_idx" ON "product_price_summaries" USING btree ("category_slug","deal_basis_points","product_id") WHERE "product_price_summaries"."deal_basis_points" IS NOT NULL;