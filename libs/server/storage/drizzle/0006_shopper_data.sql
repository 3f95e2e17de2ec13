CREATE TABLE `shopper_favorites` (
	`shopper_id` text NOT NULL,
	`product_id` integer NOT NULL,
	`title` text NOT NULL,
	`brand` text,
	`image_url` text,
	`saved_price_cents` integer,
	`currency` text,
	`saved_at` text NOT NULL,
	PRIMARY KEY(`shopper_id`, `product_id`),
	FOREIGN KEY (`shopper_id`) REFERENCES `shoppers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shopper_favorites_saved_idx` ON `shopper_favorites` (`shopper_id`,`saved_at`);--> statement-breakpoint
CREATE TABLE `shopper_history` (
	`shopper_id` text NOT NULL,
	`request_id` text NOT NULL,
	`slug` text NOT NULL,
	`kind` text NOT NULL,
	`input` text NOT NULL,
	`title` text,
	`image_url` text,
	`product_id` integer,
	`best_price_cents` integer,
	`currency` text,
	`offer_count` integer,
	`searched_at` text NOT NULL,
	PRIMARY KEY(`shopper_id`, `request_id`),
	FOREIGN KEY (`shopper_id`) REFERENCES `shoppers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shopper_history_recent_idx` ON `shopper_history` (`shopper_id`,`searched_at`);