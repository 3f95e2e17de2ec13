CREATE TABLE "product_price_summaries" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"currency" text,
	"typical_cents" bigint,
	"low_cents" bigint,
	"high_cents" bigint,
	"history_since" timestamp (3) with time zone,
	"computed_at" timestamp (3) with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"computed_version" integer DEFAULT 0 NOT NULL
);
