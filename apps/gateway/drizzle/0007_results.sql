ALTER TABLE "account_users" ADD COLUMN "roles" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "threshold" jsonb DEFAULT '{"numerator":1,"denominator":2,"strict":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "threshold_basis" text DEFAULT 'shares' NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "threshold_base" text DEFAULT 'cast' NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "quorum_at_open" jsonb;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "result_generation" integer;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "quorum_basis" text DEFAULT 'units' NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "quorum_percent" double precision;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "quorum_includes_proxies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "require_quorum_to_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "require_sign_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "one_live_matter" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "scrutineers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "matters_awaiting_result_idx" ON "matters" USING btree ("id") WHERE "matters"."live_status" = 'closed' and "matters"."result_generation" is distinct from "matters"."live_generation";