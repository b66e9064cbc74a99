-- The report's and the big screen's languages (docs/i18n.md, "The report and the big screen").
ALTER TABLE "meetings" ADD COLUMN "display_languages" text DEFAULT 'primary' NOT NULL;
