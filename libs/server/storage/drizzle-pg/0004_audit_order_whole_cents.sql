ALTER TABLE "offers" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "shipping_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "price_approved_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "price_points" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "price_points" ALTER COLUMN "shipping_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "best_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "value_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "conversions" ALTER COLUMN "value_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "before_json" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "after_json" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ALTER COLUMN "product_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ALTER COLUMN "saved_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ALTER COLUMN "alert_below_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ALTER COLUMN "alert_reached_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_history" ALTER COLUMN "product_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "shopper_history" ALTER COLUMN "best_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);