ALTER TABLE "store_syncs" ADD COLUMN "run_recorded_at" bigint;--> statement-breakpoint
-- Syncs that ended before this column were told to their source when they ended.
UPDATE "store_syncs" SET "run_recorded_at" = "finished_at" WHERE "status" <> 'running';
