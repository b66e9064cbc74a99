ALTER TABLE "voters" ADD COLUMN "invite_status" text;--> statement-breakpoint
ALTER TABLE "voters" ADD COLUMN "invite_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voters" ADD COLUMN "invite_error" text;--> statement-breakpoint
ALTER TABLE "proxy_holders" ADD COLUMN "notice_status" text;--> statement-breakpoint
ALTER TABLE "proxy_holders" ADD COLUMN "notice_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proxy_holders" ADD COLUMN "notice_error" text;
