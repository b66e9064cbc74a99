CREATE TABLE "ballots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"matter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"voter_id" uuid,
	"method" text NOT NULL,
	"choices" jsonb NOT NULL,
	"weight" numeric(20, 6) NOT NULL,
	"idempotency_key" text,
	"cast_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text DEFAULT 'application/octet-stream' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "matters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"type" text DEFAULT 'multiple-choice' NOT NULL,
	"name" text NOT NULL,
	"header" text DEFAULT '' NOT NULL,
	"snippet" text DEFAULT '' NOT NULL,
	"options" jsonb NOT NULL,
	"choices" integer DEFAULT 1 NOT NULL,
	"eligibility" jsonb DEFAULT '["all"]'::jsonb NOT NULL,
	"allow_proxy_vote" boolean DEFAULT true NOT NULL,
	"order" integer NOT NULL,
	"exclusions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_close_when_all_voted" boolean DEFAULT false NOT NULL,
	"live_status" text DEFAULT 'pending' NOT NULL,
	"live_started_at" timestamp with time zone,
	"live_ends_at" timestamp with time zone,
	"live_closed_at" timestamp with time zone,
	"live_generation" integer DEFAULT 0 NOT NULL,
	"close_snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"mail_address1" text DEFAULT '' NOT NULL,
	"mail_address2" text DEFAULT '' NOT NULL,
	"mail_city" text DEFAULT '' NOT NULL,
	"mail_prov" text DEFAULT '' NOT NULL,
	"mail_postal" text DEFAULT '' NOT NULL,
	"mail_country" text DEFAULT '' NOT NULL,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"control_number" text NOT NULL,
	"eligible" boolean DEFAULT true NOT NULL,
	"shares" numeric(20, 6) DEFAULT 1 NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"is_panelist" boolean DEFAULT false NOT NULL,
	"attending" boolean DEFAULT false NOT NULL,
	"in_attendance" boolean DEFAULT false NOT NULL,
	"communication_preferences" jsonb DEFAULT '{"disableAllEmails":false,"disableConsentReminders":false}'::jsonb NOT NULL,
	"last_invite_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"cast_provider" text NOT NULL,
	"cast_id" bigint NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rehearsal_at" timestamp with time zone,
	"rehearsal_timezone" text,
	"rehearsal_duration" integer,
	"recordings_at" timestamp with time zone,
	"reports_at" timestamp with time zone,
	"status" text DEFAULT 'not-started' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matters" ADD CONSTRAINT "matters_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voters" ADD CONSTRAINT "voters_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voters" ADD CONSTRAINT "voters_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webcasts" ADD CONSTRAINT "webcasts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ballots_matter_member_key" ON "ballots" USING btree ("matter_id","member_id");--> statement-breakpoint
CREATE INDEX "ballots_member_idx" ON "ballots" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "ballots_voter_idx" ON "ballots" USING btree ("voter_id");--> statement-breakpoint
CREATE INDEX "documents_meeting_idx" ON "documents" USING btree ("meeting_id");--> statement-breakpoint
CREATE INDEX "matters_meeting_idx" ON "matters" USING btree ("meeting_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "members_meeting_unit_key" ON "members" USING btree ("meeting_id","unit");--> statement-breakpoint
CREATE UNIQUE INDEX "members_meeting_control_number_key" ON "members" USING btree ("meeting_id","control_number");--> statement-breakpoint
CREATE UNIQUE INDEX "voters_member_email_key" ON "voters" USING btree ("member_id",lower("email"));--> statement-breakpoint
CREATE INDEX "voters_meeting_email_idx" ON "voters" USING btree ("meeting_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "webcasts_meeting_key" ON "webcasts" USING btree ("meeting_id");