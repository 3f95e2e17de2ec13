CREATE TABLE `product_price_summaries` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`currency` text,
	`typical_cents` integer,
	`low_cents` integer,
	`high_cents` integer,
	`history_since` text,
	`best_cents` integer,
	`category_slug` text,
	`deal_basis_points` integer,
	`deal_retailer_id` text,
	`computed_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`computed_version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `product_price_summaries_deals_idx` ON `product_price_summaries` (`deal_basis_points`,`product_id`) WHERE "product_price_summaries"."deal_basis_points" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `product_price_summaries_category_deals_idx` ON `product_price_summaries` (`category_slug`,`deal_basis_points`,`product_id`) WHERE "product_price_summaries"."deal_basis_points" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `html` text;--> statement-breakpoint
ALTER TABLE `shopper_favorites` ADD `alert_checked_cents` integer;