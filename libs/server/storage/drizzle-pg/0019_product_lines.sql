ALTER TABLE "products" ADD COLUMN "line_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "line_of_title" text;