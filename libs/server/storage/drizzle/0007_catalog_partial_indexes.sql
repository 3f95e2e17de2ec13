DROP INDEX `offers_gtin_idx`;--> statement-breakpoint
DROP INDEX `offers_model_key_idx`;--> statement-breakpoint
DROP INDEX `offers_business_idx`;--> statement-breakpoint
CREATE INDEX `offers_gtin_idx` ON `offers` (`gtin`) WHERE "offers"."gtin" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `offers_model_key_idx` ON `offers` (`model_key`) WHERE "offers"."model_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `offers_business_idx` ON `offers` (`business_id`) WHERE "offers"."business_id" IS NOT NULL;