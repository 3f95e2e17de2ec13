CREATE TABLE `product_redirects` (
	`from_id` integer PRIMARY KEY NOT NULL,
	`to_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `product_redirects_to_idx` ON `product_redirects` (`to_id`);