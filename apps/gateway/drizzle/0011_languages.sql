ALTER TABLE "meetings" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "voters" ADD COLUMN "language" text;