ALTER TABLE "offers" ADD COLUMN "price_group" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "best_offer_id" integer;