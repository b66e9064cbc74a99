-- Refresh tokens rotate in families (docs/security.md): a cookie refresh replaces the token,
-- and a replayed rotated one revokes every token of its family.
ALTER TABLE "refresh_tokens" ADD COLUMN "family_id" uuid;--> statement-breakpoint
UPDATE "refresh_tokens" SET "family_id" = "id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "family_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
-- The meeting team (docs/team.md): every account's first user becomes its first owner.
UPDATE "account_users" AS au SET "roles" = au."roles" || '["owner"]'::jsonb
FROM (
	SELECT DISTINCT ON ("account_id") "account_id", "user_id"
	FROM "account_users"
	ORDER BY "account_id", "created_at", "user_id"
) AS first
WHERE au."account_id" = first."account_id" AND au."user_id" = first."user_id"
	AND NOT au."roles" @> '["owner"]'::jsonb
	AND NOT EXISTS (
		SELECT 1 FROM "account_users" o
		WHERE o."account_id" = au."account_id" AND o."roles" @> '["owner"]'::jsonb
	);--> statement-breakpoint
CREATE TABLE "account_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_token_hash_key" ON "account_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_invitations_account_idx" ON "account_invitations" USING btree ("account_id","email");
