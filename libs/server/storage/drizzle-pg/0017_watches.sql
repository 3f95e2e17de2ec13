CREATE TABLE "watch_channels" (
	"watch_id" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"paused_at" bigint,
	"last_error" text,
	"last_delivered_at" bigint,
	CONSTRAINT "watch_channels_watch_id_channel_pk" PRIMARY KEY("watch_id","channel")
);
--> statement-breakpoint
CREATE TABLE "watch_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"watch_id" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"lease_owner" text,
	"lease_until" bigint,
	"last_error" text,
	"sent_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"id" text PRIMARY KEY NOT NULL,
	"watch_id" text NOT NULL,
	"event" text NOT NULL,
	"old_price_cents" bigint,
	"new_price_cents" bigint,
	"target_price_cents" bigint,
	"currency" text,
	"product_id" bigint,
	"title" text NOT NULL,
	"store" text,
	"store_url" text,
	"occurred_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"id" text PRIMARY KEY NOT NULL,
	"shopper_id" text,
	"owner" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" bigint,
	"stop_token" text NOT NULL,
	"target" text NOT NULL,
	"product_id" bigint,
	"offer_id" bigint,
	"url" text,
	"title" text NOT NULL,
	"target_price_cents" bigint,
	"armed" boolean DEFAULT true NOT NULL,
	"seen_price_cents" bigint,
	"seen_in_stock" boolean,
	"evaluated_at" bigint,
	"evaluations" integer DEFAULT 0 NOT NULL,
	"last_checked_at" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_channels" ADD CONSTRAINT "watch_channels_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_deliveries" ADD CONSTRAINT "watch_deliveries_event_id_watch_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."watch_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_deliveries" ADD CONSTRAINT "watch_deliveries_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_shopper_id_shoppers_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."shoppers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_deliveries_event_channel_uq" ON "watch_deliveries" USING btree ("event_id","channel");--> statement-breakpoint
CREATE INDEX "watch_deliveries_due_idx" ON "watch_deliveries" USING btree ("next_attempt_at") WHERE "watch_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "watch_deliveries_watch_idx" ON "watch_deliveries" USING btree ("watch_id","channel");--> statement-breakpoint
CREATE INDEX "watch_events_watch_idx" ON "watch_events" USING btree ("watch_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watches_owner_target_uq" ON "watches" USING btree ("owner","target");--> statement-breakpoint
CREATE UNIQUE INDEX "watches_stop_token_uq" ON "watches" USING btree ("stop_token");--> statement-breakpoint
CREATE UNIQUE INDEX "watches_confirm_token_uq" ON "watches" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "watches_shopper_idx" ON "watches" USING btree ("shopper_id","created_at");--> statement-breakpoint
CREATE INDEX "watches_url_idx" ON "watches" USING btree ("url") WHERE "watches"."url" IS NOT NULL;