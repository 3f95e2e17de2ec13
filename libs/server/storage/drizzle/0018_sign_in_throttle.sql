CREATE TABLE `sign_in_failures` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`last_failure_at` integer NOT NULL,
	`blocked_until` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_failures_last_idx` ON `sign_in_failures` (`last_failure_at`);--> statement-breakpoint
CREATE TABLE `trusted_devices` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`business_id` text,
	`shopper_id` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shopper_id`) REFERENCES `shoppers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trusted_devices_business_idx` ON `trusted_devices` (`business_id`);--> statement-breakpoint
CREATE INDEX `trusted_devices_shopper_idx` ON `trusted_devices` (`shopper_id`);--> statement-breakpoint
CREATE INDEX `trusted_devices_expires_idx` ON `trusted_devices` (`expires_at`);