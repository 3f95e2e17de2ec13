CREATE TABLE `rate_limit_windows` (
	`limit_name` text NOT NULL,
	`key_hash` text NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL,
	PRIMARY KEY(`limit_name`, `key_hash`)
);
--> statement-breakpoint
CREATE INDEX `rate_limit_windows_reset_idx` ON `rate_limit_windows` (`reset_at`);