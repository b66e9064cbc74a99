ALTER TABLE "voters" ADD COLUMN "rsvp" text;--> statement-breakpoint
ALTER TABLE "voters" ADD COLUMN "rsvp_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voters" ADD COLUMN "check_in_code" text DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 16)) NOT NULL;--> statement-breakpoint
ALTER TABLE "voters" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voters" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "voters" ADD CONSTRAINT "voters_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voters_check_in_code_key" ON "voters" USING btree ("check_in_code");--> statement-breakpoint
CREATE INDEX "voters_meeting_checked_in_idx" ON "voters" USING btree ("meeting_id") WHERE "voters"."checked_in_at" is not null;