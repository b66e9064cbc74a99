-- Who moved and seconded a motion, for the minutes (docs/report.md).
ALTER TABLE "matters" ADD COLUMN "moved_by" text;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "seconded_by" text;
