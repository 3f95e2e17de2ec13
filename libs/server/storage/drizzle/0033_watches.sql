CREATE TABLE `watch_channels` (
	`watch_id` text NOT NULL,
	`channel` text NOT NULL,
	`destination` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`paused_at` integer,
	`last_error` text,
	`last_delivered_at` integer,
	PRIMARY KEY(`watch_id`, `channel`),
	FOREIGN KEY (`watch_id`) REFERENCES `watches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `watch_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`watch_id` text NOT NULL,
	`channel` text NOT NULL,
	`destination` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`lease_owner` text,
	`lease_until` integer,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `watch_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`watch_id`) REFERENCES `watches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watch_deliveries_event_channel_uq` ON `watch_deliveries` (`event_id`,`channel`);--> statement-breakpoint
CREATE INDEX `watch_deliveries_due_idx` ON `watch_deliveries` (`next_attempt_at`) WHERE "watch_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `watch_deliveries_watch_idx` ON `watch_deliveries` (`watch_id`,`channel`);--> statement-breakpoint
CREATE TABLE `watch_events` (
	`id` text PRIMARY KEY NOT NULL,
	`watch_id` text NOT NULL,
	`event` text NOT NULL,
	`old_price_cents` integer,
	`new_price_cents` integer,
	`target_price_cents` integer,
	`currency` text,
	`product_id` integer,
	`title` text NOT NULL,
	`store` text,
	`store_url` text,
	`occurred_at` integer NOT NULL,
	FOREIGN KEY (`watch_id`) REFERENCES `watches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watch_events_watch_idx` ON `watch_events` (`watch_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `watches` (
	`id` text PRIMARY KEY NOT NULL,
	`shopper_id` text,
	`owner` text NOT NULL,
	`email` text NOT NULL,
	`status` text NOT NULL,
	`confirm_token_hash` text,
	`confirm_expires_at` integer,
	`stop_token` text NOT NULL,
	`target` text NOT NULL,
	`product_id` integer,
	`offer_id` integer,
	`url` text,
	`title` text NOT NULL,
	`target_price_cents` integer,
	`armed` integer DEFAULT true NOT NULL,
	`seen_price_cents` integer,
	`seen_in_stock` integer,
	`evaluated_at` integer,
	`evaluations` integer DEFAULT 0 NOT NULL,
	`last_checked_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`shopper_id`) REFERENCES `shoppers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watches_owner_target_uq` ON `watches` (`owner`,`target`);--> statement-breakpoint
CREATE UNIQUE INDEX `watches_stop_token_uq` ON `watches` (`stop_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `watches_confirm_token_uq` ON `watches` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `watches_shopper_idx` ON `watches` (`shopper_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `watches_url_idx` ON `watches` (`url`) WHERE "watches"."url" IS NOT NULL;