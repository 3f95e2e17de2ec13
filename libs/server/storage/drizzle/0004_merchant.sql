CREATE TABLE `conversions` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`order_id` text NOT NULL,
	`value_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`referral_id` text,
	`session_id` text,
	`source` text NOT NULL,
	`event_id` text,
	`occurred_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversions_business_order_uq` ON `conversions` (`business_id`,`order_id`);--> statement-breakpoint
CREATE INDEX `conversions_business_time_idx` ON `conversions` (`business_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `conversions_referral_idx` ON `conversions` (`referral_id`);--> statement-breakpoint
CREATE TABLE `merchant_settings` (
	`business_id` text PRIMARY KEY NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`attribution_window_days` integer DEFAULT 30 NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`api_key_hash` text,
	`api_key_prefix` text,
	`api_key_created_at` integer,
	`verification_token` text NOT NULL,
	`verified_domain` text,
	`domain_verified_at` integer,
	`verification_method` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchant_settings_api_key_hash_unique` ON `merchant_settings` (`api_key_hash`);--> statement-breakpoint
CREATE TABLE `store_syncs` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`store_domain` text NOT NULL,
	`status` text NOT NULL,
	`pages` integer DEFAULT 0 NOT NULL,
	`products` integer DEFAULT 0 NOT NULL,
	`offers` integer DEFAULT 0 NOT NULL,
	`inserted` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`error` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_syncs_business_idx` ON `store_syncs` (`business_id`,`started_at`);