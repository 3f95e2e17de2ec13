CREATE TABLE `email_confirmation_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`business_id` text,
	`shopper_id` text,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shopper_id`) REFERENCES `shoppers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_confirmation_tokens_token_hash_unique` ON `email_confirmation_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_confirmation_tokens_business_idx` ON `email_confirmation_tokens` (`business_id`);--> statement-breakpoint
CREATE INDEX `email_confirmation_tokens_shopper_idx` ON `email_confirmation_tokens` (`shopper_id`);--> statement-breakpoint
ALTER TABLE `businesses` ADD `email_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `shoppers` ADD `email_confirmed_at` integer;--> statement-breakpoint
-- Accounts made before email confirmation existed count as confirmed (their owners signed in already).
UPDATE `businesses` SET `email_confirmed_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000;--> statement-breakpoint
UPDATE `shoppers` SET `email_confirmed_at` = CAST(strftime('%s', 'now') AS INTEGER) * 1000;
