CREATE TABLE "meeting_early_voting_extensions" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"original_expiry_date" timestamp with time zone NOT NULL,
	"extended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_authorization_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text NOT NULL,
	"code_challenge" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"redirect_uris" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_id" uuid,
	"scope" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_early_voting_extensions" ADD CONSTRAINT "meeting_early_voting_extensions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_authorization_codes" ADD CONSTRAINT "partner_authorization_codes_client_id_partner_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."partner_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_authorization_codes" ADD CONSTRAINT "partner_authorization_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_grants" ADD CONSTRAINT "partner_grants_client_id_partner_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."partner_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_grants" ADD CONSTRAINT "partner_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_grants" ADD CONSTRAINT "partner_grants_code_id_partner_authorization_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."partner_authorization_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_tokens" ADD CONSTRAINT "partner_tokens_grant_id_partner_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."partner_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_authorization_codes_hash_key" ON "partner_authorization_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "partner_grants_code_idx" ON "partner_grants" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "partner_grants_user_idx" ON "partner_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_tokens_hash_key" ON "partner_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "partner_tokens_grant_idx" ON "partner_tokens" USING btree ("grant_id");--> statement-breakpoint
-- Campaign status `extended`: expiry_date moved later once early voting had opened (invites
-- sent, a ballot recorded, or the old expiry already reached). updated_at is the writer's clock.
CREATE FUNCTION "record_early_voting_extension"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.expiry_date IS NOT NULL AND NEW.expiry_date > OLD.expiry_date AND (
		OLD.expiry_date <= NEW.updated_at
		OR EXISTS (SELECT 1 FROM voters v WHERE v.meeting_id = NEW.id AND v.last_invite_date IS NOT NULL)
		OR EXISTS (SELECT 1 FROM ballots b JOIN matters m ON m.id = b.matter_id WHERE m.meeting_id = NEW.id)
	) THEN
		INSERT INTO meeting_early_voting_extensions (meeting_id, original_expiry_date, extended_at)
		VALUES (NEW.id, OLD.expiry_date, NEW.updated_at)
		ON CONFLICT (meeting_id) DO UPDATE SET extended_at = EXCLUDED.extended_at;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "meetings_early_voting_extension" AFTER UPDATE OF "expiry_date" ON "meetings"
	FOR EACH ROW EXECUTE FUNCTION "record_early_voting_extension"();
