CREATE TABLE `verified_domains` (
	`domain` text PRIMARY KEY NOT NULL,
	`business_id` text NOT NULL,
	`method` text NOT NULL,
	`verified_at` integer NOT NULL,
	FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verified_domains_business_uq` ON `verified_domains` (`business_id`);--> statement-breakpoint
ALTER TABLE `offers` ADD `held` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `price_approved_cents` integer;--> statement-breakpoint
CREATE INDEX `offers_held_idx` ON `offers` (`held`,`updated_at`) WHERE "offers"."held" IS NOT NULL;--> statement-breakpoint
-- Proofs made before: the business's current store domain, when it proved that one; the earliest proof of a domain owns it.
INSERT INTO `verified_domains` (`domain`, `business_id`, `method`, `verified_at`)
  SELECT b.`store_domain`, s.`business_id`, s.`verification_method`, min(s.`domain_verified_at`)
  FROM `merchant_settings` s JOIN `businesses` b ON b.`id` = s.`business_id`
  WHERE s.`verified_domain` = b.`store_domain` AND s.`domain_verified_at` IS NOT NULL AND s.`verification_method` IS NOT NULL
  GROUP BY b.`store_domain`;--> statement-breakpoint
-- A business's offers are shown only while its proven domain is its store's, the business is active and the link is on that domain.
UPDATE `offers` SET `held` = 'store' WHERE `business_id` IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM `businesses` b JOIN `verified_domains` v ON v.`business_id` = b.`id`
  WHERE b.`id` = `offers`.`business_id` AND b.`status` = 'active' AND b.`store_domain` = v.`domain`
    AND (`offers`.`host` = v.`domain` OR substr(`offers`.`host`, -length(v.`domain`) - 1) = '.' || v.`domain`));--> statement-breakpoint
-- The figures of the products those offers were in count only the offers shoppers see.
UPDATE `products` SET
  `offer_count` = (SELECT count(*) FROM `offers` WHERE `product_id` = `products`.`id` AND `held` IS NULL),
  `best_price_cents` = (SELECT coalesce(min(CASE WHEN `availability` <> 'out_of_stock' THEN `price_cents` + coalesce(`shipping_cents`, 0) END),
      min(`price_cents` + coalesce(`shipping_cents`, 0))) FROM `offers` WHERE `product_id` = `products`.`id` AND `held` IS NULL)
  WHERE `id` IN (SELECT `product_id` FROM `offers` WHERE `held` IS NOT NULL);--> statement-breakpoint
ALTER TABLE `merchant_settings` DROP COLUMN `verified_domain`;--> statement-breakpoint
ALTER TABLE `merchant_settings` DROP COLUMN `domain_verified_at`;--> statement-breakpoint
ALTER TABLE `merchant_settings` DROP COLUMN `verification_method`;