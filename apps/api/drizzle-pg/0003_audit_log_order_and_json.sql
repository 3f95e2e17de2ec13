ALTER TABLE "audit_log" ALTER COLUMN "before_json" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "after_json" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);