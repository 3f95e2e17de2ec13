ALTER TABLE "offers" ADD COLUMN "missing_runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_sources" ADD COLUMN "retailer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_sources_retailer_uq" ON "feed_sources" USING btree ("retailer_id");