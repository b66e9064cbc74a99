ALTER TABLE "proxy_holders" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "questions_member_status_idx" ON "questions" USING btree ("member_id","status");
