ALTER TABLE `products` ADD `line_key` text;--> statement-breakpoint
ALTER TABLE `products` ADD `line_of_title` text;