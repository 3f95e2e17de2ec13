ALTER TABLE `shopper_favorites` ADD `alert_stop_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `shopper_favorites_alert_stop_token_idx` ON `shopper_favorites` (`alert_stop_token`);