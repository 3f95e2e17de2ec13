ALTER TABLE "shopper_favorites" ALTER COLUMN "product_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ALTER COLUMN "saved_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ALTER COLUMN "alert_below_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ALTER COLUMN "alert_reached_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_history" ALTER COLUMN "product_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_history" ALTER COLUMN "best_price_cents" SET DATA TYPE bigint;