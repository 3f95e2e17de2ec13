CREATE TABLE "recluster_offers" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"product_before" integer
);
