ALTER TABLE "matters" ADD COLUMN "voting_method" text DEFAULT 'plurality' NOT NULL;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "candidates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "votes" jsonb;--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "prev_votes" jsonb;--> statement-breakpoint
ALTER TABLE "ballot_events" ADD COLUMN "votes" jsonb;--> statement-breakpoint
ALTER TABLE "floor_entries" ADD COLUMN "votes" jsonb;--> statement-breakpoint
CREATE TABLE "nominations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"voter_id" uuid,
	"name" text NOT NULL,
	"statement" text NOT NULL,
	"nominee_email" text,
	"nominee_notified_at" timestamp with time zone,
	"status" text NOT NULL,
	"reject_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nominations" ADD CONSTRAINT "nominations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nominations_meeting_idx" ON "nominations" USING btree ("meeting_id","status","decided_at");--> statement-breakpoint
CREATE INDEX "nominations_member_idx" ON "nominations" USING btree ("member_id","status");
