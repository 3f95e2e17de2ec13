ALTER TABLE `verified_domains` ADD `checked_at` integer;--> statement-breakpoint
ALTER TABLE `verified_domains` ADD `failed_checks` integer DEFAULT 0 NOT NULL;