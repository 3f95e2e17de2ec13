CREATE TABLE `feed_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`source_id` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text,
	`rows_read` integer DEFAULT 0 NOT NULL,
	`added` integer DEFAULT 0 NOT NULL,
	`changed` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`gone` integer DEFAULT 0 NOT NULL,
	`rejected` integer DEFAULT 0 NOT NULL,
	`error` text,
	`import_run_id` text
);
--> statement-breakpoint
CREATE INDEX `feed_runs_source_idx` ON `feed_runs` (`source_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `feed_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`format` text NOT NULL,
	`retailer_id` text NOT NULL,
	`business_id` text,
	`interval_minutes` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`next_run_at` text NOT NULL,
	`etag` text,
	`last_modified` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`lease_owner` text,
	`lease_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feed_sources_due_idx` ON `feed_sources` (`status`,`next_run_at`);