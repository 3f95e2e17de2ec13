-- A product's best price is the cheapest total of an offer one can buy; out-of-stock offers count only when every offer is.
UPDATE `products` SET
  `best_price_cents` = (SELECT coalesce(min(CASE WHEN `availability` <> 'out_of_stock' THEN `price_cents` + coalesce(`shipping_cents`, 0) END),
    min(`price_cents` + coalesce(`shipping_cents`, 0))) FROM `offers` WHERE `product_id` = `products`.`id`),
  `currency` = coalesce((SELECT `currency` FROM `offers` WHERE `product_id` = `products`.`id`
    ORDER BY `availability` = 'out_of_stock', `price_cents` + coalesce(`shipping_cents`, 0) LIMIT 1), `currency`)
WHERE `id` IN (SELECT `product_id` FROM `offers` WHERE `availability` = 'out_of_stock' AND `product_id` IS NOT NULL);
