ALTER TABLE `import_runs` ADD `owner_pid` integer;--> statement-breakpoint
ALTER TABLE `import_runs` ADD `owner_host` text;--> statement-breakpoint
ALTER TABLE `import_runs` ADD `heartbeat_at` text;