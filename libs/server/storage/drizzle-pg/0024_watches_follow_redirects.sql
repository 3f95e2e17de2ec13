-- Watches of products retired before watches followed redirects: moved to the successor, like favorites; a product
-- watch whose owner already watches the successor goes (of an owner's several moving to one successor, the first).
UPDATE watches w SET
  product_id = r.to_id,
  target = CASE WHEN w.url IS NULL THEN 'product:' || r.to_id ELSE w.target END
FROM product_redirects r
WHERE r.from_id = w.product_id
  AND (w.url IS NOT NULL OR (
    NOT EXISTS (SELECT 1 FROM watches v WHERE v.owner = w.owner AND v.target = 'product:' || r.to_id)
    AND w.id = (SELECT min(x.id) FROM watches x JOIN product_redirects y ON y.from_id = x.product_id
      WHERE x.owner = w.owner AND x.url IS NULL AND y.to_id = r.to_id)));
--> statement-breakpoint
DELETE FROM watches WHERE product_id IN (SELECT from_id FROM product_redirects);
