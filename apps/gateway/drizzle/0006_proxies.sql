CREATE TABLE "proxies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"holder_name" text NOT NULL,
	"holder_email" text,
	"directions" jsonb NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text,
	"signed_name" text NOT NULL,
	"voter_id" uuid,
	"client_ip" text,
	"user_agent" text,
	"recorded_by" uuid,
	"scan_document_id" uuid,
	"submitted_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"rejected_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proxy_holders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"is_default" boolean NOT NULL,
	"present" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ballot_events" ADD COLUMN "proxy_id" uuid;--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "proxy_id" uuid;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "auto_verify_electronic_proxies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "proxy_holder_must_attend" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_holder_id_proxy_holders_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."proxy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_scan_document_id_documents_id_fk" FOREIGN KEY ("scan_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxies" ADD CONSTRAINT "proxies_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proxy_holders" ADD CONSTRAINT "proxy_holders_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proxies_standing_member_key" ON "proxies" USING btree ("member_id") WHERE "proxies"."status" in ('submitted', 'verified');--> statement-breakpoint
CREATE INDEX "proxies_meeting_status_idx" ON "proxies" USING btree ("meeting_id","status");--> statement-breakpoint
CREATE INDEX "proxies_holder_idx" ON "proxies" USING btree ("holder_id");--> statement-breakpoint
CREATE INDEX "proxies_member_idx" ON "proxies" USING btree ("member_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_holders_default_key" ON "proxy_holders" USING btree ("meeting_id","name") WHERE "proxy_holders"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "proxy_holders_email_key" ON "proxy_holders" USING btree ("meeting_id",lower("email")) WHERE not "proxy_holders"."is_default";--> statement-breakpoint
ALTER TABLE "ballot_events" ADD CONSTRAINT "ballot_events_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballots" ADD CONSTRAINT "ballots_proxy_id_proxies_id_fk" FOREIGN KEY ("proxy_id") REFERENCES "public"."proxies"("id") ON DELETE cascade ON UPDATE no action;