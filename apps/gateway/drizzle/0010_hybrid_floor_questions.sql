CREATE TABLE "floor_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"matter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"entry" integer NOT NULL,
	"choices" jsonb NOT NULL,
	"recorded_by" uuid,
	"status" text NOT NULL,
	"ballot_id" uuid,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"voter_id" uuid,
	"voter_name" text NOT NULL,
	"category" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"moderated_by" uuid,
	"on_screen" boolean DEFAULT false NOT NULL,
	"asked_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "question_categories" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "floor_double_entry" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "floor_entries" ADD CONSTRAINT "floor_entries_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_entries" ADD CONSTRAINT "floor_entries_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_entries" ADD CONSTRAINT "floor_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_entries" ADD CONSTRAINT "floor_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_entries" ADD CONSTRAINT "floor_entries_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "floor_entries_pending_key" ON "floor_entries" USING btree ("matter_id","member_id","entry") WHERE "floor_entries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "floor_entries_matter_idx" ON "floor_entries" USING btree ("matter_id","status");--> statement-breakpoint
CREATE INDEX "questions_meeting_idx" ON "questions" USING btree ("meeting_id","asked_at");--> statement-breakpoint
CREATE INDEX "questions_voter_idx" ON "questions" USING btree ("voter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_on_screen_key" ON "questions" USING btree ("meeting_id") WHERE "questions"."on_screen";