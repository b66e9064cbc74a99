-- A provider's webhook finds its webcast by the room's id at the provider (docs/webcast.md,
-- "Provider events"): by index, not by reading every webcast.
CREATE INDEX "webcasts_cast_idx" ON "webcasts" USING btree ("cast_id");
