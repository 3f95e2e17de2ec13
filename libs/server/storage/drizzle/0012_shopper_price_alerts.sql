ALTER TABLE `shopper_favorites` ADD `alert_below_cents` integer;--> statement-breakpoint
ALTER TABLE `shopper_favorites` ADD `alert_set_at` text;--> statement-breakpoint
ALTER TABLE `shopper_favorites` ADD `alert_reached_at` text;--> statement-breakpoint
ALTER TABLE `shopper_favorites` ADD `alert_reached_cents` integer;--> statement-breakpoint
CREATE INDEX `shopper_favorites_alert_idx` ON `shopper_favorites` (`product_id`) WHERE "shopper_favorites"."alert_below_cents" IS NOT NULL;