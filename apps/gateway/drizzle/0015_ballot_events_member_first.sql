DROP INDEX "ballot_events_member_idx";--> statement-breakpoint
DROP INDEX "ballot_events_idempotency_key";--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_events_idempotency_key" ON "ballot_events" USING btree ("member_id","matter_id","idempotency_key");