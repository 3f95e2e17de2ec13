CREATE TABLE `outbox_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_emails_to_idx` ON `outbox_emails` (`to`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_token_hash_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_business_idx` ON `password_reset_tokens` (`business_id`);--> statement-breakpoint
CREATE TABLE `shoppers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`display_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shoppers_email_unique` ON `shoppers` (`email`);--> statement-breakpoint
CREATE TABLE `clicks` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`requested_url` text NOT NULL,
	`target_url` text NOT NULL,
	`host` text NOT NULL,
	`source` text NOT NULL,
	`session_id` text,
	`referrer` text,
	`user_agent` text,
	`business_id` text,
	`client_timestamp` integer,
	`signed` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `clicks_created_idx` ON `clicks` (`created_at`);--> statement-breakpoint
CREATE INDEX `clicks_business_idx` ON `clicks` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `clicks_session_idx` ON `clicks` (`session_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`event_type` text NOT NULL,
	`business_domain` text,
	`business_id` text,
	`session_id` text,
	`user_id` text,
	`referral_id` text,
	`url` text,
	`value_cents` integer,
	`currency` text,
	`client_timestamp` integer,
	`data` text NOT NULL,
	`user_agent` text,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `events_created_idx` ON `events` (`created_at`);--> statement-breakpoint
CREATE INDEX `events_business_idx` ON `events` (`business_id`,`event_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `events_referral_idx` ON `events` (`referral_id`);--> statement-breakpoint
CREATE INDEX `events_session_idx` ON `events` (`session_id`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`business_domain` text NOT NULL,
	`business_id` text,
	`requested_url` text NOT NULL,
	`target_url` text NOT NULL,
	`source_url` text,
	`product_name` text,
	`user_id` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`referrer` text,
	`user_agent` text,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_referral_id_unique` ON `referrals` (`referral_id`);--> statement-breakpoint
CREATE INDEX `referrals_business_idx` ON `referrals` (`business_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_domain_idx` ON `referrals` (`business_domain`,`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `business_id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `shopper_id` text;--> statement-breakpoint
CREATE INDEX `sessions_business_idx` ON `sessions` (`business_id`);--> statement-breakpoint
CREATE INDEX `sessions_shopper_idx` ON `sessions` (`shopper_id`);