CREATE TABLE "usage_versions" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_versions" ADD CONSTRAINT "usage_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whoever writes what prices an account's days (the importer, the CLI, the API, a person with psql) raises
-- its usage version: statement-level triggers with transition tables, so a batch of day rows costs one
-- statement. The join with accounts skips accounts deleted by the same statement (cascades).
CREATE FUNCTION "raise_usage_version_by_nmi"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT "id" FROM "accounts" WHERE "nmi" IN (SELECT "nmi" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "raise_usage_version_by_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT "id" FROM "accounts" WHERE "id" IN (SELECT "account_id" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "raise_usage_version_by_tariff"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "usage_versions" ("account_id")
  SELECT DISTINCT "account_id" FROM "account_tariffs" WHERE "tariff_code" IN (SELECT "code" FROM "changed_rows")
  ON CONFLICT ("account_id") DO UPDATE SET "version" = "usage_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "meter_reads_inserted" AFTER INSERT ON "meter_reads" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_nmi"();
--> statement-breakpoint
CREATE TRIGGER "meter_reads_updated" AFTER UPDATE ON "meter_reads" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_nmi"();
--> statement-breakpoint
CREATE TRIGGER "meter_reads_deleted" AFTER DELETE ON "meter_reads" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_nmi"();
--> statement-breakpoint
CREATE TRIGGER "account_tariffs_inserted" AFTER INSERT ON "account_tariffs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_account"();
--> statement-breakpoint
CREATE TRIGGER "account_tariffs_updated" AFTER UPDATE ON "account_tariffs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_account"();
--> statement-breakpoint
CREATE TRIGGER "account_tariffs_deleted" AFTER DELETE ON "account_tariffs" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_account"();
--> statement-breakpoint
CREATE TRIGGER "tariffs_updated" AFTER UPDATE ON "tariffs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_tariff"();
--> statement-breakpoint
CREATE TRIGGER "happy_hours_slots_inserted" AFTER INSERT ON "happy_hours_slots" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_account"();
--> statement-breakpoint
CREATE TRIGGER "happy_hours_slots_updated" AFTER UPDATE ON "happy_hours_slots" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_account"();
--> statement-breakpoint
CREATE TRIGGER "happy_hours_slots_deleted" AFTER DELETE ON "happy_hours_slots" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "raise_usage_version_by_account"();
