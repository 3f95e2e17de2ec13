ALTER TABLE `offers` ADD `price_group` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `best_offer_id` integer;