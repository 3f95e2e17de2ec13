CREATE TABLE `import_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`format` text NOT NULL,
	`source` text NOT NULL,
	`retailer_id` text,
	`business_id` text,
	`status` text DEFAULT 'running' NOT NULL,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text,
	`total_rows` integer DEFAULT 0 NOT NULL,
	`inserted` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`products_created` integer DEFAULT 0 NOT NULL,
	`report_json` text DEFAULT '{"errors":[]}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `import_runs_started_idx` ON `import_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`retailer_id` text NOT NULL,
	`external_id` text NOT NULL,
	`canonical_url` text NOT NULL,
	`url` text NOT NULL,
	`host` text NOT NULL,
	`title` text NOT NULL,
	`brand` text,
	`model` text,
	`model_key` text,
	`gtin` text,
	`price_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`shipping_cents` integer,
	`availability` text DEFAULT 'unknown' NOT NULL,
	`condition` text DEFAULT 'new' NOT NULL,
	`image_url` text,
	`category` text,
	`business_id` text,
	`product_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`retailer_id`) REFERENCES `retailers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_retailer_external_uq` ON `offers` (`retailer_id`,`external_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_canonical_url_uq` ON `offers` (`canonical_url`);--> statement-breakpoint
CREATE INDEX `offers_product_idx` ON `offers` (`product_id`,`price_cents`);--> statement-breakpoint
CREATE INDEX `offers_gtin_idx` ON `offers` (`gtin`);--> statement-breakpoint
CREATE INDEX `offers_model_key_idx` ON `offers` (`model_key`);--> statement-breakpoint
CREATE INDEX `offers_host_idx` ON `offers` (`host`);--> statement-breakpoint
CREATE INDEX `offers_business_idx` ON `offers` (`business_id`);--> statement-breakpoint
CREATE TABLE `price_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`offer_id` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`shipping_cents` integer,
	`currency` text NOT NULL,
	`recorded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`offer_id`) REFERENCES `offers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_points_offer_idx` ON `price_points` (`offer_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`brand` text,
	`model` text,
	`model_key` text,
	`gtin` text,
	`category` text,
	`category_slug` text,
	`image_url` text,
	`offer_count` integer DEFAULT 0 NOT NULL,
	`best_price_cents` integer,
	`currency` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_gtin_idx` ON `products` (`gtin`);--> statement-breakpoint
CREATE INDEX `products_model_key_idx` ON `products` (`model_key`);--> statement-breakpoint
CREATE INDEX `products_category_price_idx` ON `products` (`category_slug`,`best_price_cents`);--> statement-breakpoint
CREATE INDEX `products_category_offers_idx` ON `products` (`category_slug`,`offer_count`);--> statement-breakpoint
CREATE INDEX `products_category_title_idx` ON `products` (`category_slug`,`title`);--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`best_price_cents`);--> statement-breakpoint
CREATE INDEX `products_offers_idx` ON `products` (`offer_count`);--> statement-breakpoint
CREATE INDEX `products_title_idx` ON `products` (`title`);--> statement-breakpoint
CREATE TABLE `retailers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`domains` text DEFAULT '[]' NOT NULL,
	`affiliate_param` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `search_requests` (
	`request_id` text PRIMARY KEY NOT NULL,
	`input_url` text,
	`query` text,
	`identified_by` text NOT NULL,
	`product_id` integer,
	`result_json` text NOT NULL,
	`session_id` text,
	`shopper_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `search_requests_session_idx` ON `search_requests` (`session_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `search_requests_shopper_idx` ON `search_requests` (`shopper_id`,`created_at`);