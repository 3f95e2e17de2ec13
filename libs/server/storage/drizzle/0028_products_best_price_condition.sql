ALTER TABLE `products` ADD `best_price_condition` text;--> statement-breakpoint
-- A product's best price is its cheapest new offer's total (one can buy, when there is one), a used or refurbished
-- offer's only when it has no new one; best_price_condition says which (BULK_SQL.refreshProducts).
UPDATE `products` SET `best_price_cents` = CAST(substr(f.`first`, 3, 20) AS INTEGER),
  `best_price_condition` = CASE substr(f.`first`, 23, 1) WHEN 'n' THEN 'new' WHEN 'r' THEN 'refurbished' WHEN 'u' THEN 'used' END,
  `currency` = substr(f.`first`, 24)
FROM (SELECT `product_id`, min((`condition` <> 'new') || (`availability` = 'out_of_stock') || printf('%020d', `price_cents` + coalesce(`shipping_cents`, 0))
    || substr(`condition`, 1, 1) || `currency`) AS `first`
  FROM `offers` WHERE `product_id` IS NOT NULL AND `held` IS NULL GROUP BY `product_id`) AS f
WHERE `products`.`id` = f.`product_id`;--> statement-breakpoint
-- Their typical prices are computed again, from new offers' prices.
UPDATE `product_price_summaries` SET `version` = `version` + 1;
