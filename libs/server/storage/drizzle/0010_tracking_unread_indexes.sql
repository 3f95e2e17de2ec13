DROP INDEX `clicks_session_idx`;--> statement-breakpoint
DROP INDEX `events_referral_idx`;--> statement-breakpoint
DROP INDEX `events_session_idx`;