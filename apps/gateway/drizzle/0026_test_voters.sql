-- Test voters and their ballots, kept apart from the ballots that count (docs/test-voters.md).
ALTER TABLE "voters" ADD COLUMN "is_test_voter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "test_ballots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"matter_id" uuid NOT NULL,
	"voter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"method" text NOT NULL,
	"choices" jsonb NOT NULL,
	"votes" jsonb,
	"weight" numeric(20, 6) NOT NULL,
	"idempotency_key" text,
	"cast_at" timestamp with time zone NOT NULL,
	"receipt_id" uuid,
	"proxy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_ballot_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"matter_id" uuid NOT NULL,
	"voter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"method" text NOT NULL,
	"choices" jsonb NOT NULL,
	"votes" jsonb,
	"weight" numeric(20, 6) NOT NULL,
	"idempotency_key" text,
	"cast_at" timestamp with time zone NOT NULL,
	"receipt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_ballots" ADD CONSTRAINT "test_ballots_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_ballots" ADD CONSTRAINT "test_ballots_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_ballots" ADD CONSTRAINT "test_ballots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_ballot_events" ADD CONSTRAINT "test_ballot_events_matter_id_matters_id_fk" FOREIGN KEY ("matter_id") REFERENCES "public"."matters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_ballot_events" ADD CONSTRAINT "test_ballot_events_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_ballot_events" ADD CONSTRAINT "test_ballot_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "test_ballots_matter_voter_key" ON "test_ballots" USING btree ("matter_id","voter_id");--> statement-breakpoint
CREATE INDEX "test_ballots_voter_idx" ON "test_ballots" USING btree ("voter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_ballot_events_idempotency_key" ON "test_ballot_events" USING btree ("voter_id","idempotency_key","matter_id");--> statement-breakpoint
CREATE INDEX "test_ballot_events_matter_idx" ON "test_ballot_events" USING btree ("matter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_ballot_events_receipt_key" ON "test_ballot_events" USING btree ("receipt");--> statement-breakpoint
CREATE INDEX "voters_meeting_test_idx" ON "voters" USING btree ("meeting_id") WHERE "voters"."is_test_voter";
