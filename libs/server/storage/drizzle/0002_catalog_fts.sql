-- Full-text index over offer titles, brands, model numbers and categories (external content: the text lives in `offers`).
CREATE VIRTUAL TABLE `offers_fts` USING fts5(title, brand, model, category, content='offers', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
-- Triggers keep the index in step with every insert, update of an indexed column, and delete.
CREATE TRIGGER `offers_fts_insert` AFTER INSERT ON `offers` BEGIN
  INSERT INTO offers_fts(rowid, title, brand, model, category) VALUES (new.id, new.title, new.brand, new.model, new.category);
END;
--> statement-breakpoint
CREATE TRIGGER `offers_fts_delete` AFTER DELETE ON `offers` BEGIN
  INSERT INTO offers_fts(offers_fts, rowid, title, brand, model, category) VALUES ('delete', old.id, old.title, old.brand, old.model, old.category);
END;
--> statement-breakpoint
CREATE TRIGGER `offers_fts_update` AFTER UPDATE OF title, brand, model, category ON `offers` BEGIN
  INSERT INTO offers_fts(offers_fts, rowid, title, brand, model, category) VALUES ('delete', old.id, old.title, old.brand, old.model, old.category);
  INSERT INTO offers_fts(rowid, title, brand, model, category) VALUES (new.id, new.title, new.brand, new.model, new.category);
END;
--> statement-breakpoint
-- Per-word document counts, so queries can leave out words most offers carry.
CREATE VIRTUAL TABLE `offers_fts_vocab` USING fts5vocab('offers_fts', 'row');
