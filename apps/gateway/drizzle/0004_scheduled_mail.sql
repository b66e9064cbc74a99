CREATE TABLE "scheduled_mail" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"voter_id" uuid,
	"email" text NOT NULL,
	"period" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"lease_until" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_mail" ADD CONSTRAINT "scheduled_mail_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_mail" ADD CONSTRAINT "scheduled_mail_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_mail_send_key" ON "scheduled_mail" USING btree ("meeting_id","kind","recipient","period");--> statement-breakpoint
CREATE INDEX "scheduled_mail_meeting_status_idx" ON "scheduled_mail" USING btree ("meeting_id","status");--> statement-breakpoint
CREATE INDEX "scheduled_mail_voter_idx" ON "scheduled_mail" USING btree ("voter_id");