-- Offers' words split as the SQLite side's FTS5 unicode61 tokenizer (and `indexWords`, which every caller of the
-- search index port uses) splits them: at anything but letters and digits. PostgreSQL's parser keeps some runs with
-- punctuation whole, with or without their parts: "kd-55x80k" (as well as "kd", "55x80k"), "1.5" (and no "1", "5"),
-- "amazon.com", "/b" (of "WH-1000XM5/B"). A search for the words a caller passes ("1", "5", "tb") then missed offers
-- SQLite finds, and the vocabulary held words no caller can ask for. Punctuation and symbols become spaces before
-- the text is parsed. An immutable function (a generated column needs one), named with its schema in the column.
CREATE FUNCTION public.pricehunt_search_text(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(input, '[[:punct:][:space:]]+', ' ', 'g');
--> statement-breakpoint
-- PostgreSQL 15 cannot change a generated column's expression: the column (and its GIN index) are made anew.
ALTER TABLE "offers" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('pricehunt_words', public.pricehunt_search_text("title")), 'A') ||
  setweight(to_tsvector('pricehunt_words', public.pricehunt_search_text(coalesce("brand", ''))), 'B') ||
  setweight(to_tsvector('pricehunt_words', public.pricehunt_search_text(coalesce("model", ''))), 'C') ||
  setweight(to_tsvector('pricehunt_words', public.pricehunt_search_text(coalesce("category", ''))), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin ("search_vector");
--> statement-breakpoint
REFRESH MATERIALIZED VIEW "offers_vocab";
