-- The offers' full-text index keeps a short list of entries not yet merged (64 kB instead of 4 MB). Every search through
-- it reads that whole list: each write of an offer (an import, a re-clustering setting its product) adds the offer's
-- words to it, and at 4 MB a word's lookup read ~300 pages and the planner, costing the index so, scanned the table
-- instead. The writer that fills it merges it into the index (a few hundred offers at a time).
ALTER INDEX "offers_search_idx" SET (gin_pending_list_limit = 64);
