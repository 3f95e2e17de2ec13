-- A line's key is its words in any order (`catalog-search` lineOf): every product's line is read again, before a
-- browse and by the reading after an import, as for a renamed product.
UPDATE "products" SET "line_of_title" = NULL;
