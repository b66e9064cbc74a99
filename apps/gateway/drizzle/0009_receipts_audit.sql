CREATE TABLE "audit_chain" (
	"meeting_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid NOT NULL,
	"digest" text NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_chain_meeting_id_position_pk" PRIMARY KEY("meeting_id","position")
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" jsonb NOT NULL,
	"client_ip" text,
	"subject" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ballot_events" ADD COLUMN "receipt" text;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "open_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_chain" ADD CONSTRAINT "audit_chain_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_chain_source_key" ON "audit_chain" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "audit_entries_meeting_idx" ON "audit_entries" USING btree ("meeting_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_events_receipt_key" ON "ballot_events" USING btree ("receipt") WHERE "ballot_events"."receipt" is not null;--> statement-breakpoint
CREATE INDEX "ballot_events_member_idx" ON "ballot_events" USING btree ("member_id");--> statement-breakpoint
-- A receipt code (docs/verifiability.md): 16 characters of Crockford's base32, 80 random bits
-- from gen_random_uuid's random bytes (its version nibble, byte 6, left out). The gateway makes
-- the same codes itself for the ballots it batches (voting/receipt-codes.ts).
CREATE FUNCTION "ballot_receipt"() RETURNS text LANGUAGE sql VOLATILE AS $$
	SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', get_byte(s.b, t.i) % 32 + 1, 1), '' ORDER BY t.n)
	FROM (SELECT uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) AS b) s,
		unnest(ARRAY[0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]) WITH ORDINALITY AS t(i, n)
$$;
--> statement-breakpoint
UPDATE "ballot_events" SET "receipt" = ballot_receipt() WHERE "receipt" IS NULL AND jsonb_array_length("choices") > 0;
--> statement-breakpoint
-- Append-only (docs/verifiability.md): a ballot event is never changed or removed, except by
-- the foreign keys: the voter or manager it names may be deleted (set null, outside the hash),
-- and it goes with its matter, member or proxy when those are deleted (a whole meeting).
CREATE FUNCTION "ballot_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		IF EXISTS (SELECT 1 FROM matters WHERE id = OLD.matter_id)
			AND EXISTS (SELECT 1 FROM members WHERE id = OLD.member_id)
			AND (OLD.proxy_id IS NULL OR EXISTS (SELECT 1 FROM proxies WHERE id = OLD.proxy_id)) THEN
			RAISE EXCEPTION 'ballot_events is append-only: % may not be deleted', OLD.id;
		END IF;
		RETURN OLD;
	END IF;
	IF (NEW.id, NEW.matter_id, NEW.member_id, NEW.method, NEW.choices, NEW.weight, NEW.idempotency_key,
			NEW.cast_at, NEW.proxy_id, NEW.receipt)
		IS NOT DISTINCT FROM (OLD.id, OLD.matter_id, OLD.member_id, OLD.method, OLD.choices, OLD.weight,
			OLD.idempotency_key, OLD.cast_at, OLD.proxy_id, OLD.receipt)
		AND (NEW.voter_id IS NULL OR NEW.voter_id IS NOT DISTINCT FROM OLD.voter_id)
		AND (NEW.recorded_by IS NULL OR NEW.recorded_by IS NOT DISTINCT FROM OLD.recorded_by) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'ballot_events is append-only: % may not be changed', OLD.id;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ballot_events_append_only" BEFORE UPDATE OR DELETE ON "ballot_events"
	FOR EACH ROW EXECUTE FUNCTION "ballot_events_append_only"();
--> statement-breakpoint
-- The audit log and the chain: never changed; removed only with their meeting.
CREATE FUNCTION "meeting_record_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM meetings WHERE id = OLD.meeting_id) THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_entries"
	FOR EACH ROW EXECUTE FUNCTION "meeting_record_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_chain_append_only" BEFORE UPDATE OR DELETE ON "audit_chain"
	FOR EACH ROW EXECUTE FUNCTION "meeting_record_append_only"();
