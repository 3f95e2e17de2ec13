ALTER TABLE "outbox_emails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "shopper_favorites" ADD COLUMN "alert_checked_cents" bigint;