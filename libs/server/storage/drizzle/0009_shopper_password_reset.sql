CREATE TABLE `shopper_password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`shopper_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`shopper_id`) REFERENCES `shoppers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shopper_password_reset_tokens_token_hash_unique` ON `shopper_password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `shopper_password_reset_tokens_shopper_idx` ON `shopper_password_reset_tokens` (`shopper_id`);