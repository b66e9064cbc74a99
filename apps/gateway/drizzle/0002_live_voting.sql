CREATE TABLE "ballot_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"matter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"voter_id" uuid,
	"recorded_by" uuid,
	"method" text NOT NULL,
	"choices" jsonb NOT NULL,
	"weight" numeric(20, 6) NOT NULL,
	"idempotency_key" text,
	"cast_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "prev_method" text;--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "prev_choices" jsonb;--> statement-breakpoint
ALTER TABLE "ballots" ADD COLUMN "prev_weight" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "ballot_events" ADD CONSTRAINT "ballot_events_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_events" ADD CONSTRAINT "ballot_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_events" ADD CONSTRAINT "ballot_events_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_events" ADD CONSTRAINT "ballot_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_events_idempotency_key" ON "ballot_events" USING btree ("matter_id","member_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ballot_events_matter_idx" ON "ballot_events" USING btree ("matter_id","cast_at");