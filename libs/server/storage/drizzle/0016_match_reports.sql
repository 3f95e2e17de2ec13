CREATE TABLE `match_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`request_id` text NOT NULL,
	`product_id` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`status` text DEFAULT 'open' NOT NULL,
	`resolved_at` text,
	`resolved_by` text
);
--> statement-breakpoint
CREATE INDEX `match_reports_status_idx` ON `match_reports` (`status`,`created_at`);