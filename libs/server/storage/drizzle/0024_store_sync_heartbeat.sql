-- Syncs left running by the process that ran them (migrations run before any sync starts) end as the start-up of
-- the API always ended them; then a business may have one running sync at most.
UPDATE `store_syncs` SET `status` = 'failed', `error` = 'Interrupted by a restart; sync again', `finished_at` = CAST(strftime('%s','now') AS INTEGER) * 1000 WHERE `status` = 'running';--> statement-breakpoint
ALTER TABLE `store_syncs` ADD `heartbeat_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `store_syncs_running_idx` ON `store_syncs` (`business_id`) WHERE status = 'running';