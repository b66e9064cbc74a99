CREATE INDEX "ballots_floor_member_idx" ON "ballots" USING btree ("member_id") WHERE "ballots"."method" = 'other';
