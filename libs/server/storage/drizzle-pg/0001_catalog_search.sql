-- Full-text search on PostgreSQL: the counterpart of the SQLite migrations' FTS5 index `offers_fts` and its vocabulary
-- `offers_fts_vocab` (0002, 0008 there). Engine-specific: the schema drift test exempts what this file makes
-- (ENGINE_SPECIFIC in src/db/schema-drift.spec.ts). pg_trgm and unaccent are trusted extensions (contrib): a
-- database's owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- Words as FTS5's unicode61 tokenizer (remove_diacritics 2) makes them: lower case, accents removed, no stemming
-- ("glasses" stays "glasses"). PostgreSQL's parser also keeps a dashed model number whole ("kd-55x80k") beside its
-- parts ("kd", "55x80k").
CREATE TEXT SEARCH CONFIGURATION pricehunt_words (COPY = pg_catalog.simple);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION pricehunt_words ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
--> statement-breakpoint
-- An offer's words, weighted by where they stand: title A, brand B, model/part number C, category D (FTS5 indexes
-- the same four columns). Ranking weights are given per query: ts_rank('{D, C, B, A}', search_vector, query);
-- bm25's 0.5, 4, 2, 1 of search-index.ts read '{0.05, 0.4, 0.2, 0.1}'. A generated column rather than a trigger: it
-- cannot be forgotten by a write path (SQLite's bulk path indexes new offers itself), and PostgreSQL computes it
-- again only when one of its four columns is updated. Left out of pg-schema/catalog.ts: selects of whole offers do
-- not read it.
ALTER TABLE "offers" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('pricehunt_words', "title"), 'A') ||
  setweight(to_tsvector('pricehunt_words', coalesce("brand", '')), 'B') ||
  setweight(to_tsvector('pricehunt_words', coalesce("model", '')), 'C') ||
  setweight(to_tsvector('pricehunt_words', coalesce("category", '')), 'D')
) STORED;
--> statement-breakpoint
-- Full-text candidates (search_vector @@ to_tsquery('pricehunt_words', 'sony & kd:*')): words and word prefixes (the
-- search box's last word being typed).
CREATE INDEX "offers_search_idx" ON "offers" USING gin ("search_vector");
--> statement-breakpoint
-- The catalog's words and how many offers carry each: what spelling correction reads (the words of letters, by
-- prefix) and word weights (document counts), as from `offers_fts_vocab`. A materialized view, refreshed with
-- REFRESH MATERIALIZED VIEW CONCURRENTLY offers_vocab where the SQLite corrector re-reads its vocabulary (after an
-- import, between requests); between refreshes the count of offers carrying a word comes from offers_search_idx.
-- Terms in byte order (collation "C"), so a range of them is a prefix whatever the cluster's collation. The table is
-- named with its schema: ts_stat runs the query text as it is when the view is refreshed, and pg_restore refreshes it
-- with an empty search_path.
CREATE MATERIALIZED VIEW "offers_vocab" AS
  SELECT word COLLATE "C" AS "term", ndoc AS "documents" FROM ts_stat('SELECT search_vector FROM public.offers');
--> statement-breakpoint
-- Exact terms and prefix ranges; a concurrent refresh needs a unique index.
CREATE UNIQUE INDEX "offers_vocab_term_idx" ON "offers_vocab" ("term");
--> statement-breakpoint
-- Typo look-ups: the catalog words near a word no offer carries (term % 'wireles', similarity(term, 'wireles')).
CREATE INDEX "offers_vocab_term_trgm_idx" ON "offers_vocab" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
-- The admin console's product finder looks for each typed word anywhere in titles (title ILIKE '%word%'), which a
-- b-tree cannot serve.
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);
