ALTER TABLE `outbox_emails` ADD `html` text;--> statement-breakpoint
ALTER TABLE `shopper_favorites` ADD `alert_checked_cents` integer;