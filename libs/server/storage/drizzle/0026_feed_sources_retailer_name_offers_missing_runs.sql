ALTER TABLE `offers` ADD `missing_runs` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `feed_sources` ADD `retailer_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `feed_sources_retailer_uq` ON `feed_sources` (`retailer_id`);