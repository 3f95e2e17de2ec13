-- New offers are indexed by the catalog repository inside the same transaction that writes them: one set-based
-- insert per ingest batch is several times faster than a trigger firing per row. Updates and deletes keep their triggers.
DROP TRIGGER `offers_fts_insert`;
