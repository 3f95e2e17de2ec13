CREATE TABLE `product_price_summaries` (
	`product_id` integer PRIMARY KEY NOT NULL,
	`currency` text,
	`typical_cents` integer,
	`low_cents` integer,
	`high_cents` integer,
	`history_since` text,
	`computed_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`computed_version` integer DEFAULT 0 NOT NULL
);
