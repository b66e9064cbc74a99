DROP INDEX "ballot_events_idempotency_key";--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_events_idempotency_key" ON "ballot_events" USING btree ("member_id","idempotency_key","matter_id");