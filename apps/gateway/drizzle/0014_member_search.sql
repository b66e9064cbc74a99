-- Trigram indexes for the `%text%` searches (docs/benchmarks.md, "Searches with a trigram
-- index"); pg_trgm is a contrib extension trusted since PostgreSQL 13, and PGlite loads it
-- (database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What a member search matches: the unit, then each voter's name and e-mail, one per line. A
-- search text holds no control character (the URL guard refuses one), so no match spans two
-- fields. Volatile: its query reads the voters committed when it runs, so of two transactions
-- changing one member's voters the later one, which waits for the member row, sees both.
CREATE FUNCTION "member_search_text"(uuid, text) RETURNS text LANGUAGE sql VOLATILE AS $$
	SELECT $2 || coalesce(string_agg(E'\n' || v.name || E'\n' || v.email, '' ORDER BY v.id), '')
	FROM voters v WHERE v.member_id = $1
$$;
--> statement-breakpoint
-- A new member has no voters yet (they reference it); a renamed unit keeps its voters.
CREATE FUNCTION "members_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		NEW.search_text := NEW.unit;
	ELSE
		NEW.search_text := member_search_text(NEW.id, NEW.unit);
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "members_search_text" BEFORE INSERT OR UPDATE OF "unit" ON "members"
	FOR EACH ROW EXECUTE FUNCTION "members_search_text"();
--> statement-breakpoint
-- Voters inserted or deleted: once a statement, for the members they belong to (an import
-- inserts hundreds a statement).
CREATE FUNCTION "voters_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE members SET search_text = member_search_text(id, unit)
	WHERE id IN (SELECT DISTINCT member_id FROM changed);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "voters_search_text_insert" AFTER INSERT ON "voters"
	REFERENCING NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION "voters_search_text"();
--> statement-breakpoint
CREATE TRIGGER "voters_search_text_delete" AFTER DELETE ON "voters"
	REFERENCING OLD TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION "voters_search_text"();
--> statement-breakpoint
-- A voter renamed, re-addressed or moved: per row, and only then (check-ins, presence and
-- invitations update voters often and leave these columns alone).
CREATE FUNCTION "voter_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE members SET search_text = member_search_text(id, unit)
	WHERE id IN (OLD.member_id, NEW.member_id);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "voters_search_text_update" AFTER UPDATE OF "name", "email", "member_id" ON "voters"
	FOR EACH ROW
	WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
		OR OLD.member_id IS DISTINCT FROM NEW.member_id)
	EXECUTE FUNCTION "voter_search_text"();
--> statement-breakpoint
UPDATE "members" SET "search_text" = member_search_text("id", "unit");--> statement-breakpoint
CREATE INDEX "members_search_text_trgm_idx" ON "members" USING gin ("search_text" gin_trgm_ops);
