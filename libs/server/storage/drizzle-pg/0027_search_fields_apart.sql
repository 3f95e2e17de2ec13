-- A phrase is found within one of an offer's fields, as FTS5 finds it within one column: `||` numbers the words of
-- the next field on from the last word of the one before, so "tv <-> sony" matched a title ending in "TV" whose brand
-- is Sony, and "iPod Nano 6G Clear" with the brand "Iluv" held the phrase "clear iluv". Each field but the last ends
-- in a filler word that takes one position and is then deleted (`ts_delete`): the fields stand a word apart. No word
-- is added or counted (ranking and the vocabulary are as before); a title holding the filler word itself loses it.
ALTER TABLE "offers" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (ts_delete(
  setweight(to_tsvector('pricehunt_words', public.pricehunt_search_text("title") || ' pricehuntfieldgap'), 'A') ||
  setweight(to_tsvector('pricehunt_words', public.pricehunt_search_text(coalesce("brand", '')) || ' pricehuntfieldgap'), 'B') ||
  setweight(to_tsvector('pricehunt_words', public.pricehunt_search_text(coalesce("model", '')) || ' pricehuntfieldgap'), 'C') ||
  setweight(to_tsvector('pricehunt_words', public.pricehunt_search_text(coalesce("category", ''))), 'D'),
  'pricehuntfieldgap'
)) STORED;
--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin ("search_vector") WITH (gin_pending_list_limit = 64);
--> statement-breakpoint
REFRESH MATERIALIZED VIEW "offers_vocab";
