-- The video provider's side of a webcast (docs/webcast.md): who is registered or a panelist at
-- the provider with which personal link, which provider events were applied, and when the
-- status last changed there.
ALTER TABLE "webcasts" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "webcast_attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webcast_id" uuid NOT NULL,
	"voter_id" uuid,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"provider_id" text NOT NULL,
	"join_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webcast_attendees" ADD CONSTRAINT "webcast_attendees_webcast_id_webcasts_id_fk" FOREIGN KEY ("webcast_id") REFERENCES "public"."webcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webcast_attendees" ADD CONSTRAINT "webcast_attendees_voter_id_voters_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."voters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webcast_attendees_voter_key" ON "webcast_attendees" USING btree ("webcast_id","voter_id");--> statement-breakpoint
CREATE INDEX "webcast_attendees_voter_idx" ON "webcast_attendees" USING btree ("voter_id");--> statement-breakpoint
CREATE TABLE "webcast_events" (
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webcast_events_provider_event_key_pk" PRIMARY KEY("provider","event_key")
);
