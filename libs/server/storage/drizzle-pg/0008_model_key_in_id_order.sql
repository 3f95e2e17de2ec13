DROP INDEX "offers_model_key_idx";--> statement-breakpoint
CREATE INDEX "offers_model_key_idx" ON "offers" USING btree ("model_key" text_pattern_ops,"id") WHERE "offers"."model_key" IS NOT NULL;