-- Watches of products retired before watches followed redirects: moved to the successor, like favorites; a product
-- watch whose owner already watches the successor goes.
UPDATE OR IGNORE watches SET
  product_id = (SELECT to_id FROM product_redirects WHERE from_id = watches.product_id),
  target = CASE WHEN url IS NULL THEN 'product:' || (SELECT to_id FROM product_redirects WHERE from_id = watches.product_id) ELSE target END
WHERE product_id IN (SELECT from_id FROM product_redirects);
--> statement-breakpoint
DELETE FROM watches WHERE product_id IN (SELECT from_id FROM product_redirects);
